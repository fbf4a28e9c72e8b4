import { createWriteStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { runMediaTool, segmentUris, writeAtomically } from '@studio/media';
import type { ObjectStore } from '../../platform/storage/object-store.ts';

/** Stores every file under a local directory at `prefix` + its relative path (moved when the store is local). */
export async function publishDirectory(
  storage: ObjectStore,
  directory: string,
  prefix: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const keys: string[] = [];
  async function walk(current: string, relative: string) {
    const entries = await readdir(current, { withFileTypes: true });
    // Playlists last: nothing refers to a segment that is not stored yet.
    entries.sort(
      (a, b) =>
        Number(a.name.endsWith('.m3u8')) - Number(b.name.endsWith('.m3u8')) || a.name.localeCompare(b.name),
    );
    for (const entry of entries) {
      signal?.throwIfAborted();
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full, `${relative}${entry.name}/`);
      else if (entry.isFile()) {
        await storage.putFile(`${prefix}${relative}${entry.name}`, full, { move: true });
        keys.push(`${prefix}${relative}${entry.name}`);
      }
    }
  }
  await walk(directory, '');
  return keys;
}

export async function readObjectText(storage: ObjectStore, key: string): Promise<string> {
  return text((await storage.get(key)).body);
}

/**
 * The downloadable mp4 of an encoded rendition: its MPEG-TS segments joined (they are cut to be
 * joined) and remuxed, index first, without re-encoding. The input is our own output.
 */
export async function mp4FromVariant(
  storage: ObjectStore,
  variantPlaylistKey: string,
  workDir: string,
  outputPath: string,
  signal?: AbortSignal,
): Promise<void> {
  const base = variantPlaylistKey.slice(0, variantPlaylistKey.lastIndexOf('/') + 1);
  const joined = path.join(workDir, `joined-${Date.now()}.ts`);
  const out = createWriteStream(joined);
  for (const uri of segmentUris(await readObjectText(storage, variantPlaylistKey))) {
    signal?.throwIfAborted();
    await pipeline((await storage.get(`${base}${uri}`)).body, out, { end: false });
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  await writeAtomically(outputPath, (work) =>
    runMediaTool(
      'ffmpeg',
      [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-protocol_whitelist', 'file'],
        ...['-f', 'mpegts', '-i', `file:${joined}`, '-map', '0:v:0?', '-map', '0:a:0?', '-c', 'copy'],
        ...['-movflags', '+faststart', '-f', 'mp4', work],
      ],
      signal ? { signal } : {},
    ).then(() => undefined),
  );
}
