import { buffer } from 'node:stream/consumers';
import {
  instantPlaylists,
  instantSegment,
  Mp4FormatError,
  openFileSource,
  openInstantRendition,
  type ByteSource,
  type InstantRendition,
} from '@studio/media';
import { ObjectNotFoundError, type ObjectStore } from '../../platform/storage/object-store.ts';

/** Renditions kept parsed per process; one is only in use while its asset's ladder is made. */
const KEPT_RENDITIONS = 8;

/** An uploaded original, read where it lies: the local file, or the bucket by byte ranges. */
async function openSource(
  storage: ObjectStore,
  key: string,
): Promise<ByteSource & { close(): Promise<void> }> {
  const local = storage.localPath(key);
  if (local) return openFileSource(local);
  const head = await storage.head(key);
  if (!head) throw new ObjectNotFoundError(key);
  return {
    size: head.size,
    read: async (offset, length) =>
      buffer((await storage.get(key, { start: offset, end: offset + length - 1 })).body),
    close: async () => {},
  };
}

/**
 * The instant first playback of a browser-ready mp4 (`@studio/media` instant HLS): playlists
 * stored like any rendition's, segments cut from the upload when a player asks for them.
 */
export function createInstantPlayback(storage: ObjectStore) {
  const kept = new Map<string, Promise<InstantRendition>>();

  function remember(sourceKey: string, rendition: Promise<InstantRendition>) {
    kept.delete(sourceKey);
    kept.set(sourceKey, rendition);
    rendition.catch(() => kept.delete(sourceKey));
    for (const oldest of kept.keys()) {
      if (kept.size <= KEPT_RENDITIONS) break;
      kept.delete(oldest);
    }
  }

  return {
    /**
     * Stores the playlists of the source's instant set under `prefix`: true when the source plays
     * as it is, false when it needs ffmpeg.
     */
    async publish(sourceKey: string, prefix: string): Promise<boolean> {
      const source = await openSource(storage, sourceKey);
      try {
        const rendition = openInstantRendition(source);
        remember(sourceKey, rendition);
        // The variant before the master: nothing refers to a playlist not stored yet.
        for (const [name, text] of Object.entries(instantPlaylists(await rendition)).reverse())
          await storage.put(`${prefix}${name}`, text);
        return true;
      } catch (error) {
        if (error instanceof Mp4FormatError) return false;
        throw error;
      } finally {
        await source.close();
      }
    },

    /** A segment of the source's instant set by file name (`init.mp4`, `segment-00000.m4s`), or undefined. */
    async segment(sourceKey: string, name: string): Promise<Buffer | undefined> {
      const source = await openSource(storage, sourceKey);
      try {
        let rendition = kept.get(sourceKey);
        if (!rendition) {
          rendition = openInstantRendition(source);
          remember(sourceKey, rendition);
        }
        return await instantSegment(await rendition, name, source);
      } finally {
        await source.close();
      }
    },
  };
}

export type InstantPlayback = ReturnType<typeof createInstantPlayback>;
