import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertObjectKey,
  assertPrefix,
  contentTypeOf,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  type ObjectInfo,
  type ObjectStore,
} from './object-store.ts';
import type { S3Settings } from '../../config.ts';

/** The client settings shared by the object store and the tus upload store. */
export function s3ClientConfig(settings: S3Settings) {
  return {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: S3-compatible servers often do not understand the
    // SDK's default streaming (aws-chunked) checksums and would store their framing as data.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
}

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

/** Objects in an S3-compatible bucket; a PUT is atomic there, so readers never see half an object. */
export function createS3ObjectStore(settings: S3Settings): ObjectStore {
  const client = new S3Client(s3ClientConfig(settings));
  const Bucket = settings.bucket;

  async function upload(key: string, body: Readable | Buffer | string, contentType?: string) {
    await new Upload({
      client,
      params: {
        Bucket,
        Key: assertObjectKey(key),
        Body: body,
        ContentType: contentType ?? contentTypeOf(key),
      },
      queueSize: 4,
      partSize: 8 * 1024 * 1024,
    }).done();
  }

  async function listAll(prefix: string): Promise<ObjectInfo[]> {
    const objects: ObjectInfo[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const object of page.Contents ?? []) {
        if (object.Key)
          objects.push({
            key: object.Key,
            size: object.Size ?? 0,
            lastModified: object.LastModified ?? new Date(0),
          });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return objects;
  }

  return {
    kind: 's3',

    put: (key, body, options = {}) => upload(key, body, options.contentType),

    putFile: (key, filePath, options = {}) => upload(key, createReadStream(filePath), options.contentType),

    async get(key, range) {
      const head = await this.head(key);
      if (!head) throw new ObjectNotFoundError(key);
      const end = Math.min(range?.end ?? head.size - 1, head.size - 1);
      const start = range?.start ?? 0;
      if (range && (start >= head.size || end < start)) throw new RangeNotSatisfiableError(head.size);
      if (head.size === 0) return { body: Readable.from([]), size: 0, range: { start: 0, end: 0 } };
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: assertObjectKey(key),
            ...(range ? { Range: `bytes=${start}-${end}` } : {}),
          }),
        );
        return { body: answer.Body as Readable, size: head.size, range: { start, end } };
      } catch (error) {
        if (statusOf(error) === 404) throw new ObjectNotFoundError(key);
        if (statusOf(error) === 416) throw new RangeNotSatisfiableError(head.size);
        throw error;
      }
    },

    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: assertObjectKey(key) }));
        return { key, size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
      } catch (error) {
        if (statusOf(error) === 404 || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },

    async download(key, filePath) {
      const { body } = await this.get(key);
      await pipeline(body, createWriteStream(filePath));
    },

    localPath: () => undefined,

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertObjectKey(key) }));
    },

    async deletePrefix(prefix) {
      const objects = await listAll(assertPrefix(prefix));
      for (let i = 0; i < objects.length; i += 1000) {
        const batch = objects.slice(i, i + 1000);
        await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((object) => ({ Key: object.key })), Quiet: true },
          }),
        );
      }
      return objects.length;
    },

    list: async (prefix) => (await listAll(prefix)).sort((a, b) => a.key.localeCompare(b.key)),

    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
