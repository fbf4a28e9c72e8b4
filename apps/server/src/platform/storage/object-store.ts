import type { Readable } from 'node:stream';

/** One stored object, as listed or looked up. Keys are the only names the database ever holds. */
export interface ObjectInfo {
  key: string;
  size: number;
  lastModified: Date;
}

/** Inclusive byte range, as HTTP's `Range: bytes=start-end`; `end` defaults to the last byte. */
export interface ByteRange {
  start: number;
  end?: number | undefined;
}

export interface ObjectBody {
  body: Readable;
  /** The whole object's size, whatever range was read. */
  size: number;
  /** The bytes actually returned (inclusive). */
  range: { start: number; end: number };
}

/**
 * Where media lives: local disk under DATA_DIR/media by default, an S3-compatible bucket when
 * configured. Every write is atomic for its readers: an object is absent or complete.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer | string, options?: { contentType?: string }): Promise<void>;
  /** Stores a local file; `move` lets a local store take the file instead of copying it. */
  putFile(key: string, filePath: string, options?: { contentType?: string; move?: boolean }): Promise<void>;
  /** Reads an object or a byte range of it; rejects with ObjectNotFoundError, RangeNotSatisfiableError. */
  get(key: string, range?: ByteRange): Promise<ObjectBody>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Copies an object to a local file (a worker's input). */
  download(key: string, filePath: string): Promise<void>;
  /** The object as a local file when the store is a local disk (no copy needed), else undefined. */
  localPath(key: string): string | undefined;
  delete(key: string): Promise<void>;
  /** Deletes every object under `prefix` (which must end with '/'); answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  list(prefix: string): Promise<ObjectInfo[]>;
  close(): Promise<void>;
}

export class ObjectNotFoundError extends Error {
  override readonly name = 'ObjectNotFoundError';
  constructor(readonly key: string) {
    super(`No object at ${key}`);
  }
}

export class RangeNotSatisfiableError extends Error {
  override readonly name = 'RangeNotSatisfiableError';
  constructor(readonly size: number) {
    super('Range not satisfiable');
  }
}

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
/** S3's longest key, in bytes (a key here is ASCII): every store refuses a longer one alike. */
const KEY_MAX_LENGTH = 1024;

/** Keys are relative, slash-separated, without '..' or empty segments: never a machine path. */
export function assertObjectKey(key: string): string {
  if (
    key.length > KEY_MAX_LENGTH ||
    !KEY_PATTERN.test(key) ||
    key.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
  return key;
}

export function assertPrefix(prefix: string): string {
  if (!prefix.endsWith('/')) throw new Error(`A prefix ends with '/': ${JSON.stringify(prefix)}`);
  assertObjectKey(prefix.slice(0, -1));
  return prefix;
}

/** Resolves an HTTP-style range against an object's size. */
export function resolveRange(size: number, range: ByteRange | undefined): { start: number; end: number } {
  if (!range) return { start: 0, end: Math.max(0, size - 1) };
  const end = Math.min(range.end ?? size - 1, size - 1);
  if (range.start < 0 || range.start >= size || end < range.start) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end };
}

const CONTENT_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  m4s: 'video/iso.segment',
  mp4: 'video/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  ico: 'image/x-icon',
  ttf: 'font/ttf',
  otf: 'font/otf',
  woff: 'font/woff',
  woff2: 'font/woff2',
  pdf: 'application/pdf',
  json: 'application/json',
  vtt: 'text/vtt',
};

export function contentTypeOf(key: string): string {
  const extension = key.split('.').at(-1)?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
