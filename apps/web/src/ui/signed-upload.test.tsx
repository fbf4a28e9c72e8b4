import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { filesMessages } from '@studio/domain';
import { decodeImagesAs, squareOrWide } from '../testing/browser-files.ts';
import { renderWidget } from '../testing/render-widget.tsx';
import { FileUploader } from './file-uploader.tsx';
import type { SignedUploadTarget } from './signed-upload.ts';

const typist = () => userEvent.setup({ applyAccept: false, delay: null });
const input = () => document.querySelector('input[type=file]') as HTMLInputElement;
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

function target(put: SignedUploadTarget['put']) {
  let issued = 0;
  const request = vi.fn((call: { body?: unknown }) => {
    issued += 1;
    const { key } = call.body as { key: string };
    return Promise.resolve({
      url: `http://studio.test/api/files/upload/?n=${issued}`,
      key: `files/org/${key}`,
      content_url: `http://studio.test/api/files/org/${key}`,
    });
  });
  const wait = vi.fn(() => Promise.resolve());
  return {
    api: { request } as unknown as SignedUploadTarget['api'],
    request,
    put,
    wait,
    scope: 'organization',
  };
}

describe('FileUploader through a signed URL (spec 000 §5, 001 §7)', () => {
  it('renames the file, asks for a URL with the JSON client, PUTs the bytes and hands over the content URL', async () => {
    const put = vi.fn(() => Promise.resolve(new Response(null, { status: 201 })));
    const signed = target(put);
    const onUploaded = vi.fn(() => Promise.resolve());
    renderWidget(<FileUploader signed={signed} config={{ rename: 'underscores' }} onUploaded={onUploaded} />);
    await typist().upload(input(), png('my logo.png'));

    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(signed.request).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'POST',
        path: '/core/files/signed_url/',
        body: { key: 'organization/my_logo.png', file_type: 'image/png', preset: 'image' },
      }),
    );
    expect(put).toHaveBeenCalledWith(
      'http://studio.test/api/files/upload/?n=1',
      expect.objectContaining({ method: 'PUT', signal: expect.any(AbortSignal) as unknown }),
    );
    expect(onUploaded).toHaveBeenCalledWith(
      expect.objectContaining({
        name: 'my_logo.png',
        uploadURL: 'http://studio.test/api/files/org/organization/my_logo.png',
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Upload of my_logo.png' }).getAttribute('data-phase')).toBe(
        'done',
      ),
    );
  });

  it('retries 3 times, then fails with File Upload Failed', async () => {
    const put = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    const signed = target(put);
    const onFailed = vi.fn();
    renderWidget(<FileUploader signed={signed} onUploaded={() => Promise.resolve()} onFailed={onFailed} />);
    await typist().upload(input(), png('logo.png'));

    expect(await screen.findByText(filesMessages.uploadFailed)).toBeTruthy();
    expect(put).toHaveBeenCalledTimes(4);
    expect(signed.wait.mock.calls).toEqual([[1000], [3000], [5000]]);
    expect(onFailed).toHaveBeenCalledWith({ name: 'logo.png' }, 'File Upload Failed');

    put.mockResolvedValue(new Response(null, { status: 201 }));
    await typist().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Upload of logo.png' }).getAttribute('data-phase')).toBe(
        'done',
      ),
    );
  });

  it('succeeds on a retry after a failed attempt', async () => {
    const put = vi
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(new Response(null, { status: 201 }));
    const onUploaded = vi.fn(() => Promise.resolve());
    renderWidget(<FileUploader signed={target(put)} onUploaded={onUploaded} />);
    await typist().upload(input(), png('logo.png'));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(put).toHaveBeenCalledTimes(2);
  });

  it("shows the server's refusal of the file without retrying", async () => {
    const message = 'SVG files are not allowed.';
    const put = vi.fn(() =>
      Promise.resolve(Response.json({ message, code: 'SVG_NOT_ALLOWED' }, { status: 415 })),
    );
    renderWidget(<FileUploader signed={target(put)} onUploaded={() => Promise.resolve()} />);
    await typist().upload(input(), png('logo.png'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('checks the image against its rule before anything is sent', async () => {
    decodeImagesAs(squareOrWide);
    const put = vi.fn(() => Promise.resolve(new Response(null, { status: 201 })));
    const signed = target(put);
    const message = 'The aspect ratio of your upload should match 1920x1080 (16:9) aspect ratio.';
    renderWidget(
      <FileUploader
        signed={signed}
        config={{ image: { aspectRatio: 16 / 9, message } }}
        onUploaded={() => Promise.resolve()}
      />,
    );
    await typist().upload(input(), png('square.png'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(signed.request).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    await typist().upload(input(), png('wide.png'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
  });
});
