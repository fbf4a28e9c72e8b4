import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/harness.ts';
import { encodeMetadata, fileUploadStudio, uploadedClip } from '../video-library/video-library.fixtures.ts';
import { pathOf, tus, uploadFileIn } from './uploads.fixtures.ts';

const { studio, admin } = fileUploadStudio();
let video: Buffer;
beforeAll(async () => {
  video = await uploadedClip();
});

const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('base64');
const uploadFile = (location: string) => uploadFileIn(studio.dataDir, location);

async function create(length: number): Promise<string> {
  const created = await studio.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: {
      ...bearer(admin.access),
      ...tus,
      'upload-length': String(length),
      'upload-metadata': encodeMetadata({ filename: 'keynote.mp4', filetype: 'video/mp4' }),
    },
  });
  expect(created.statusCode).toBe(201);
  return created.headers.location as string;
}
const patch = (location: string, offset: number, body: Buffer, checksum?: string) =>
  studio.app.inject({
    method: 'PATCH',
    url: pathOf(location),
    headers: {
      ...bearer(admin.access),
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(checksum ? { 'upload-checksum': checksum } : {}),
    },
    payload: body,
  });
const offsetOf = async (location: string) =>
  (
    await studio.app.inject({
      method: 'HEAD',
      url: pathOf(location),
      headers: { ...bearer(admin.access), ...tus },
    })
  ).headers['upload-offset'];

describe('tus checksum extension', () => {
  it('advertises checksum and its algorithms', async () => {
    const options = await studio.app.inject({ method: 'OPTIONS', url: '/api/uploads/' });
    expect(options.statusCode).toBe(204);
    expect(String(options.headers['tus-extension']).split(',')).toContain('checksum');
    expect(String(options.headers['tus-checksum-algorithm']).split(',')).toEqual(
      expect.arrayContaining(['sha1', 'sha256']),
    );
    expect(String(options.headers['access-control-allow-headers'])).toContain('Upload-Checksum');
  });

  it('takes chunks whose checksum matches (sha1, sha256)', async () => {
    const location = await create(video.length);
    const cut = 20_000;
    const first = await patch(
      location,
      0,
      video.subarray(0, cut),
      `sha1 ${digest('sha1', video.subarray(0, cut))}`,
    );
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(cut));
    const rest = await patch(
      location,
      cut,
      video.subarray(cut),
      `sha256 ${digest('sha256', video.subarray(cut))}`,
    );
    expect(rest.statusCode).toBe(204);
    expect((await readFile(uploadFile(location))).equals(video)).toBe(true);
  });

  it('answers 460 to a mismatching chunk, keeps none of it, and takes it again when sent right', async () => {
    const location = await create(video.length);
    const cut = 30_000;
    expect(
      (await patch(location, 0, video.subarray(0, cut), `sha1 ${digest('sha1', video.subarray(0, cut))}`))
        .statusCode,
    ).toBe(204);

    const corrupted = Buffer.from(video.subarray(cut));
    corrupted[1000] = corrupted[1000]! ^ 0xff;
    const mismatch = await patch(location, cut, corrupted, `sha1 ${digest('sha1', video.subarray(cut))}`);
    expect(mismatch.statusCode).toBe(460);
    expect(mismatch.body).toContain('Checksum Mismatch');
    expect(await offsetOf(location)).toBe(String(cut));
    expect((await stat(uploadFile(location))).size).toBe(cut);
    const row = await studio.database.db
      .selectFrom('uploads')
      .select(['completed_at', 'lock_holder'])
      .where('id', '=', location.split('/').at(-1)!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ completed_at: null, lock_holder: null });

    const resent = await patch(
      location,
      cut,
      video.subarray(cut),
      `sha1 ${digest('sha1', video.subarray(cut))}`,
    );
    expect(resent.statusCode).toBe(204);
    expect(resent.headers['upload-offset']).toBe(String(video.length));
    expect((await readFile(uploadFile(location))).equals(video)).toBe(true);
  });

  it('rolls a mismatching first chunk back to nothing', async () => {
    const location = await create(video.length);
    const mismatch = await patch(
      location,
      0,
      video,
      `sha256 ${digest('sha256', Buffer.from('something else'))}`,
    );
    expect(mismatch.statusCode).toBe(460);
    expect(await offsetOf(location)).toBe('0');
    expect((await patch(location, 0, video, `sha256 ${digest('sha256', video)}`)).statusCode).toBe(204);
    expect((await readFile(uploadFile(location))).equals(video)).toBe(true);
  });

  it('refuses an algorithm it does not support, or a malformed checksum, with 400 and nothing stored', async () => {
    const location = await create(video.length);
    const unknown = await patch(location, 0, video.subarray(0, 5000), 'crc32 AAAAAA==');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'CHECKSUM_ALGORITHM_UNSUPPORTED' });
    const malformed = await patch(location, 0, video.subarray(0, 5000), 'sha1 not-base64!');
    expect(malformed.statusCode).toBe(400);
    const shortDigest = await patch(location, 0, video.subarray(0, 5000), 'sha1 AAAA');
    expect(shortDigest.statusCode).toBe(400);
    expect(await offsetOf(location)).toBe('0');
    // Without a checksum, a chunk is taken as before.
    expect((await patch(location, 0, video)).statusCode).toBe(204);
  });
});
