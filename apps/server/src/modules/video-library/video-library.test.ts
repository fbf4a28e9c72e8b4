import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { streamCodecNames } from '@studio/media/testing';
import type { VideoAsset } from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { freePort } from '../../../test/listening.ts';
import { newAdmin, newMember } from '../access/access.fixtures.ts';
import {
  clip,
  createMediaStudio,
  newVideoAsset,
  removeClips,
  transcode,
  tusUpload,
  waitForStatus,
  type MediaStudio,
} from './video-library.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';

let studio: MediaStudio;
let publicUrl: string;
let admin: Awaited<ReturnType<typeof newAdmin>>;

beforeAll(async () => {
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  studio = await createMediaStudio({ publicUrl });
  await studio.app.listen({ port, host: '127.0.0.1' });
  admin = await newAdmin(studio);
});
afterAll(async () => {
  await studio.close();
  await removeClips();
});

const call = (access: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });

/** A socket of the studio, with every message it receives. */
async function openSocket(access: string) {
  const socket = new WebSocket(`${publicUrl.replace('http', 'ws')}/api/ws?token=${access}`);
  const received: { type: string; data: Record<string, unknown> }[] = [];
  socket.on('message', (data) =>
    received.push(
      JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as {
        type: string;
        data: Record<string, unknown>;
      },
    ),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    const check = setInterval(() => {
      if (received.some((message) => message.type === 'ready')) {
        clearInterval(check);
        resolve();
      }
    }, 10);
  });
  return { socket, received };
}

describe('creating and transcoding', () => {
  it('creates from a multipart form with a thumbnail, transcodes to playable HLS and an mp4 that ffprobe opens by URL', async () => {
    const uploaded = await tusUpload(studio, admin.access, await readFile(await clip('h264-aac.mp4')));
    const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1]);
    const form = new FormData();
    form.set('id', '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0');
    form.set('name', 'Opening keynote');
    form.set('organization', admin.organization.id);
    form.set('asset_type', 'VIDEO');
    form.set('uploaded', uploaded);
    form.set('duration', '2');
    form.set('thumbnail_to_upload', new Blob([thumbnail], { type: 'image/jpeg' }), 'thumb.jpg');
    const body = new Request('http://x', { method: 'POST', body: form });
    const created = await studio.app.inject({
      method: 'POST',
      url: '/api/core/video_assets/',
      headers: { ...bearer(admin.access), 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(created.statusCode, created.body).toBe(201);
    const asset = created.json<VideoAsset>();
    expect(asset).toMatchObject({
      id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
      name: 'Opening keynote',
      organization: admin.organization.id,
      workspace: null,
      source: 'UPLOAD',
      creation_type: 'UPLOADED',
      transcode_status: null,
      duration: 2,
      created_by: { id: admin.userId, first_name: 'Ada', last_name: 'Lovelace' },
      createdBy: 'Ada Lovelace',
      video_usage_count: 0,
      selectable: true,
      urls: { hls: null, mp4: null },
    });
    expect(asset.urls.thumbnail).toMatch(/\/client\/thumbnail\.jpg$/);

    const { socket, received } = await openSocket(admin.access);
    const started = await call(admin.access, 'POST', `/api/core/video_assets/${asset.id}/transcode/`);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({
      id: asset.id,
      transcode_status: 'SUBMITTED',
      message: 'Video is uploaded and is being processed...',
    });
    expect(
      (await call(admin.access, 'POST', `/api/core/video_assets/${asset.id}/transcode/`)).statusCode,
    ).toBe(409);

    const done = await waitForStatus(studio, admin.access, asset.id);
    expect(done).toMatchObject({ transcode_status: 'COMPLETE', status: 'COMPLETE', transcoder_errors: [] });
    expect(done.urls.thumbnail).toBe(asset.urls.thumbnail);
    for (const url of [done.urls.hls!, done.urls.mp4!]) {
      expect(url.startsWith(`/api/media/videos/${asset.id}/`)).toBe(true);
      expect([...new Set(await streamCodecNames(`${publicUrl}${url}`))].sort()).toEqual(['aac', 'h264']);
    }

    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    const pushed = received
      .filter((message) => message.type === 'video-asset-updated' && message.data.id === asset.id)
      .map((message) => message.data.transcode_status);
    // Browser-ready: playable straight from SUBMITTED (no PROGRESSING in between), then COMPLETE.
    expect(pushed[0]).toBe('SUBMITTED');
    expect(pushed[1]).toBe('PROCESSING_HD');
    expect(pushed).not.toContain('PROGRESSING');
    expect(pushed.at(-1)).toBe('COMPLETE');
  });

  it('makes one video of an upload sent several times at once; the others are told it is taken', async () => {
    const uploaded = await tusUpload(studio, admin.access, await readFile(await clip('h264-aac.mp4')));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call(admin.access, 'POST', '/api/core/video_assets/', {
          name: `Double click ${index}`,
          organization: admin.organization.id,
          uploaded,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400))
      expect(refused.json()).toMatchObject({ code: 'UPLOAD_IN_USE' });
  });

  it('accepts urlencoded and JSON bodies, and checks every field', async () => {
    const uploaded = await tusUpload(studio, admin.access, await readFile(await clip('h264-aac.mp4')));
    const form = new URLSearchParams({
      name: '  Panel  ',
      organization: admin.organization.id,
      asset_type: 'VIDEO',
      uploaded,
      duration: '',
    });
    const created = await studio.app.inject({
      method: 'POST',
      url: '/api/core/video_assets/',
      headers: { ...bearer(admin.access), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<VideoAsset>()).toMatchObject({ name: 'Panel', duration: null });

    const again = await call(admin.access, 'POST', '/api/core/video_assets/', {
      name: 'Twice',
      organization: admin.organization.id,
      uploaded,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'UPLOAD_IN_USE',
      errors: { uploaded: ['This upload already belongs to a video.'] },
    });
    const missing = await call(admin.access, 'POST', '/api/core/video_assets/', {
      name: 'Nothing',
      organization: admin.organization.id,
      uploaded: `${publicUrl}/api/uploads/${'0'.repeat(32)}`,
    });
    expect(missing.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const blank = await call(admin.access, 'POST', '/api/core/video_assets/', {
      name: ' ',
      organization: admin.organization.id,
      uploaded,
    });
    expect(blank.statusCode).toBe(400);
    const other = await newAdmin(studio, 'Other org');
    const foreign = await call(admin.access, 'POST', '/api/core/video_assets/', {
      name: 'X',
      organization: other.organization.id,
      uploaded,
    });
    expect(foreign.statusCode).toBe(404);
    // Another organisation cannot take this organisation's upload.
    const stolen = await call(other.access, 'POST', '/api/core/video_assets/', {
      name: 'X',
      organization: other.organization.id,
      uploaded,
    });
    expect(stolen.json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });

  it('refuses an SVG thumbnail by its content', async () => {
    const uploaded = await tusUpload(studio, admin.access, await readFile(await clip('h264-aac.mp4')));
    const form = new FormData();
    form.set('name', 'Disguised');
    form.set('organization', admin.organization.id);
    form.set('uploaded', uploaded);
    form.set(
      'thumbnail_to_upload',
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/jpeg' }),
      'thumb.jpg',
    );
    const body = new Request('http://x', { method: 'POST', body: form });
    const refused = await studio.app.inject({
      method: 'POST',
      url: '/api/core/video_assets/',
      headers: { ...bearer(admin.access), 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ message: 'SVG files are not allowed.' });
  });
});

describe('one asset', () => {
  it('renames by id and by library id, refusing blank names', async () => {
    const asset = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'));
    const renamed = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, {
      name: '  Day one  ',
    });
    expect(renamed.json<VideoAsset>().name).toBe('Day one');
    const blank = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Video name cannot be empty.',
      errors: { name: ['Video name cannot be empty.'] },
    });
    expect(
      (await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, { name: 'x'.repeat(256) }))
        .statusCode,
    ).toBe(400);

    // The video page saves the description with the name; a refused name changes nothing.
    const described = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, {
      name: 'Day one',
      description: ' Opening talk ',
    });
    expect(described.json<VideoAsset>()).toMatchObject({ name: 'Day one', description: 'Opening talk' });
    const refusedWithDescription = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, {
      name: ' ',
      description: 'Lost?',
    });
    expect(refusedWithDescription.statusCode).toBe(400);
    expect(
      (await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/`)).json<VideoAsset>().description,
    ).toBe('Opening talk');
    const cleared = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, {
      name: 'Day one',
      description: '',
    });
    expect(cleared.json<VideoAsset>().description).toBeNull();
    const unchanged = await call(admin.access, 'PATCH', `/api/core/video_assets/${asset.id}/`, {
      name: 'Day one',
    });
    expect(unchanged.json<VideoAsset>().description).toBeNull();

    // An upload is renamed by id; the library-id call is for the other sources.
    const byLibrary = await call(admin.access, 'POST', '/api/content_lab/video_library/rename/', {
      video_library_id: asset.id,
      title: 'Clip name',
    });
    expect(byLibrary.statusCode).toBe(400);
    await studio.database.db
      .updateTable('video_assets')
      .set({ source: 'CLIP', creation_type: 'CLIP' })
      .where('id', '=', asset.id)
      .execute();
    const clipRenamed = await call(admin.access, 'POST', '/api/content_lab/video_library/rename/', {
      video_library_id: asset.id,
      title: ' Best bits ',
    });
    expect(clipRenamed.json()).toEqual({
      message: 'Video renamed successfully.',
      id: asset.id,
      name: 'Best bits',
    });
    const blankTitle = await call(admin.access, 'POST', '/api/content_lab/video_library/rename/', {
      video_library_id: asset.id,
      title: '',
    });
    expect(blankTitle.json()).toMatchObject({ message: 'Video name cannot be empty.' });
  });

  it('downloads the mp4 as an attachment named after the video, and exports SEO/GEO data as a zip', async () => {
    const asset = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'), {
      name: 'Q3 Town Hall / Final',
      description: 'All hands',
    });
    expect((await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/download/`)).statusCode).toBe(
      409,
    );
    await transcode(studio, admin.access, asset.id);
    await waitForStatus(studio, admin.access, asset.id);
    const download = await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/download/`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Q3 Town Hall Final.mp4"; filename*=UTF-8''Q3%20Town%20Hall%20%2F%20Final.mp4`,
    );
    expect(download.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');

    await studio.database.db
      .updateTable('video_assets')
      .set({
        metadata: JSON.stringify({
          chapters: [
            { title: 'Intro', start_time: 0 },
            { title: 'Q&A', start_time: 1 },
          ],
        }),
      })
      .where('id', '=', asset.id)
      .execute();
    const disabled = await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/seo_export/`);
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ message: 'This feature is not enabled for your organization' });
    await setOperatorFlags(studio, admin.organization.id, { isAiSummaryGenerationEnabled: true });
    const exported = await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/seo_export/`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('filename="Q3 Town Hall Final.zip"');
    const zip = exported.rawPayload;
    expect(zip.toString('latin1', 0, 2)).toBe('PK');
    const entries = await unzip(zip);
    const object = JSON.parse(entries['Q3 Town Hall Final.json']!) as Record<string, unknown>;
    expect(object).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: 'Q3 Town Hall / Final',
      description: 'All hands',
      duration: 'PT2S',
      hasPart: [
        { '@type': 'Clip', name: 'Intro', startOffset: 0, endOffset: 1 },
        { '@type': 'Clip', name: 'Q&A', startOffset: 1, endOffset: 2 },
      ],
    });
    expect(object.contentUrl).toContain('/video.mp4');
    expect(entries['Q3 Town Hall Final transcript.txt']).toBe('Transcript not available for this video.\n');
  });

  it('deletes an upload and its media, refuses recordings, and answers usage', async () => {
    const asset = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'));
    expect((await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/usage/`)).json()).toEqual([]);
    const deleted = await call(admin.access, 'DELETE', `/api/core/video_assets/${asset.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/`)).statusCode).toBe(404);

    const recording = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'));
    await studio.database.db
      .updateTable('video_assets')
      .set({ source: 'EVENT_RECORDING', creation_type: 'RECORDED' })
      .where('id', '=', recording.id)
      .execute();
    const refused = await call(admin.access, 'DELETE', `/api/core/video_assets/${recording.id}/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'VIDEO_NOT_DELETABLE' });
  });
});

describe('access', () => {
  it("answers 404 for another organisation's asset on every route, and 403 without the video permission", async () => {
    const asset = await newVideoAsset(studio, admin, await clip('h264-aac.mp4'));
    const outsider = await newAdmin(studio, 'Outsiders');
    const plain = await newMember(studio, admin.organization.id, null);
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', `/api/core/video_assets/${asset.id}/`],
      ['PATCH', `/api/core/video_assets/${asset.id}/`, { name: 'Mine' }],
      ['DELETE', `/api/core/video_assets/${asset.id}/`],
      ['POST', `/api/core/video_assets/${asset.id}/transcode/`],
      ['GET', `/api/core/video_assets/${asset.id}/usage/`],
      ['GET', `/api/core/video_assets/${asset.id}/download/`],
      ['GET', `/api/core/video_assets/${asset.id}/seo_export/`],
      ['POST', '/api/content_lab/video_library/rename/', { video_library_id: asset.id, title: 'Mine' }],
      ['GET', `/api/core/video_assets/?organization=${admin.organization.id}`],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(outsider.access, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
      expect((await call(plain.access, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await studio.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(
      (await call(admin.access, 'GET', `/api/core/video_assets/${asset.id}/`)).json<VideoAsset>().name,
    ).toBe('h264-aac.mp4');
  });

  it('refuses a socket without a valid token', async () => {
    const socket = new WebSocket(`${publicUrl.replace('http', 'ws')}/api/ws?token=nope`);
    const status = await new Promise<number>((resolve) => {
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });
});

/** The entries of a zip (stored or deflated), read with the zlib Node ships. */
async function unzip(zip: Buffer): Promise<Record<string, string>> {
  const { inflateRawSync } = await import('node:zlib');
  const entries: Record<string, string> = {};
  let offset = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(offset + 10);
  offset = zip.readUInt32LE(offset + 16);
  for (let i = 0; i < count; i += 1) {
    const method = zip.readUInt16LE(offset + 10);
    const compressed = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    entries[name] = (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
