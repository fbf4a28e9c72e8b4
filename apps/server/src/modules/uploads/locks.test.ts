import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newOrganization } from '../../../test/harness.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import {
  clip,
  createMediaStudio,
  encodeMetadata,
  removeClips,
  type MediaStudio,
} from '../video-library/video-library.fixtures.ts';
import { apiNodesOf, octets, pathOf, tus, tusCall, uploadFileIn, type TusCall } from './uploads.fixtures.ts';

// Two API nodes (each with its own tus server, as two processes would have) on one database and
// one upload directory.
let studio: MediaStudio;
let nodeA: HttpServer;
let nodeB: HttpServer;
let owner: Awaited<ReturnType<typeof newOrganization>>;
let video: Buffer;
beforeAll(async () => {
  studio = await createMediaStudio({ role: 'api' });
  const apiNode = apiNodesOf(studio);
  nodeA = await apiNode();
  nodeB = await apiNode();
  await nodeA.listen({ port: 0, host: '127.0.0.1' });
  owner = await newOrganization(nodeA, 'Two nodes');
  video = await readFile(await clip('h264-aac.mp4'));
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await studio.close();
  await removeClips();
});

const idOf = (url: string) => url.split('/').at(-1)!;
const uploadFile = (url: string) => uploadFileIn(studio.dataDir, url);
const send = (node: HttpServer, ...call: TusCall) => tusCall(node, owner.access, ...call);
const lockOf = (url: string) =>
  studio.database.db
    .selectFrom('uploads')
    .select(['lock_holder', 'lock_expires_at', 'lock_release_requested'])
    .where('id', '=', idOf(url))
    .executeTakeFirstOrThrow();

async function until(check: () => Promise<boolean>, what: string) {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('tus locks across API nodes', () => {
  it('makes a PATCH on node B wait for node A to let go of the upload, and the result is byte for byte', async () => {
    const body = Buffer.concat([video, randomBytes(300_000)]);
    const created = await send(nodeA, 'POST', '/api/uploads/', {
      'upload-length': String(body.length),
      'upload-metadata': encodeMetadata({ filename: 'keynote.mp4', filetype: 'video/mp4' }),
    });
    const url = pathOf(created.headers.location as string);
    const third = Math.floor(body.length / 3);

    // Node A takes a PATCH for the whole body, gets a third of it, and then the client stalls
    // (a half-open connection) while A holds the upload's lock.
    const port = (nodeA.server.address() as { port: number }).port;
    let stalledEndedAt = 0;
    const stalled = new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: url,
        headers: {
          ...bearer(owner.access),
          ...tus,
          ...octets,
          'upload-offset': '0',
          'content-length': String(body.length),
        },
      });
      const ended = () => {
        stalledEndedAt ||= Date.now();
        resolve();
      };
      request.on('response', (response) => {
        response.resume();
        ended();
      });
      request.on('error', ended);
      request.on('close', ended);
      request.write(body.subarray(0, third));
    });
    await until(
      async () => (await lockOf(url)).lock_holder !== null && (await stat(uploadFile(url))).size === third,
      'node A to hold the lock',
    );

    // Node B: the client resumes there. Its PATCH asks A to let go (tus requestRelease through the
    // database), waits for the lock, and then finds the offset A reached.
    const resumed = await send(
      nodeB,
      'PATCH',
      url,
      { ...octets, 'upload-offset': String(third) },
      body.subarray(third),
    );
    const resumedAt = Date.now();
    await stalled;
    expect(stalledEndedAt).toBeGreaterThan(0);
    expect(stalledEndedAt).toBeLessThanOrEqual(resumedAt);
    expect(resumed.statusCode).toBe(204);
    expect(resumed.headers['upload-offset']).toBe(String(body.length));
    expect((await readFile(uploadFile(url))).equals(body)).toBe(true);
    expect(await lockOf(url)).toEqual({
      lock_holder: null,
      lock_expires_at: null,
      lock_release_requested: false,
    });
    const row = await studio.database.db
      .selectFrom('uploads')
      .select('completed_at')
      .where('id', '=', idOf(url))
      .executeTakeFirstOrThrow();
    expect(row.completed_at).toBeInstanceOf(Date);
  });

  it('takes over a lock whose holder stopped renewing its lease (a node that died)', async () => {
    const created = await send(nodeA, 'POST', '/api/uploads/', {
      'upload-length': String(video.length),
      'upload-metadata': encodeMetadata({ filename: 'keynote.mp4' }),
    });
    const url = pathOf(created.headers.location as string);
    await studio.database.db
      .updateTable('uploads')
      .set({ lock_holder: 'a node that died', lock_expires_at: new Date(Date.now() + 1500) })
      .where('id', '=', idOf(url))
      .execute();
    const started = Date.now();
    const answer = await send(nodeB, 'HEAD', url, {});
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['upload-offset']).toBe('0');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect((await send(nodeB, 'PATCH', url, { ...octets, 'upload-offset': '0' }, video)).statusCode).toBe(
      204,
    );
    expect((await readFile(uploadFile(url))).equals(video)).toBe(true);
  });

  it('answers on either node once the other is done: HEAD on B after a PATCH on A', async () => {
    const created = await send(nodeB, 'POST', '/api/uploads/', {
      'upload-length': String(video.length),
      'upload-metadata': encodeMetadata({ filename: 'keynote.mp4' }),
    });
    const url = pathOf(created.headers.location as string);
    expect(
      (await send(nodeA, 'PATCH', url, { ...octets, 'upload-offset': '0' }, video.subarray(0, 10_000)))
        .statusCode,
    ).toBe(204);
    expect((await send(nodeB, 'HEAD', url, {})).headers['upload-offset']).toBe('10000');
    expect(
      (await send(nodeB, 'PATCH', url, { ...octets, 'upload-offset': '10000' }, video.subarray(10_000)))
        .statusCode,
    ).toBe(204);
    expect((await readFile(uploadFile(url))).equals(video)).toBe(true);
  });
});
