import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  acceptsPublisher,
  eventAppMessages,
  LIVE_PLAYLIST_WINDOW,
  RTMP_APP,
  rtmpInputServerMessages,
} from '@studio/domain';
import { fillerClipArgs, probeMedia, runMediaTool } from '@studio/media';
import type { Executor } from '../../platform/db/executor.ts';
import type {
  IngestSegment,
  PublishEnd,
  PublishHandler,
  PublishRefusal,
  PublishSession,
  Publisher,
} from '../../platform/rtmp/ingest.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import { livePlaylist } from './live-playlist.ts';
import { createLiveRepository, type Feed, type RtmpInputRecord } from './live.repository.ts';
import type { LiveService } from './live.service.ts';

/** A session in progress on an input, as the programme answers it. */
export interface SessionOnAir {
  broadcastId: string;
  inputId: string;
  eventId: string;
}

export interface LiveChannelsDeps {
  db: Executor;
  storage: ObjectStore;
  live: LiveService;
  /** The programme's RTMP sessions in progress at an instant (all events). */
  sessionsOnAir: (now: Date) => Promise<SessionOnAir[]>;
  /** The image the filler shows: the event's filler slide, else a frame of its buffer video; null: a slate. */
  fillerImageOf: (eventId: string) => Promise<{ id: string; key: string } | null>;
  clock: () => Date;
  segmentSeconds: number;
  workDir: string;
}

/** A segment past its playlist is kept this long (a player a little behind still reads it). */
const PRUNE_AFTER_MS = 2 * 60_000;

/**
 * The channels behind the inputs: who may publish (the stream key, the channel accepting, one
 * publisher per key — a silent holder is taken over by its reconnect), which feed's segments go on
 * air (the primary; the failover while the primary is silent; the filler while both are), and the
 * playlist players read. Every decision is made on the input's row, so ingest nodes may be many.
 */
export function createLiveChannels(deps: LiveChannelsDeps) {
  const { db, storage, live, clock } = deps;
  const inputs = createLiveRepository(db);
  /** This process's publishers, to kick one that a reconnect replaced. */
  const publishing = new Map<string, PublishSession>();
  const segmentMs = deps.segmentSeconds * 1000;
  /** A feed silent for longer than this is off air: the next feed's segment goes on instead. */
  const silentAfterMs = 2 * segmentMs + 500;

  const publisherOf = (input: RtmpInputRecord, feed: Feed) =>
    feed === 'primary' ? input.primary_publisher : input.failover_publisher;
  const heardAt = (input: RtmpInputRecord, feed: Feed) =>
    feed === 'primary' ? input.primary_heard_at : input.failover_heard_at;
  const heardWithin = (heard: Date | null, now: Date, ms: number) =>
    heard !== null && now.getTime() - heard.getTime() <= ms;

  /** Appends a segment to the channel when its source is the one on air; answers whether it did. */
  async function append(
    inputId: string,
    feed: Feed,
    publisher: string,
    segment: { key: string; duration: number; broadcastId: string | null },
  ) {
    const now = clock();
    const result = await db.transaction().execute(async (tx) => {
      const input = await inputs.lock(inputId, tx);
      if (!input || publisherOf(input, feed) !== publisher) return { appended: false, switched: false };
      const onAir =
        feed === 'primary' ||
        !input.primary_publisher ||
        !heardWithin(input.primary_heard_at, now, silentAfterMs);
      await inputs.heard(inputId, feed, publisher, now, tx);
      if (!onAir) return { appended: false, switched: false };
      await inputs.appendSegment(
        input,
        {
          object_key: segment.key,
          duration: segment.duration,
          source: feed,
          broadcast_id: segment.broadcastId,
        },
        tx,
      );
      return { appended: true, switched: input.last_source !== feed };
    });
    if (result.switched) await live.refresh(inputId, true);
    return result.appended;
  }

  function handlerFor(input: RtmpInputRecord, feed: Feed, publisherId: string): PublishHandler {
    return {
      async onSegment(segment: IngestSegment) {
        // A channel that stopped accepting (its test run or its event ended) ends its publishers.
        const channel = await live.channelNow(input.id);
        if (!channel || !acceptsPublisher(channel.state)) return publishing.get(publisherId)?.kick();
        const key = `live/${input.id}/${publisherId}/${segment.index}.ts`;
        await storage.putFile(key, segment.file, { move: true, contentType: 'video/mp2t' });
        const stored = { key, duration: segment.duration, broadcastId: channel.sessionOnAir };
        if (!(await append(input.id, feed, publisherId, stored))) await storage.delete(key);
      },
      async onEnd(end: PublishEnd) {
        publishing.delete(publisherId);
        const error = end.reason === 'unsupported' ? (end.message ?? null) : null;
        if (await inputs.releaseFeed(input.id, feed, publisherId, error)) {
          await live.refresh(input.id, true);
        }
      },
    };
  }

  /** The clip a channel of this event repeats while no encoder sends, made once per image. */
  async function fillerClipOf(eventId: string): Promise<{ key: string; duration: number }> {
    const image = await deps.fillerImageOf(eventId);
    // The slate says the stream will start shortly (a stage waiting for its encoder is never a blank box).
    const key = `live/fillers/${eventId}/${image?.id ?? 'slate-waiting'}.ts`;
    const made = await storage.head(key);
    const work = await mkdtemp(path.join(await ensureDir(deps.workDir), 'filler-'));
    try {
      if (!made) {
        let imagePath: string | null = null;
        if (image) {
          imagePath = storage.localPath(image.key) ?? path.join(work, 'image');
          if (!storage.localPath(image.key)) await storage.download(image.key, imagePath);
        }
        const clip = path.join(work, 'filler.ts');
        const line = path.join(work, 'slate.txt');
        await writeFile(line, eventAppMessages.streamStartingShortly);
        // A machine without fonts cannot write the line: the plain slate, rather than no filler at all.
        await runMediaTool('ffmpeg', fillerClipArgs(imagePath, clip, line)).catch(async () => {
          await rm(clip, { force: true });
          return runMediaTool('ffmpeg', fillerClipArgs(imagePath, clip));
        });
        await storage.putFile(key, clip, { move: true, contentType: 'video/mp2t' });
      }
      const local = storage.localPath(key) ?? path.join(work, 'probe.ts');
      if (!storage.localPath(key)) await storage.download(key, local);
      return { key, duration: (await probeMedia(local)).durationSeconds ?? deps.segmentSeconds };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  const fillerClips = new Map<string, { clip: Promise<{ key: string; duration: number }>; at: number }>();
  /** The event's clip, looked up at most once a minute (a new filler slide shows within it). */
  function fillerClip(eventId: string) {
    const known = fillerClips.get(eventId);
    if (known && Date.now() - known.at < 60_000) return known.clip;
    const clip = fillerClipOf(eventId);
    fillerClips.set(eventId, { clip, at: Date.now() });
    clip.catch(() => fillerClips.delete(eventId));
    return clip;
  }

  return {
    /** The ingest's check on publish: the input's key, its channel accepting, the key free (or silent). */
    async authorize(
      publisher: Publisher,
      session: PublishSession,
    ): Promise<PublishHandler | PublishRefusal | null> {
      if (publisher.app !== RTMP_APP) return null;
      const found = await inputs.byStreamKey(publisher.key);
      if (!found) return null;
      const channel = await live.channelNow(found.input.id);
      if (!channel || !acceptsPublisher(channel.state)) return null;
      const publisherId = randomUUID();
      const now = clock();
      const claim = await inputs.claimFeed(
        found.input.id,
        found.feed,
        publisherId,
        now,
        new Date(now.getTime() - silentAfterMs),
      );
      if (!claim.claimed) return { refused: rtmpInputServerMessages.streamKeyInUse };
      if (claim.replaced) publishing.get(claim.replaced)?.kick();
      publishing.set(publisherId, session);
      await live.refresh(found.input.id, true);
      return handlerFor(found.input, found.feed, publisherId);
    },

    /**
     * No dead air: every live session whose channel hears no feed gets the filler clip appended, one
     * segment's time after the last segment, until a publisher returns.
     */
    async fillDeadAir(): Promise<void> {
      const now = clock();
      for (const session of await deps.sessionsOnAir(now)) {
        const silent = (input: RtmpInputRecord) =>
          (['primary', 'failover'] as const).every(
            (feed) => !publisherOf(input, feed) || !heardWithin(heardAt(input, feed), now, silentAfterMs),
          );
        const input = await inputs.find(session.inputId);
        if (!input || !silent(input)) continue;
        const clip = await fillerClip(session.eventId);
        // Decided again under the row's lock: ingest nodes tick side by side.
        const switched = await db.transaction().execute(async (tx) => {
          const locked = await inputs.lock(session.inputId, tx);
          const [last] = await inputs.lastSegments(session.inputId, 1, tx);
          const due = !last || now.getTime() - last.created_at.getTime() >= last.duration * 1000;
          if (!locked || !silent(locked) || !due) return false;
          const filler = { object_key: clip.key, duration: clip.duration, source: 'filler' as const };
          await inputs.appendSegment(locked, { ...filler, broadcast_id: session.broadcastId }, tx);
          return locked.last_source !== 'filler';
        });
        if (switched) await live.refresh(session.inputId);
      }
    },

    /**
     * Deletes the segments no playlist lists any more and no recording still needs (test runs, live
     * sessions already recorded); a filler clip's object is the event's, shared, and stays.
     */
    async pruneSegments(): Promise<void> {
      const segments = await inputs.prunableSegments(
        new Date(clock().getTime() - PRUNE_AFTER_MS),
        LIVE_PLAYLIST_WINDOW,
      );
      for (const segment of segments)
        if (segment.source !== 'filler') await storage.delete(segment.object_key);
      for (const inputId of new Set(segments.map((segment) => segment.input_id)))
        await inputs.deleteSegments(
          inputId,
          segments.filter((segment) => segment.input_id === inputId).map((segment) => segment.sequence),
        );
    },

    /** The channel's live playlist; undefined when there is no such input. */
    async playlist(inputId: string): Promise<string | undefined> {
      const channel = await live.channelNow(inputId);
      if (!channel) return undefined;
      const segments = await inputs.lastSegments(inputId, LIVE_PLAYLIST_WINDOW);
      return livePlaylist(segments, {
        segmentSeconds: deps.segmentSeconds,
        ended: channel.state === 'DELETED',
        uri: (sequence) => `${sequence}.ts`,
      });
    },

    async segmentKey(inputId: string, sequence: number): Promise<string | undefined> {
      return (await inputs.segment(inputId, sequence))?.object_key;
    },
  };
}

async function ensureDir(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  return dir;
}

export type LiveChannels = ReturnType<typeof createLiveChannels>;
