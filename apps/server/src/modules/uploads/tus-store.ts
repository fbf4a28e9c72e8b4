import { mkdirSync } from 'node:fs';
import { truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/utils';
import type { S3Settings } from '../../config.ts';
import { s3ClientConfig } from '../../platform/storage/s3-store.ts';
import { localMediaRoot } from '../../platform/storage/storage.ts';
import { SNIFF_BYTES } from './content-sniffing.ts';

/** Every upload's bytes live in the object store under this prefix, whatever the backend. */
export const UPLOAD_PREFIX = 'uploads/';
export const uploadObjectKey = (uploadId: string) => `${UPLOAD_PREFIX}${uploadId}`;

export interface TusStoreSettings {
  dataDir: string;
  s3?: S3Settings | undefined;
  expirationMs: number;
}

export interface TusStore {
  store: DataStore;
  storeId: (uploadId: string) => string;
  uploadIdOf: (storeId: string) => string;
  /**
   * Puts an upload back to an earlier offset (drops what a refused chunk wrote), where the store
   * can: files can be cut short; S3 parts, once sent (or a multipart upload completed), cannot.
   */
  rollback?: (storeId: string, offset: number) => Promise<void>;
}

/**
 * The tus data store: files in DATA_DIR/media/uploads (object keys `uploads/<id>`), or S3
 * multipart uploads whose objects are `uploads/<id>` in the bucket. Upload ids in URLs are the bare
 * id; `storeId` maps them to the store's own.
 */
export function createTusStore(settings: TusStoreSettings): TusStore {
  if (settings.s3) {
    const store = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: settings.expirationMs,
      s3ClientConfig: { ...s3ClientConfig(settings.s3), bucket: settings.s3.bucket },
    });
    return { store, storeId: uploadObjectKey, uploadIdOf: (storeId) => storeId.slice(UPLOAD_PREFIX.length) };
  }
  const directory = path.join(localMediaRoot(settings.dataDir), 'uploads');
  mkdirSync(directory, { recursive: true });
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: settings.expirationMs });
  // The upload's offset is its file's size: cutting the file back is the whole rollback.
  const rollback = (storeId: string, offset: number) => truncate(path.join(directory, storeId), offset);
  return { store, storeId: (uploadId) => uploadId, uploadIdOf: (storeId) => storeId, rollback };
}

/** An error tus answers with its status and body (tus's own ERRORS are plain objects of this shape). */
export class TusFailure extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }

  static of(error: { status_code: number; body: string }): TusFailure {
    return new TusFailure(error.status_code, error.body);
  }
}

/** Refusal of an upload's content, answered by tus with this status and body. */
export class ContentRefused extends TusFailure {}

/**
 * Has the store check the first bytes of an upload before anything is written: `check` throws a
 * ContentRefused to stop the write (nothing of the refused chunk is stored). Only writes at the
 * upload's start are looked at; the finished upload is checked again as a whole.
 */
export function sniffWrites(
  store: DataStore,
  check: (storeId: string, head: Buffer) => Promise<void>,
): DataStore {
  const write = store.write.bind(store);
  store.write = async (readable, storeId, offset) => {
    if (offset > 0) return write(readable, storeId, offset);
    const { head, ended } = await readHead(readable, SNIFF_BYTES);
    await check(storeId, head);
    if (ended) return write(Readable.from([head]), storeId, offset);
    // Back into the stream it came from: the store reads it whole, with no extra stream layer.
    readable.unshift(head);
    return write(readable, storeId, offset);
  };
  return store;
}

/** Reads at least `bytes` (or all there is) from a paused stream without consuming the rest. */
async function readHead(readable: Readable, bytes: number): Promise<{ head: Buffer; ended: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const chunk = readable.read() as Buffer | null;
    if (chunk !== null) {
      chunks.push(chunk);
      length += chunk.length;
      continue;
    }
    if (readable.readableEnded || readable.destroyed) return { head: Buffer.concat(chunks), ended: true };
    const more = await new Promise<boolean>((resolve, reject) => {
      const done = (value: boolean) => {
        readable.off('readable', onReadable);
        readable.off('end', onEnd);
        readable.off('error', onError);
        resolve(value);
      };
      const onReadable = () => done(true);
      const onEnd = () => done(false);
      const onError = (error: Error) => {
        readable.off('readable', onReadable);
        readable.off('end', onEnd);
        reject(error);
      };
      readable.once('readable', onReadable);
      readable.once('end', onEnd);
      readable.once('error', onError);
    });
    if (!more) return { head: Buffer.concat(chunks), ended: true };
  }
  return { head: Buffer.concat(chunks), ended: false };
}
