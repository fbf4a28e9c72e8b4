import path from 'node:path';
import { createLocalObjectStore } from './local-store.ts';
import type { ObjectStore } from './object-store.ts';
import type { S3Settings } from '../../config.ts';
import { createS3ObjectStore } from './s3-store.ts';

export interface StorageSettings {
  /** DATA_DIR: local media lives in DATA_DIR/media. */
  dataDir: string;
  /** Set when S3_BUCKET is configured. */
  s3?: S3Settings | undefined;
}

/** The directory local media and tus uploads live in when no bucket is configured. */
export const localMediaRoot = (dataDir: string) => path.join(path.resolve(dataDir), 'media');

export function createObjectStore(settings: StorageSettings): ObjectStore {
  return settings.s3
    ? createS3ObjectStore(settings.s3)
    : createLocalObjectStore(localMediaRoot(settings.dataDir));
}

export * from './object-store.ts';
