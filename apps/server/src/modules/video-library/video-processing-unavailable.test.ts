import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useMediaBinaries, VIDEO_PROCESSING_UNAVAILABLE } from '@studio/media';
import { bearer } from '../../../test/harness.ts';
import {
  encodeMetadata,
  storageOf,
  tusUpload,
  fileUploadStudio,
  uploadedClip,
} from './video-library.fixtures.ts';

const { studio, admin } = fileUploadStudio();
let video: Buffer;
beforeAll(async () => {
  video = await uploadedClip();
});
// Back to the system's binaries (this file's process only).
afterEach(() => useMediaBinaries({}));

const createUpload = (metadata: Record<string, string>, length: number) =>
  studio.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: {
      ...bearer(admin.access),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': encodeMetadata(metadata),
    },
  });
const createAsset = (uploaded: string) =>
  studio.app.inject({
    method: 'POST',
    url: '/api/core/video_assets/',
    headers: bearer(admin.access),
    payload: {
      name: 'Keynote',
      organization: admin.organization.id,
      asset_type: 'VIDEO',
      uploaded,
      duration: 2,
    },
  });

describe('without a working ffmpeg or ffprobe', () => {
  it.each([
    ['a missing ffmpeg', { ffmpeg: '/nowhere/ffmpeg' }],
    ['a missing ffprobe', { ffprobe: '/nowhere/ffprobe' }],
    ['a broken ffmpeg', { ffmpeg: '/bin/false' }],
  ])(
    'with %s, refuses new library videos with what to install, and serves everything else',
    async (_name, paths) => {
      // An upload finished while video could still be processed.
      const uploaded = await tusUpload(studio, admin.access, video);
      useMediaBinaries(paths);

      const creation = await createUpload({ filename: 'keynote.mp4', filetype: 'video/mp4' }, video.length);
      expect(creation.statusCode).toBe(422);
      expect(creation.json()).toMatchObject({
        code: 'VIDEO_PROCESSING_UNAVAILABLE',
        message: VIDEO_PROCESSING_UNAVAILABLE,
      });
      expect(VIDEO_PROCESSING_UNAVAILABLE).toMatch(/install ffmpeg/);
      const asset = await createAsset(uploaded);
      expect(asset.statusCode).toBe(422);
      expect(asset.json()).toMatchObject({
        code: 'VIDEO_PROCESSING_UNAVAILABLE',
        message: VIDEO_PROCESSING_UNAVAILABLE,
      });
      expect(await storageOf(studio).list('videos/')).toEqual([]);

      // Everything else is served: the library, images, health.
      expect((await studio.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const list = await studio.app.inject({
        method: 'GET',
        url: '/api/core/video_assets/',
        headers: bearer(admin.access),
      });
      expect(list.statusCode).toBe(200);
      expect(
        (await createUpload({ filename: 'logo.png', filetype: 'image/png', kind: 'image' }, 100)).statusCode,
      ).toBe(201);

      // Once ffmpeg works again (the studio restarted with it), the same upload becomes a video.
      useMediaBinaries({});
      expect((await createAsset(uploaded)).statusCode).toBe(201);
    },
  );
});
