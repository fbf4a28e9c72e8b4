import { z } from 'zod';
import { text } from 'node:stream/consumers';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import {
  assertObjectKey,
  contentTypeOf,
  ObjectNotFoundError,
  RangeNotSatisfiableError,
  type ByteRange,
  type ObjectStore,
} from '../../platform/storage/object-store.ts';
import { rewritePlaylist, type HlsGuard } from './playback.ts';
import type { VideoLibraryRepository } from './video-library.repository.ts';

const mediaParams = z.object({ assetId: z.string(), '*': z.string() });
const guardQuery = z.object({ org_id: z.string().optional(), code: z.string().optional() });
const isUuid = (value: string) => z.uuid().safeParse(value).success;

function parseRange(header: string | undefined): ByteRange | undefined | 'invalid' {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  if (match[1] === '') return { start: -Number(match[2]) };
  return { start: Number(match[1]), ...(match[2] ? { end: Number(match[2]) } : {}) };
}

/**
 * HLS playlists, segments, the mp4 and the thumbnail of an asset, served from storage at
 * `/api/media/videos/<asset>/…`, with byte ranges. Open as they are (a player, ffprobe) — unless
 * the organisation's HLS guard is on: then every request needs `org_id` and a `code` issued for
 * that organisation and asset, and playlists are rewritten so their children carry them too.
 */
export function registerMediaRoutes(app: HttpServer, deps: { storage: ObjectStore; assets: VideoLibraryRepository; guard: HlsGuard }): void {
  const { storage, assets, guard } = deps;

  app.get(
    '/api/media/videos/:assetId/*',
    { schema: { tags: ['media'], security: [], params: mediaParams, querystring: guardQuery } },
    async (request, reply) => {
      const { assetId } = request.params;
      const key = `videos/${assetId}/${request.params['*']}`;
      if (!isUuid(assetId)) throw notFound();
      try {
        assertObjectKey(key);
      } catch {
        throw notFound();
      }
      const asset = await assets.findById(assetId);
      if (!asset) throw notFound();
      const organization = await assets.organization(asset.organization_id);
      const guarded = organization?.hls_guard_enabled === true;
      const { org_id: orgId, code } = request.query;
      if (guarded && (orgId !== asset.organization_id || !guard.verify({ organizationId: asset.organization_id, assetId }, code))) {
        throw new HttpError(403, 'HLS_ACCESS_DENIED', 'A valid access code is required for this video.');
      }

      const range = parseRange(request.headers.range);
      if (range === 'invalid') throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable');
      const isPlaylist = key.endsWith('.m3u8');
      reply
        .header('content-type', contentTypeOf(key))
        .header('access-control-allow-origin', '*')
        .header('cache-control', `${guarded ? 'private' : 'public'}, max-age=${isPlaylist ? 60 : 86_400}`);
      try {
        if (isPlaylist) {
          const playlist = await text((await storage.get(key)).body);
          const query = `org_id=${encodeURIComponent(asset.organization_id)}&code=${encodeURIComponent(code ?? '')}`;
          return reply.send(guarded ? rewritePlaylist(playlist, query) : playlist);
        }
        const head = range && range.start < 0 ? await storage.head(key) : null;
        const wanted = range && range.start < 0 ? { start: Math.max(0, (head?.size ?? 0) + range.start) } : range;
        const object = await storage.get(key, wanted);
        reply.header('accept-ranges', 'bytes').header('content-length', String(object.range.end - object.range.start + (object.size === 0 ? 0 : 1)));
        if (range) reply.status(206).header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
        return reply.send(object.body);
      } catch (error) {
        if (error instanceof ObjectNotFoundError) throw notFound();
        if (error instanceof RangeNotSatisfiableError) {
          reply.header('content-range', `bytes */${error.size}`);
          throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable');
        }
        throw error;
      }
    },
  );
}
