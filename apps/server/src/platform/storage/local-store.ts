import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertObjectKey,
  assertPrefix,
  ObjectNotFoundError,
  resolveRange,
  type ByteRange,
  type ObjectBody,
  type ObjectInfo,
  type ObjectStore,
} from './object-store.ts';

/** Staging area inside the root: a name no key can have, on the same file system (renames are atomic). */
const STAGING = '.staging';

/**
 * No object under the key: no such file, a file where the key has a folder (ENOTDIR), or a name
 * longer than the file system's (ENAMETOOLONG) — a valid key no object can have.
 */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/** Objects as files under one directory (DATA_DIR/media); every write lands by rename. */
export function createLocalObjectStore(root: string): ObjectStore {
  const resolved = path.resolve(root);
  const fileOf = (key: string) => path.join(resolved, assertObjectKey(key));
  const staging = path.join(resolved, STAGING);

  async function land(key: string, write: (stagedPath: string) => Promise<void>): Promise<void> {
    await mkdir(staging, { recursive: true });
    const staged = path.join(staging, randomUUID());
    try {
      await write(staged);
      const target = fileOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(staged, target);
    } catch (error) {
      await rm(staged, { force: true });
      throw error;
    }
  }

  async function walk(directory: string, prefixKey: string, into: ObjectInfo[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const key = `${prefixKey}${entry.name}`;
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full, `${key}/`, into);
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info) into.push({ key, size: info.size, lastModified: info.mtime });
      }
    }
  }

  return {
    kind: 'local',

    async put(key, body) {
      await land(key, async (staged) => {
        if (typeof body === 'string' || Buffer.isBuffer(body)) await writeFile(staged, body);
        else await pipeline(body, createWriteStream(staged));
      });
    },

    async putFile(key, filePath, options = {}) {
      if (options.move) {
        const target = fileOf(key);
        await mkdir(path.dirname(target), { recursive: true });
        try {
          await rename(filePath, target);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      await land(key, (staged) => copyFile(filePath, staged));
    },

    async get(key, range?: ByteRange): Promise<ObjectBody> {
      const file = fileOf(key);
      const info = await stat(file).catch((error: unknown) => {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      });
      if (!info.isFile()) throw new ObjectNotFoundError(key);
      const bytes = resolveRange(info.size, range);
      const body =
        info.size === 0 ? Readable.from([]) : createReadStream(file, { start: bytes.start, end: bytes.end });
      return { body, size: info.size, range: bytes };
    },

    async head(key) {
      const info = await stat(fileOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      return info?.isFile() ? { key, size: info.size, lastModified: info.mtime } : null;
    },

    async download(key, filePath) {
      try {
        await copyFile(fileOf(key), filePath);
      } catch (error) {
        if (isMissing(error)) throw new ObjectNotFoundError(key);
        throw error;
      }
    },

    localPath: (key) => fileOf(key),

    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async deletePrefix(prefix) {
      const objects: ObjectInfo[] = [];
      const directory = path.join(resolved, assertPrefix(prefix));
      await walk(directory, prefix, objects);
      await rm(directory, { recursive: true, force: true });
      return objects.length;
    },

    async list(prefix) {
      const objects: ObjectInfo[] = [];
      // A prefix may end mid-name ('uploads/ab'): walk its directory and filter.
      const slash = prefix.lastIndexOf('/');
      const directoryKey = slash >= 0 ? prefix.slice(0, slash + 1) : '';
      if (directoryKey) assertPrefix(directoryKey);
      await walk(path.join(resolved, directoryKey), directoryKey, objects);
      return objects
        .filter((object) => object.key.startsWith(prefix))
        .sort((a, b) => a.key.localeCompare(b.key));
    },

    async close() {},
  };
}
