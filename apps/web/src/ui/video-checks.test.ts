import { notificationsStore } from '@mantine/notifications';
import type { VideoAsset } from '@studio/domain';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../testing/fake-studio-api.ts';
import { judgeVideo, videoCheckMessages, type VideoProbe } from './video-checks.ts';
import { finishLibraryUpload, LIBRARY_UPLOAD_CONFIG, videoNameOf } from './upload-video-dialog.tsx';
import { fileProblem } from './file-uploader-rules.ts';
import { videoAsset } from './video-asset-fixture.ts';

function probe(duration: number, frame: Blob | Error = new Blob(['jpeg'], { type: 'image/jpeg' })) {
  const frameAt = vi.fn(() => (frame instanceof Error ? Promise.reject(frame) : Promise.resolve(frame)));
  const close = vi.fn();
  const fake: VideoProbe = { duration: () => Promise.resolve(duration), frameAt, close };
  return { fake, frameAt, close };
}

describe('browser checks of a library video (spec 000 §5, 002 §5.10)', () => {
  it('takes the thumbnail at 1 s as JPEG quality 0.75 and keeps the duration', async () => {
    const { fake, frameAt, close } = probe(3.2);
    const result = await judgeVideo(fake);
    expect(result).toMatchObject({ ok: true, value: { duration: 3.2 } });
    expect(frameAt).toHaveBeenCalledWith(1, 0.75);
    expect(close).toHaveBeenCalled();
  });

  it("refuses a video shorter than 1 s with 'video is too short.'", async () => {
    expect(await judgeVideo(probe(0.99).fake)).toEqual({ ok: false, message: 'video is too short.' });
    expect(await judgeVideo(probe(1).fake)).toMatchObject({ ok: true });
  });

  it('refuses an unreadable duration or a failed thumbnail', async () => {
    expect(await judgeVideo(probe(Number.NaN).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.invalidDuration,
    });
    expect(await judgeVideo(probe(Number.POSITIVE_INFINITY).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.invalidDuration,
    });
    expect(await judgeVideo(probe(5, new Error('decode')).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.thumbnailFailed,
    });
    expect(await judgeVideo(probe(5, new Blob([])).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.thumbnailFailed,
    });
  });

  it('falls back to the mp4 index when the browser cannot decode the video; the server takes the thumbnail', async () => {
    const undecodable = (index: number | null, duration = Number.NaN) => {
      const { fake, frameAt } = probe(duration, new Error('decode'));
      return { fake: { ...fake, indexDuration: () => Promise.resolve(index) }, frameAt };
    };
    const mpeg4Part2 = undecodable(12);
    expect(await judgeVideo(mpeg4Part2.fake)).toEqual({ ok: true, value: { duration: 12, thumbnail: null } });
    expect(mpeg4Part2.frameAt).not.toHaveBeenCalled();
    // Metadata read but no frame drawn: the index still vouches for an mp4.
    expect(await judgeVideo(undecodable(5, 5).fake)).toEqual({
      ok: true,
      value: { duration: 5, thumbnail: null },
    });
    // Not an mp4, no readable index, or too short: refused as before.
    expect(await judgeVideo(undecodable(null).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.invalidDuration,
    });
    expect(await judgeVideo(undecodable(0.5).fake)).toEqual({ ok: false, message: 'video is too short.' });
    expect(await judgeVideo(undecodable(null, 5).fake)).toEqual({
      ok: false,
      message: videoCheckMessages.thumbnailFailed,
    });
  });

  it('accepts only mp4 files up to 5,242,880,000 bytes', () => {
    expect(
      fileProblem({ name: 'a.mp4', type: 'video/mp4', size: 5_242_880_000 }, LIBRARY_UPLOAD_CONFIG, 0),
    ).toBeNull();
    expect(
      fileProblem({ name: 'a.mp4', type: 'video/mp4', size: 5_242_880_001 }, LIBRARY_UPLOAD_CONFIG, 0),
    ).not.toBeNull();
    expect(
      fileProblem({ name: 'a.webm', type: 'video/webm', size: 10 }, LIBRARY_UPLOAD_CONFIG, 0),
    ).not.toBeNull();
    expect(videoNameOf('Opening keynote.mp4')).toBe('Opening keynote');
  });
});

describe('after the upload (spec 000 §4 "After upload")', () => {
  const upload = {
    file: new File(['x'], 'Keynote.mp4', { type: 'video/mp4' }),
    name: 'Keynote.mp4',
    uploadURL: 'http://localhost/api/uploads/0123456789abcdef0123456789abcdef',
    checked: { duration: 3, thumbnail: new Blob(['jpeg'], { type: 'image/jpeg' }) },
  };
  const submitted = () => json(200, { id: 'v-1', transcode_status: 'SUBMITTED', message: 'ok' });
  /**
   * The library's server for one upload: the asset created (201, `created` over asset v-1), then
   * the start of its transcoding answered `transcoding`; the calls made, in order.
   */
  function libraryServer(created: Partial<VideoAsset> = {}, transcoding = submitted) {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit) => {
        calls.push({ url, init });
        return Promise.resolve(
          url === '/api/core/video_assets/'
            ? json(201, videoAsset({ id: 'v-1', ...created }))
            : transcoding(),
        );
      }),
    );
    return calls;
  }
  const formFields = (call: { init: RequestInit }) =>
    Object.fromEntries(
      [...(call.init.body as FormData).entries()].filter(([, value]) => typeof value === 'string'),
    );
  const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

  it('creates the asset with a form body, starts transcoding and says so', async () => {
    const calls = libraryServer();
    await finishLibraryUpload(upload, { organization: 'org-1', workspace: null });
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['POST', '/api/core/video_assets/'],
      ['POST', '/api/core/video_assets/v-1/transcode/'],
    ]);
    expect(new Headers(calls[0]!.init.headers).has('Content-Type')).toBe(false);
    expect(formFields(calls[0]!)).toEqual({
      name: 'Keynote',
      organization: 'org-1',
      asset_type: 'VIDEO',
      uploaded: upload.uploadURL,
      duration: '3',
    });
    expect(((calls[0]!.init.body as FormData).get('thumbnail_to_upload') as File).name).toBe('thumbnail.jpg');
    expect(toasts()).toContain('Video is uploaded and is being processed...');
  });

  it('imports into Content Lab as a Content Lab upload of the caller, answering the status transcoding left', async () => {
    const calls = libraryServer({ source: 'CL_UPLOAD', transcode_status: null });
    const imported = await finishLibraryUpload(upload, { source: 'CL_UPLOAD' });
    expect(formFields(calls[0]!)).toEqual({
      name: 'Keynote',
      asset_type: 'VIDEO',
      uploaded: upload.uploadURL,
      duration: '3',
      source: 'CL_UPLOAD',
    });
    expect(imported).toMatchObject({ id: 'v-1', source: 'CL_UPLOAD', transcode_status: 'SUBMITTED' });
  });

  it("says 'Unable to start video transcoding...' when transcoding cannot start", async () => {
    libraryServer({}, () => json(409, { message: 'busy', code: 'ALREADY_TRANSCODING' }));
    await expect(finishLibraryUpload(upload, { organization: 'org-1', workspace: null })).rejects.toThrow();
    expect(toasts()).toContain('Unable to start video transcoding...');
  });
});
