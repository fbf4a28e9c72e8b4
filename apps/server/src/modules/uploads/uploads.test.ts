import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganization } from '../../../test/harness.ts';
import { startLocalS3 } from '../../platform/storage/s3rver.fixtures.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';
import { newAdmin, newApiToken, newAutomationAdmin, newMember } from '../access/access.fixtures.ts';
import {
  clip,
  createMediaStudio,
  encodeMetadata,
  storageOf,
  fileUploadStudio,
  uploadedClip,
} from '../video-library/video-library.fixtures.ts';
import { createUploadsRepository } from './uploads.repository.ts';
import { createUploadsService } from './uploads.service.ts';
import { apiNodesOf, octets, pathOf, tus, tusCall, uploadFileIn, type TusCall } from './uploads.fixtures.ts';

const { studio, admin } = fileUploadStudio();
let video: Buffer;
beforeAll(async () => {
  video = await uploadedClip();
});

const mp4Metadata = encodeMetadata({ filename: 'keynote.mp4', filetype: 'video/mp4' });

async function create(access: string, length: number, metadata = mp4Metadata) {
  return studio.app.inject({
    method: 'POST',
    url: '/api/uploads/',
    headers: { ...bearer(access), ...tus, 'upload-length': String(length), 'upload-metadata': metadata },
  });
}
const patch = (access: string, location: string, offset: number, body: Buffer) =>
  studio.app.inject({
    method: 'PATCH',
    url: pathOf(location),
    headers: {
      ...bearer(access),
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });
const head = (access: string, location: string) =>
  studio.app.inject({ method: 'HEAD', url: pathOf(location), headers: { ...bearer(access), ...tus } });
const uploadFile = (location: string) => uploadFileIn(studio.dataDir, location);

describe('resumable uploads (tus)', () => {
  it('gives a session a root-relative Location (any studio address) and an API token an absolute PUBLIC_URL one', async () => {
    const owner = await newAutomationAdmin(studio, 'Upload Locations');
    const token = await newApiToken(studio, owner.access);
    const bySession = await create(owner.access, video.length);
    expect(bySession.statusCode, bySession.body).toBe(201);
    expect(bySession.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    const byToken = await create(token.token, video.length);
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(byToken.headers.location).toMatch(/^http:\/\/studio\.test\/api\/uploads\/[0-9a-f]{32}$/);
    // Either goes on where it was made.
    for (const location of [bySession.headers.location as string, byToken.headers.location as string])
      expect((await patch(owner.access, location, 0, video)).statusCode).toBe(204);
  });

  it('creates an upload, takes it in pieces, reports its offset and expiry, and keeps the bytes as sent', async () => {
    const created = await create(admin.access, video.length);
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/);
    expect(created.headers['upload-expires']).toBeTruthy();
    const location = created.headers.location as string;
    const cut = 20_000;
    expect((await patch(admin.access, location, 0, video.subarray(0, cut))).statusCode).toBe(204);
    const midway = await head(admin.access, location);
    expect(midway.headers['upload-offset']).toBe(String(cut));
    expect(midway.headers['upload-length']).toBe(String(video.length));
    expect((await patch(admin.access, location, cut + 1, video.subarray(cut + 1))).statusCode).toBe(409);
    expect((await patch(admin.access, location, cut, video.subarray(cut))).statusCode).toBe(204);
    expect((await readFile(uploadFile(location))).equals(video)).toBe(true);
    const row = await studio.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', pathOf(location).split('/').at(-1)!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      organization_id: admin.organization.id,
      kind: 'video',
      filename: 'keynote.mp4',
    });
    expect(row.completed_at).toBeInstanceOf(Date);
  });

  it('refuses a file over 5,242,880,000 bytes when the upload is created, before storing anything', async () => {
    const before = await readdir(path.join(localMediaRoot(studio.dataDir), 'uploads'));
    const rows = await studio.database.db.selectFrom('uploads').select('id').execute();
    const tooBig = await create(admin.access, 5_242_880_001);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await readdir(path.join(localMediaRoot(studio.dataDir), 'uploads'))).toEqual(before);
    expect(await studio.database.db.selectFrom('uploads').select('id').execute()).toEqual(rows);
    expect((await create(admin.access, 5_242_880_000)).statusCode).toBe(201);
    const deferred = await studio.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...bearer(admin.access), ...tus, 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(400);
  });

  it('refuses SVG by name, by type and by content, and anything but MP4 for the library', async () => {
    const svgName = await create(
      admin.access,
      100,
      encodeMetadata({ filename: 'logo.svg', filetype: 'image/svg+xml' }),
    );
    expect(svgName.statusCode).toBe(415);
    expect(svgName.json()).toEqual({ code: 'SVG_NOT_ALLOWED', message: 'SVG files are not allowed.' });
    expect(
      (
        await create(
          admin.access,
          100,
          encodeMetadata({ filename: 'movie.mov', filetype: 'video/quicktime' }),
        )
      ).statusCode,
    ).toBe(415);

    const svg = Buffer.from(
      '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const disguised = await create(admin.access, svg.length);
    const refused = await patch(admin.access, disguised.headers.location as string, 0, svg);
    expect(refused.statusCode).toBe(415);
    expect(JSON.parse(refused.body)).toEqual({
      code: 'SVG_NOT_ALLOWED',
      message: 'SVG files are not allowed.',
    });
    expect((await head(admin.access, disguised.headers.location as string)).statusCode).toBe(404);

    const mkv = await readFile(await clip('matroska.mkv'));
    const notMp4 = await create(admin.access, mkv.length);
    const wrong = await patch(admin.access, notMp4.headers.location as string, 0, mkv);
    expect(wrong.statusCode).toBe(415);
    expect(JSON.parse(wrong.body)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });

    // A first piece too small to tell is checked again when the upload finishes.
    const tiny = await create(admin.access, svg.length);
    expect(
      (await patch(admin.access, tiny.headers.location as string, 0, svg.subarray(0, 5))).statusCode,
    ).toBe(204);
    expect((await patch(admin.access, tiny.headers.location as string, 5, svg.subarray(5))).statusCode).toBe(
      415,
    );
  });

  it('scopes uploads to their organisation and needs the video permission', async () => {
    const created = await create(admin.access, video.length);
    const location = created.headers.location as string;
    const outsider = await newAdmin(studio, 'Elsewhere');
    expect((await head(outsider.access, location)).statusCode).toBe(404);
    expect((await patch(outsider.access, location, 0, video)).statusCode).toBe(404);
    expect(
      (
        await studio.app.inject({
          method: 'DELETE',
          url: pathOf(location),
          headers: { ...bearer(outsider.access), ...tus },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await studio.app.inject({ method: 'HEAD', url: pathOf(location), headers: tus })).statusCode,
    ).toBe(401);
    const plain = await newMember(studio, admin.organization.id, null);
    expect((await create(plain.access, 10)).statusCode).toBe(403);
    expect((await head(admin.access, location)).headers['upload-offset']).toBe('0');
  });

  it('terminates an upload', async () => {
    const created = await create(admin.access, video.length);
    const location = created.headers.location as string;
    await patch(admin.access, location, 0, video.subarray(0, 1000));
    const deleted = await studio.app.inject({
      method: 'DELETE',
      url: pathOf(location),
      headers: { ...bearer(admin.access), ...tus },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await head(admin.access, location)).statusCode).toBe(404);
    expect(
      await studio.database.db
        .selectFrom('uploads')
        .select('id')
        .where('id', '=', pathOf(location).split('/').at(-1)!)
        .execute(),
    ).toEqual([]);
  });

  it('deletes abandoned uploads once they expire', async () => {
    const abandoned = (await create(admin.access, video.length)).headers.location as string;
    await patch(admin.access, abandoned, 0, video.subarray(0, 3000));
    const kept = (await create(admin.access, video.length)).headers.location as string;
    const id = pathOf(abandoned).split('/').at(-1)!;
    await studio.database.db
      .updateTable('uploads')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const uploads = createUploadsService({
      uploads: createUploadsRepository(studio.database.db),
      storage: storageOf(studio),
      settings: {
        dataDir: studio.dataDir,
        publicUrl: 'http://studio.test',
        videoMaxBytes: 5_242_880_000,
        expirationHours: 24,
      },
    });
    expect(await uploads.expire()).toBeGreaterThanOrEqual(1);
    expect((await head(admin.access, abandoned)).statusCode).toBe(404);
    await expect(readFile(uploadFile(abandoned))).rejects.toThrow();
    expect((await head(admin.access, kept)).statusCode).toBe(200);
  });
});

describe('resuming', () => {
  it('resumes after the connection drops mid-upload, byte for byte', async () => {
    await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (studio.app.server.address() as { port: number }).port;
    const body = Buffer.concat([video, randomBytes(400_000)]);
    const location = (await create(admin.access, body.length)).headers.location as string;
    // Send a third of the body, then kill the connection.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: pathOf(location),
        headers: {
          ...bearer(admin.access),
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(body.subarray(0, Math.floor(body.length / 3)), () =>
        setTimeout(() => request.destroy(), 100),
      );
    });
    let offset = 0;
    for (let tries = 0; tries < 50; tries += 1) {
      // The server may still be landing the bytes it received.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const answer = await head(admin.access, location);
      if (answer.statusCode === 200 && Number(answer.headers['upload-offset']) > 0) {
        offset = Number(answer.headers['upload-offset']);
        break;
      }
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(body.length);
    let resumed = await patch(admin.access, location, offset, body.subarray(offset));
    // A lock held by the dropped request may take a moment to drain.
    for (let tries = 0; resumed.statusCode === 423 && tries < 20; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      resumed = await patch(admin.access, location, offset, body.subarray(offset));
    }
    expect(resumed.statusCode).toBe(204);
    expect((await readFile(uploadFile(location))).equals(body)).toBe(true);
  });

  it('resumes after a server restart', async () => {
    const apiNode = apiNodesOf(studio);
    const before = await apiNode();
    const owner = await newOrganization(before, 'Restarts');
    const send = (app: typeof before, ...call: TusCall) => tusCall(app, owner.access, ...call);
    const created = await send(before, 'POST', '/api/uploads/', {
      'upload-length': String(video.length),
      'upload-metadata': mp4Metadata,
    });
    const url = pathOf(created.headers.location as string);
    expect(
      (await send(before, 'PATCH', url, { ...octets, 'upload-offset': '0' }, video.subarray(0, 25_000)))
        .statusCode,
    ).toBe(204);
    await before.close();

    const restarted = await apiNode();
    try {
      expect((await send(restarted, 'HEAD', url, {})).headers['upload-offset']).toBe('25000');
      expect(
        (await send(restarted, 'PATCH', url, { ...octets, 'upload-offset': '25000' }, video.subarray(25_000)))
          .statusCode,
      ).toBe(204);
      expect((await readFile(uploadFile(url))).equals(video)).toBe(true);
    } finally {
      await restarted.close();
    }
  });
});

describe('uploads to an S3-compatible store', () => {
  it('takes an upload in pieces and leaves the object in the bucket as sent', async () => {
    const s3 = await startLocalS3();
    const bucketStudio = await createMediaStudio({ role: 'api', s3: s3.settings });
    try {
      const owner = await newAdmin(bucketStudio);
      const send = (...call: TusCall) => tusCall(bucketStudio.app, owner.access, ...call);
      const created = await send('POST', '/api/uploads/', {
        'upload-length': String(video.length),
        'upload-metadata': mp4Metadata,
      });
      expect(created.statusCode).toBe(201);
      const url = pathOf(created.headers.location as string);
      // Parts sent to S3 cannot be taken back: no checksum extension there, and a checksum is refused.
      const options = await bucketStudio.app.inject({ method: 'OPTIONS', url: '/api/uploads/' });
      expect(String(options.headers['tus-extension']).split(',')).not.toContain('checksum');
      expect(options.headers['tus-checksum-algorithm']).toBeUndefined();
      const checksummed = await send(
        'PATCH',
        url,
        { ...octets, 'upload-offset': '0', 'upload-checksum': 'sha1 2jmj7l5rSw0yVb/vlWAYkK/YBwk=' },
        video.subarray(0, 30_000),
      );
      expect(checksummed.statusCode).toBe(400);
      expect(
        (await send('PATCH', url, { ...octets, 'upload-offset': '0' }, video.subarray(0, 30_000))).statusCode,
      ).toBe(204);
      expect((await send('HEAD', url, {})).headers['upload-offset']).toBe('30000');
      expect(
        (await send('PATCH', url, { ...octets, 'upload-offset': '30000' }, video.subarray(30_000)))
          .statusCode,
      ).toBe(204);
      const chunks: Buffer[] = [];
      for await (const chunk of (
        await storageOf(bucketStudio, s3.settings).get(`uploads/${url.split('/').at(-1)!}`)
      ).body)
        chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(video)).toBe(true);
    } finally {
      await bucketStudio.close();
      await s3.stop();
    }
  });
});
