import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../config.ts';

/**
 * A local S3 server (s3rver) on a free loopback port with one bucket, for tests and benchmarks.
 * s3rver lacks ListParts, which resumable multipart uploads need to find their offset: answered
 * here from s3rver's own part files.
 */
export async function startLocalS3(
  bucket = 'studio-media',
): Promise<{ settings: S3Settings; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'studio-s3-'));
  const s3rver = new S3rver({ silent: true, directory, configureBuckets: [{ name: bucket }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    if (request.method === 'GET' && url.searchParams.has('uploadId') && !url.searchParams.has('partNumber')) {
      listParts(directory, url, response).catch(() => {
        response.statusCode = 500;
        response.end();
      });
      return;
    }
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function listParts(directory: string, url: URL, response: http.ServerResponse): Promise<void> {
  const [, bucket, ...key] = url.pathname.split('/');
  const uploadId = url.searchParams.get('uploadId') ?? '';
  const uploadDir = path.join(directory, bucket ?? '', '._S3rver_uploads', uploadId);
  const names = await readdir(uploadDir).catch(() => null);
  response.setHeader('content-type', 'application/xml');
  if (!names || !/^[\w-]+$/.test(uploadId)) {
    response.statusCode = 404;
    response.end(
      '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
    );
    return;
  }
  const numbers = names
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (number) => {
      const file = path.join(uploadDir, String(number));
      const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8').catch(() => '')]);
      return `<Part><PartNumber>${number}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  response.end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${bucket}</Bucket><Key>${key.join('/')}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>0</PartNumberMarker><MaxParts>1000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}
