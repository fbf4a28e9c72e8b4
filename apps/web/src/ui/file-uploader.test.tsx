import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../testing/render-widget.tsx';
import { FileUploader } from './file-uploader.tsx';
import { fileProblem, imageProblem, matchesType, renamedFile } from './file-uploader-rules.ts';

const mp4Only = { allowedFileTypes: ['.mp4', 'video/mp4'], maxFileSize: 5_242_880_000, maxNumberOfFiles: 1 };

function sized(name: string, type: string, size: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('file uploader rules (spec 000 §5)', () => {
  it('refuses SVG files whatever else is allowed', () => {
    expect(fileProblem({ name: 'logo.svg', type: 'image/svg+xml', size: 10 }, {}, 0)).toBe(
      'SVG files are not allowed.',
    );
    expect(
      fileProblem({ name: 'LOGO.SVGZ', type: '', size: 10 }, { allowedFileTypes: ['image/*', '.svgz'] }, 0),
    ).toBe('SVG files are not allowed.');
  });

  it('checks type, the 50 MB default size, the configured size and the number of files', () => {
    expect(fileProblem({ name: 'talk.mov', type: 'video/quicktime', size: 10 }, mp4Only, 0)).toBe(
      'You can only upload: .mp4, video/mp4',
    );
    expect(fileProblem({ name: 'talk.mp4', type: 'video/mp4', size: 5_242_880_001 }, mp4Only, 0)).toMatch(
      /exceeds maximum allowed size of 4.9 GB/,
    );
    expect(fileProblem({ name: 'talk.mp4', type: 'video/mp4', size: 5_242_880_000 }, mp4Only, 0)).toBeNull();
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 52_428_801 }, {}, 0)).toMatch(/50 MB/);
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 52_428_800 }, {}, 0)).toBeNull();
    expect(fileProblem({ name: 'b.png', type: 'image/png', size: 1 }, {}, 1)).toBe(
      'You can only upload 1 file',
    );
    expect(fileProblem({ name: 'b.png', type: 'image/png', size: 1 }, { maxNumberOfFiles: 3 }, 2)).toBeNull();
    expect(matchesType({ name: 'x.JPG', type: 'image/jpeg' }, ['image/*'])).toBe(true);
  });

  it('renames to a random id keeping the extension, or replaces spaces with underscores', () => {
    expect(renamedFile('My talk final.mp4', 'underscores')).toBe('My_talk_final.mp4');
    expect(renamedFile('My talk.mp4', 'random-id', () => 'f3a9')).toBe('f3a9.mp4');
    expect(renamedFile('README', 'random-id', () => 'f3a9')).toBe('f3a9');
    expect(renamedFile('As is.mp4', undefined)).toBe('As is.mp4');
  });

  it('checks an image by exact ratio, ratio range or maximum size, answering the configured message', () => {
    const message = 'Please upload a 1920x1080 image.';
    expect(imageProblem({ width: 1920, height: 1080 }, { aspectRatio: 16 / 9, message })).toBeNull();
    expect(imageProblem({ width: 1000, height: 1000 }, { aspectRatio: 16 / 9, message })).toBe(message);
    expect(
      imageProblem({ width: 1200, height: 1000 }, { aspectRatioRange: { min: 1, max: 1.5 }, message }),
    ).toBeNull();
    expect(
      imageProblem({ width: 2000, height: 1000 }, { aspectRatioRange: { min: 1, max: 1.5 }, message }),
    ).toBe(message);
    expect(imageProblem({ width: 1921, height: 1080 }, { maxWidth: 1920, maxHeight: 1080, message })).toBe(
      message,
    );
    expect(imageProblem({ width: 1920, height: 1080 }, undefined)).toBeNull();
  });
});

describe('FileUploader', () => {
  const typist = () => userEvent.setup({ applyAccept: false, delay: null });
  const input = () => document.querySelector('input[type=file]') as HTMLInputElement;

  it('refuses an SVG, another type, a file too large and a failed check before anything is sent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const check = vi.fn(() => Promise.resolve({ ok: false as const, message: 'video is too short.' }));
    const onUploaded = vi.fn(() => Promise.resolve());
    renderWidget(
      <FileUploader
        endpoint="/api/uploads/"
        config={{ ...mp4Only, maxNumberOfFiles: 5 }}
        check={check}
        onUploaded={onUploaded}
      />,
    );
    await typist().upload(input(), [
      new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['x'], 'talk.mov', { type: 'video/quicktime' }),
      sized('huge.mp4', 'video/mp4', 5_242_880_001),
      new File(['x'], 'tiny.mp4', { type: 'video/mp4' }),
    ]);
    expect(await screen.findByText('SVG files are not allowed.')).toBeTruthy();
    expect(screen.getByText('You can only upload: .mp4, video/mp4')).toBeTruthy();
    expect(screen.getByText(/huge.mp4 exceeds maximum allowed size/)).toBeTruthy();
    expect(await screen.findByText('video is too short.')).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('group', { name: 'Upload of tiny.mp4' }).getAttribute('data-phase')).toBe(
      'rejected',
    );
    expect(onUploaded).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('takes one file unless configured otherwise', async () => {
    const check = vi.fn(() => new Promise<never>(() => undefined));
    renderWidget(
      <FileUploader
        endpoint="/api/uploads/"
        config={{ allowedFileTypes: ['.mp4'] }}
        check={check}
        onUploaded={() => Promise.resolve()}
      />,
    );
    expect(input().multiple).toBe(false);
    await typist().upload(input(), new File(['x'], 'one.mp4', { type: 'video/mp4' }));
    await typist().upload(input(), new File(['x'], 'two.mp4', { type: 'video/mp4' }));
    expect(await screen.findByText('You can only upload 1 file')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Upload of one.mp4' }).getAttribute('data-phase')).toBe(
        'checking',
      ),
    );
  });

  it('reports being busy while a file is checked', async () => {
    const onBusyChange = vi.fn();
    let finishCheck: (value: { ok: false; message: string }) => void = () => undefined;
    const check = () => new Promise<{ ok: false; message: string }>((resolve) => (finishCheck = resolve));
    renderWidget(
      <FileUploader
        endpoint="/api/uploads/"
        config={mp4Only}
        check={check}
        onUploaded={() => Promise.resolve()}
        onBusyChange={onBusyChange}
      />,
    );
    await typist().upload(input(), new File(['x'], 'clip.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true));
    finishCheck({ ok: false, message: 'video is too short.' });
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false));
  });
});
