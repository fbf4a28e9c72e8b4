import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { DataStore } from '@tus/utils';
import { TusFailure } from './tus-store.ts';

/** tus "checksum": the algorithms a PATCH's Upload-Checksum may name (sha1 is the one the spec requires). */
export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256', 'sha512', 'md5'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];

export interface ExpectedChecksum {
  algorithm: ChecksumAlgorithm;
  digest: Buffer;
}

/** The tus answer to a body whose hash is not the one announced: 460, and the chunk is not kept. */
const checksumMismatch = () => new TusFailure(460, 'Checksum Mismatch\n');

/** The checksum announced by the request being handled, for the store's write to verify. */
const announced = new AsyncLocalStorage<ExpectedChecksum>();

/**
 * Reads an `Upload-Checksum: <algorithm> <base64>` header. `unsupported` for an algorithm we do
 * not compute, `invalid` for anything that is not an algorithm and a digest of its length.
 */
export function parseUploadChecksum(value: string): ExpectedChecksum | 'unsupported' | 'invalid' {
  const match = /^\s*(\S+) +([A-Za-z0-9+/]+={0,2})\s*$/.exec(value);
  if (!match) return 'invalid';
  const algorithm = match[1]!.toLowerCase();
  if (!(CHECKSUM_ALGORITHMS as readonly string[]).includes(algorithm)) return 'unsupported';
  const digest = Buffer.from(match[2]!, 'base64');
  if (digest.length !== createHash(algorithm).digest().length) return 'invalid';
  return { algorithm: algorithm as ChecksumAlgorithm, digest };
}

/** Runs a tus request with its announced checksum in view of the store's writes. */
export const withChecksum = <T>(
  expected: ExpectedChecksum | undefined,
  work: () => Promise<T>,
): Promise<T> => (expected ? announced.run(expected, work) : work());

/**
 * Has the store hash what a request writes while it streams, when the request announced a
 * checksum; on a mismatch (or a write that failed half-way) the upload is rolled back to the offset
 * it had before, and the request is answered 460. Only for stores that can roll back.
 */
export function verifyChecksums(
  store: DataStore,
  rollback: (storeId: string, offset: number) => Promise<void>,
): DataStore {
  const write = store.write.bind(store);
  store.write = async (readable, storeId, offset) => {
    const expected = announced.getStore();
    if (!expected) return write(readable, storeId, offset);
    const hash = createHash(expected.algorithm);
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    readable.once('error', (error) => hashing.destroy(error));
    readable.pipe(hashing);
    let written: number;
    try {
      written = await write(hashing, storeId, offset);
    } catch (error) {
      await rollback(storeId, offset).catch(() => undefined);
      throw error;
    }
    if (!hash.digest().equals(expected.digest)) {
      await rollback(storeId, offset);
      throw checksumMismatch();
    }
    return written;
  };
  return store;
}
