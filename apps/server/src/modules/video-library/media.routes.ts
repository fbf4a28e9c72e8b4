import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import path from 'node:path';
import { transcriptToVtt, type TranscriptItem } from '@studio/domain';
import { INSTANT_VARIANT, subtitlesPlaylist, withSubtitles } from '@studio/media';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { publicRoutesOf } from '../../platform/http/route-kit.ts';
import {
  assertObjectKey,
  contentTypeOf,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  resolveRange,
  type ByteRange,
  type ObjectBody,
  type ObjectStore,
} from '../../platform/storage/object-store.ts';
import type { InstantPlayback } from './instant-playback.ts';
import { instantPrefixOf } from './pipeline.ts';
import { captionsKeyOf, rewritePlaylist, subtitlesPlaylistKeyOf, type HlsGuard } from './playback.ts';
import type { VideoAssetRow, VideoLibraryRepository } from './video-library.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';

/** A byte range of an in-memory object, as ObjectStore.get answers for a stored one. */
function slice(bytes: Buffer, range: ByteRange | undefined): ObjectBody {
  const { start, end } = resolveRange(bytes.length, range);
  return { body: Readable.from([bytes.subarray(start, end + 1)]), size: bytes.length, range: { start, end } };
}

const guardQueryOf = (asset: VideoAssetRow, code: string | undefined) =>
  `org_id=${encodeURIComponent(asset.organization_id)}&code=${encodeURIComponent(code ?? '')}`;

const hasCaptions = (asset: VideoAssetRow) => (asset.transcript?.items.length ?? 0) > 0;

/** `to` relative to the directory of `from` (both keys of one asset). */
const relativeFrom = (from: string, to: string) => path.posix.relative(path.posix.dirname(from), to);

/** The captions made from the asset's transcript: its WebVTT file and subtitles playlist. */
function captionsAt(key: string, asset: VideoAssetRow): string | undefined {
  if (!hasCaptions(asset)) return undefined;
  const items = asset.transcript!.items as TranscriptItem[];
  if (key === captionsKeyOf(asset.id)) return transcriptToVtt(items);
  if (key === subtitlesPlaylistKeyOf(asset.id)) {
    const end = Math.max(asset.duration ?? 0, ...items.map((item) => item.end_time));
    return subtitlesPlaylist(relativeFrom(key, captionsKeyOf(asset.id)), end);
  }
  return undefined;
}

const mediaParams = z.object({ assetId: z.string(), '*': z.string() });
const guardQuery = z.object({ org_id: z.string().optional(), code: z.string().optional() });

/** What a Range header asks for: the first bytes from `start`, or the last `suffix` bytes. */
type RangeAsked = ByteRange | { suffix: number };

/**
 * RFC 9110 §14: one byte range (`a-b`, `a-`, `-n`) is answered with 206; another unit, or several
 * ranges (we send no multipart answers), is ignored — the whole object, 200; anything else under
 * `bytes=` is refused with 416.
 */
function parseRange(header: string | undefined): RangeAsked | undefined | 'invalid' {
  if (header === undefined) return undefined;
  const unit = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)=/.exec(header);
  if (unit?.[1]?.toLowerCase() !== 'bytes') return unit ? undefined : 'invalid';
  const spec = header.slice(unit[0].length);
  if (spec.includes(',')) return undefined;
  const match = /^[ \t]*(\d*)-(\d*)[ \t]*$/.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') return { suffix: Number(match[2]) };
  return { start: Number(match[1]), ...(match[2] ? { end: Number(match[2]) } : {}) };
}

/** The range to read of an object of `size` bytes; a suffix of 0 bytes starts past the end (416). */
function rangeWithin(size: number, asked: RangeAsked): ByteRange {
  if ('start' in asked) return asked;
  return { start: asked.suffix === 0 ? size : Math.max(0, size - asked.suffix) };
}

/** How a request to an asset's objects was let in. */
export type MediaAccess =
  /** `/api/media/videos/<asset>/…`: open, or with the organisation's HLS guard code. */
  | 'asset'
  /** Through another area's public address (a shared clip), checked by that area on every request. */
  | 'shared';

/** What `serve` reads of a request: the guard's query and the byte range asked for. */
interface MediaRequest {
  query: z.infer<typeof guardQuery>;
  headers: { range?: string | undefined };
}

/**
 * HLS playlists, segments, the mp4 and the thumbnail of an asset, served from storage at
 * `/api/media/videos/<asset>/…`, with byte ranges. Open as they are (a player, ffprobe) — unless
 * the organisation's HLS guard is on: then every request needs `org_id` and a `code` issued for
 * that organisation and asset, and playlists are rewritten so their children carry them too.
 * The segments of an instant set are not stored: they are cut from the upload on request.
 * Returns `serve`, for areas that open an asset's objects under an address of their own.
 */
export function registerMediaRoutes(
  app: HttpServer,
  deps: { storage: ObjectStore; assets: VideoLibraryRepository; guard: HlsGuard; instant: InstantPlayback },
) {
  const { storage, assets, guard, instant } = deps;

  /** The generated bytes when `key` names a segment of the asset's instant set (undefined otherwise). */
  async function instantSegmentAt(key: string, asset: VideoAssetRow): Promise<Buffer | undefined> {
    const prefix = instantPrefixOf(asset);
    const variant = prefix ? `${prefix}${INSTANT_VARIANT}/` : undefined;
    if (!variant || !key.startsWith(variant) || key.endsWith('.m3u8') || !asset.source_key) return undefined;
    const segment = await instant.segment(asset.source_key, key.slice(variant.length));
    if (!segment) throw new ObjectNotFoundError(key);
    return segment;
  }

  /**
   * The object `path` (below the asset's prefix) of the asset, with byte ranges. Shared access
   * skips the guard (the sharing area let the request in) and is not kept by caches: turning
   * sharing off closes every address already handed out.
   */
  async function serve(
    request: MediaRequest,
    reply: FastifyReply,
    assetId: string,
    objectPath: string,
    access: MediaAccess,
  ) {
    const key = `videos/${assetId}/${objectPath}`;
    if (!isUuid(assetId)) throw notFound();
    try {
      assertObjectKey(key);
    } catch {
      throw notFound();
    }
    const asset = await assets.findById(assetId);
    if (!asset) throw notFound();
    const organization = await assets.organization(asset.organization_id);
    const guarded = access === 'asset' && organization?.hls_guard_enabled === true;
    const { org_id: orgId, code } = request.query;
    if (
      guarded &&
      (orgId !== asset.organization_id ||
        !guard.verify({ organizationId: asset.organization_id, assetId }, code))
    ) {
      throw new HttpError(403, 'HLS_ACCESS_DENIED', 'A valid access code is required for this video.');
    }

    const range = parseRange(request.headers.range);
    if (range === 'invalid') throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable');
    const isPlaylist = key.endsWith('.m3u8');
    reply
      .header('content-type', contentTypeOf(key))
      .header(
        'cache-control',
        access === 'shared'
          ? 'no-cache'
          : `${guarded ? 'private' : 'public'}, max-age=${isPlaylist ? 60 : 86_400}`,
      );
    try {
      const captions = captionsAt(key, asset);
      if (captions !== undefined) {
        if (!isPlaylist) return reply.header('content-type', 'text/vtt; charset=utf-8').send(captions);
        return reply.send(guarded ? rewritePlaylist(captions, guardQueryOf(asset, code)) : captions);
      }
      if (isPlaylist) {
        const stored = await text((await storage.get(key)).body);
        const playlist =
          key === asset.hls_key && hasCaptions(asset)
            ? withSubtitles(stored, relativeFrom(key, subtitlesPlaylistKeyOf(assetId)))
            : stored;
        return reply.send(guarded ? rewritePlaylist(playlist, guardQueryOf(asset, code)) : playlist);
      }
      const segment = await instantSegmentAt(key, asset);
      let wanted: ByteRange | undefined;
      if (range && 'suffix' in range) {
        const size = segment ? segment.length : (await storage.head(key))?.size;
        if (size === undefined) throw new ObjectNotFoundError(key);
        wanted = rangeWithin(size, range);
      } else wanted = range;
      const object = segment ? slice(segment, wanted) : await storage.get(key, wanted);
      reply
        .header('accept-ranges', 'bytes')
        .header(
          'content-length',
          String(object.range.end - object.range.start + (object.size === 0 ? 0 : 1)),
        );
      if (range)
        reply
          .status(206)
          .header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
      return reply.send(object.body);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      if (error instanceof RangeNotSatisfiableError) {
        reply.header('content-range', `bytes */${error.size}`);
        throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable');
      }
      throw error;
    }
  }

  publicRoutesOf(app, ['media']).get(
    '/api/media/videos/:assetId/*',
    { params: mediaParams, query: guardQuery },
    ({ params, query }, request, reply) =>
      serve({ query, headers: request.headers }, reply, params.assetId, params['*'], 'asset'),
  );

  return { serve };
}

export type MediaServer = ReturnType<typeof registerMediaRoutes>;
