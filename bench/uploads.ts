// Upload throughput through tus ÷ a raw Node pipe to disk, both over loopback HTTP.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { bearer } from '../apps/server/test/harness.ts';
import { newAdmin } from '../apps/server/src/modules/access/access.fixtures.ts';
import {
  clip,
  createMediaStudio,
  encodeMetadata,
} from '../apps/server/src/modules/video-library/video-library.fixtures.ts';
import { ratio, timed } from './bench-util.ts';

const MEGABYTES = Number(process.env.BENCH_UPLOAD_MB ?? 256);
const ROUNDS = 5;
const run = promisify(execFile);

/** Sends a file as a request body to a loopback server; resolves with the status code. */
function send(
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  file: string,
  size: number,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: { ...headers, 'content-length': String(size) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    createReadStream(file, { highWaterMark: 1024 * 1024 }).pipe(request);
  });
}

export async function benchUploads(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-upload-'));
  const studio = await createMediaStudio({ role: 'api' });
  const raw = http.createServer((request, response) => {
    pipeline(request, createWriteStream(path.join(studio.dataDir, 'raw.bin')))
      .then(() => response.writeHead(204).end())
      .catch(() => response.writeHead(500).end());
  });
  try {
    // A real MP4 head (the upload checks the content), then random bytes.
    const head = await readFile(await clip('h264-aac.mp4'));
    const file = path.join(dir, 'upload.mp4');
    await writeFile(file, Buffer.concat([head, randomBytes(MEGABYTES * 1024 * 1024 - head.length)]));
    const size = MEGABYTES * 1024 * 1024;
    await studio.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (studio.app.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const rawPort = (raw.address() as { port: number }).port;
    const admin = await newAdmin(studio);

    const tusOnce = async () => {
      const created = await studio.app.inject({
        method: 'POST',
        url: '/api/uploads/',
        headers: {
          ...bearer(admin.access),
          'tus-resumable': '1.0.0',
          'upload-length': String(size),
          'upload-metadata': encodeMetadata({ filename: 'big.mp4', filetype: 'video/mp4' }),
        },
      });
      const location = new URL(created.headers.location as string).pathname;
      return timed(async () => {
        const status = await send(
          port,
          'PATCH',
          location,
          {
            ...bearer(admin.access),
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          file,
          size,
        );
        if (status !== 204) throw new Error(`tus answered ${status}`);
      });
    };
    const rawOnce = () =>
      timed(async () => {
        const status = await send(
          rawPort,
          'POST',
          '/',
          { 'content-type': 'application/octet-stream' },
          file,
          size,
        );
        if (status !== 204) throw new Error(`raw answered ${status}`);
      });
    // Alternate, best of five each (the same disk, the same cache). Before each run the previous
    // run's file is gone and written back (sync), so neither pays for the other's dirty pages.
    const settle = async () => {
      await rm(path.join(studio.dataDir, 'raw.bin'), { force: true });
      await rm(path.join(studio.dataDir, 'media', 'uploads'), { recursive: true, force: true });
      await mkdir(path.join(studio.dataDir, 'media', 'uploads'), { recursive: true });
      await run('sync', []);
    };
    const tusTimes: number[] = [];
    const rawTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      await settle();
      rawTimes.push(await rawOnce());
      await settle();
      tusTimes.push(await tusOnce());
    }
    const tusRate = size / Math.min(...tusTimes) / 1000;
    const rawRate = size / Math.min(...rawTimes) / 1000;
    return [
      `Upload of ${MEGABYTES} MiB over loopback HTTP (best of ${ROUNDS}):`,
      `  tus throughput ÷ raw Node pipe to disk: ${ratio(tusRate / rawRate)}  (${tusRate.toFixed(0)} vs ${rawRate.toFixed(0)} MB/s; goal ≥ 0.8)`,
    ];
  } finally {
    raw.close();
    await studio.close();
    await rm(dir, { recursive: true, force: true });
  }
}
