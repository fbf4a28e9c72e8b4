import type { FastifyReply } from 'fastify';
import { rtmpInputServerMessages } from '@studio/domain';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import {
  ObjectNotFoundError,
  type ObjectBody,
  type ObjectStore,
} from '../../platform/storage/object-store.ts';
import { rewritePlaylist, type HlsGuard } from '../video-library/playback.ts';

/** The guard's parameters a live URL carries (the library's HLS guard scheme). */
export interface LiveMediaQuery {
  org_id?: string | undefined;
  code?: string | undefined;
}

/**
 * Who reads a channel's media: the studio's preview (always with an access code: the organisers
 * are the only ones it serves) or a person the event app admitted into `eventId` (with an access
 * code when the organisation's HLS guard is on).
 */
export type LiveViewer = { studio: true } | { eventId: string };

export interface LiveMediaDeps {
  playlistOf(inputId: string): Promise<string | undefined>;
  segmentKey(inputId: string, sequence: number): Promise<string | undefined>;
  storage: ObjectStore;
  /** The input's event and organisation; undefined without the input. */
  ownerOf(inputId: string): Promise<{ eventId: string; organizationId: string } | undefined>;
  /** The video library's HLS guard: a code opens one input of one organisation until it expires. */
  guard: HlsGuard;
  guardOn(organizationId: string): Promise<boolean>;
}

const SEGMENT_FILE = /^\d{1,9}\.ts$/;

const guardQuery = (organizationId: string, code: string) =>
  `org_id=${encodeURIComponent(organizationId)}&code=${encodeURIComponent(code)}`;

/** The query a live URL of the input carries: `org_id` and an access code for the input. */
export const liveAccessQuery = (guard: HlsGuard, organizationId: string, inputId: string) =>
  guardQuery(organizationId, guard.issue({ organizationId, assetId: inputId }));

/** A channel's live playlist and segments, for the viewers allowed to read them. */
export function createLiveMedia(deps: LiveMediaDeps) {
  /** The query the playlist's segment URIs carry ('' when none is needed); 404 or 403 otherwise. */
  async function admit(inputId: string, viewer: LiveViewer, query: LiveMediaQuery): Promise<string> {
    const owner = await deps.ownerOf(inputId);
    if (!owner || ('eventId' in viewer && owner.eventId !== viewer.eventId)) throw notFound();
    const { organizationId } = owner;
    if ('eventId' in viewer && !(await deps.guardOn(organizationId))) return '';
    if (
      query.org_id !== organizationId ||
      !deps.guard.verify({ organizationId, assetId: inputId }, query.code)
    )
      throw new HttpError(403, 'HLS_ACCESS_DENIED', rtmpInputServerMessages.liveAccessDenied);
    return guardQuery(organizationId, query.code ?? '');
  }

  async function playlist(inputId: string, viewer: LiveViewer, query: LiveMediaQuery): Promise<string> {
    const carried = await admit(inputId, viewer, query);
    const text = await deps.playlistOf(inputId);
    if (text === undefined) throw notFound();
    return carried ? rewritePlaylist(text, carried) : text;
  }

  async function segment(
    inputId: string,
    sequence: number,
    viewer: LiveViewer,
    query: LiveMediaQuery,
  ): Promise<ObjectBody> {
    await admit(inputId, viewer, query);
    const key = await deps.segmentKey(inputId, sequence);
    if (!key) throw notFound();
    try {
      return await deps.storage.get(key);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw notFound();
      throw error;
    }
  }

  return {
    /**
     * Answers `file` of the input's channel — its playlist (`index.m3u8`, rendered on every request:
     * players poll it) or a segment (`<sequence>.ts`) — when the viewer may read it.
     */
    async send(
      reply: FastifyReply,
      inputId: string,
      file: string,
      viewer: LiveViewer,
      query: LiveMediaQuery,
    ) {
      if (file === 'index.m3u8')
        return reply
          .header('content-type', 'application/vnd.apple.mpegurl')
          .header('cache-control', 'no-cache')
          .send(await playlist(inputId, viewer, query));
      if (!SEGMENT_FILE.test(file)) throw notFound();
      const object = await segment(inputId, Number.parseInt(file, 10), viewer, query);
      return reply
        .header('content-type', 'video/mp2t')
        .header('content-length', object.size)
        .header('cache-control', 'private, max-age=3600')
        .send(object.body);
    },
  };
}

export type LiveMedia = ReturnType<typeof createLiveMedia>;
