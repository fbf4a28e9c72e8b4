import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { ChannelSource, LiveSegmentTable, RtmpInputTable } from './live.tables.ts';
import { pagedList } from '../../platform/db/paged-list.ts';

export type RtmpInputRecord = Selectable<RtmpInputTable>;
export type LiveSegmentRecord = Selectable<LiveSegmentTable>;
export type Feed = 'primary' | 'failover';

const publisherColumn = { primary: 'primary_publisher', failover: 'failover_publisher' } as const;
const heardColumn = { primary: 'primary_heard_at', failover: 'failover_heard_at' } as const;

/** The only code that touches `rtmp_inputs`, `live_segments` and `live_recordings`. */
export function createLiveRepository(db: Executor) {
  return {
    async list(eventId: string, page: { limit: number; offset: number }, tx: Executor = db) {
      const query = tx.selectFrom('rtmp_inputs').where('event_id', '=', eventId);
      return pagedList(query, query.selectAll().orderBy('created_at').orderBy('id'), page);
    },

    ofEvent: (eventId: string, tx: Executor = db) =>
      tx.selectFrom('rtmp_inputs').selectAll().where('event_id', '=', eventId).execute(),

    find: (id: string, tx: Executor = db): Promise<RtmpInputRecord | undefined> =>
      tx.selectFrom('rtmp_inputs').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The input row, locked until the transaction ends (segments are appended one at a time). */
    lock: (id: string, tx: Executor) =>
      tx.selectFrom('rtmp_inputs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /** The input whose primary or failover key this is, and which of the two. */
    async byStreamKey(key: string): Promise<{ input: RtmpInputRecord; feed: Feed } | undefined> {
      const input = await db
        .selectFrom('rtmp_inputs')
        .selectAll()
        .where((eb) => eb.or([eb('stream_key', '=', key), eb('failover_stream_key', '=', key)]))
        .executeTakeFirst();
      return input && { input, feed: input.stream_key === key ? 'primary' : 'failover' };
    },

    insert: (row: Insertable<RtmpInputTable>, tx: Executor = db) =>
      tx.insertInto('rtmp_inputs').values(row).returningAll().executeTakeFirstOrThrow(),

    update: (id: string, changes: Updateable<RtmpInputTable>, tx: Executor = db) =>
      tx.updateTable('rtmp_inputs').set(changes).where('id', '=', id).returningAll().executeTakeFirst(),

    async delete(id: string, tx: Executor = db): Promise<void> {
      await tx.deleteFrom('rtmp_inputs').where('id', '=', id).execute();
    },

    /**
     * Takes a key for a publisher when nobody holds it or its holder was last heard before
     * `silentBefore` (a reconnect takes over its channel); answers the publisher it replaced, if any.
     */
    async claimFeed(id: string, feed: Feed, publisher: string, now: Date, silentBefore: Date) {
      return db.transaction().execute(async (tx) => {
        const input = await tx
          .selectFrom('rtmp_inputs')
          .select([publisherColumn[feed], heardColumn[feed]])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!input) return { claimed: false as const };
        const holder = feed === 'primary' ? input.primary_publisher : input.failover_publisher;
        const heard = feed === 'primary' ? input.primary_heard_at : input.failover_heard_at;
        if (holder && heard && heard >= silentBefore) return { claimed: false as const };
        await tx
          .updateTable('rtmp_inputs')
          .set({ [publisherColumn[feed]]: publisher, [heardColumn[feed]]: now, channel_error: null })
          .where('id', '=', id)
          .execute();
        return { claimed: true as const, replaced: holder };
      });
    },

    /** Lets go of a key, when this publisher still holds it; answers whether it did. */
    async releaseFeed(id: string, feed: Feed, publisher: string, error: string | null): Promise<boolean> {
      const result = await db
        .updateTable('rtmp_inputs')
        .set({ [publisherColumn[feed]]: null, [heardColumn[feed]]: null, channel_error: error })
        .where('id', '=', id)
        .where(publisherColumn[feed], '=', publisher)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks a feed heard without appending (its segment was not the one on air). */
    async heard(id: string, feed: Feed, publisher: string, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('rtmp_inputs')
        .set({ [heardColumn[feed]]: at })
        .where('id', '=', id)
        .where(publisherColumn[feed], '=', publisher)
        .execute();
    },

    /** Appends a segment to the locked input's playlist: the next sequence, a discontinuity on a change of source. */
    async appendSegment(
      input: RtmpInputRecord,
      segment: { object_key: string; duration: number; source: ChannelSource; broadcast_id: string | null },
      tx: Executor,
    ): Promise<LiveSegmentRecord> {
      // A filler segment is the same clip each time: its timestamps restart, so each is a discontinuity.
      const discontinuity =
        input.last_source !== null && (input.last_source !== segment.source || segment.source === 'filler');
      const row = await tx
        .insertInto('live_segments')
        .values({
          input_id: input.id,
          sequence: input.next_sequence,
          discontinuity,
          discontinuities_before: input.discontinuities,
          ...segment,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('rtmp_inputs')
        .set({
          next_sequence: input.next_sequence + 1,
          discontinuities: input.discontinuities + (discontinuity ? 1 : 0),
          last_source: segment.source,
        })
        .where('id', '=', input.id)
        .execute();
      return row;
    },

    /** The last `count` segments of a channel, oldest first. */
    async lastSegments(inputId: string, count: number, tx: Executor = db): Promise<LiveSegmentRecord[]> {
      const rows = await tx
        .selectFrom('live_segments')
        .selectAll()
        .where('input_id', '=', inputId)
        .orderBy('sequence', 'desc')
        .limit(count)
        .execute();
      return rows.reverse();
    },

    segment: (inputId: string, sequence: number) =>
      db
        .selectFrom('live_segments')
        .selectAll()
        .where('input_id', '=', inputId)
        .where('sequence', '=', sequence)
        .executeTakeFirst(),

    /** A session's own segments (no filler), in order: its recording. */
    sessionSegments: (broadcastId: string) =>
      db
        .selectFrom('live_segments')
        .selectAll()
        .where('broadcast_id', '=', broadcastId)
        .where('source', '!=', 'filler')
        .orderBy('sequence')
        .execute(),

    /** Notes that a session is being recorded (kept when a try fails and the job retries). */
    async claimRecording(broadcastId: string, inputId: string): Promise<void> {
      await db
        .insertInto('live_recordings')
        .values({ broadcast_id: broadcastId, input_id: inputId })
        .onConflict((oc) => oc.column('broadcast_id').doNothing())
        .execute();
    },

    async recorded(broadcastId: string, videoAssetId: string): Promise<void> {
      await db
        .updateTable('live_recordings')
        .set({ video_asset_id: videoAssetId })
        .where('broadcast_id', '=', broadcastId)
        .execute();
    },

    /** Of these ended sessions, those with segments and no recording made yet. */
    async unrecorded(broadcastIds: readonly string[]): Promise<string[]> {
      if (broadcastIds.length === 0) return [];
      const rows = await db
        .selectFrom('live_segments')
        .select('broadcast_id')
        .distinct()
        .where('broadcast_id', 'in', [...broadcastIds])
        .where('source', '!=', 'filler')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('live_recordings')
                .select('live_recordings.broadcast_id')
                .whereRef('live_recordings.broadcast_id', '=', 'live_segments.broadcast_id')
                .where('live_recordings.video_asset_id', 'is not', null),
            ),
          ),
        )
        .execute();
      return rows.map((row) => row.broadcast_id!);
    },

    /** The made recordings of the sessions (their video and session). */
    madeRecordingsOf: (broadcastIds: readonly string[]) =>
      broadcastIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('live_recordings')
            .select(['broadcast_id', 'video_asset_id'])
            .where('broadcast_id', 'in', broadcastIds)
            .where('video_asset_id', 'is not', null)
            .execute(),

    recordingOf: (broadcastId: string) =>
      db.selectFrom('live_recordings').selectAll().where('broadcast_id', '=', broadcastId).executeTakeFirst(),

    /**
     * Segments no one needs any more: older than `before`, not among the channel's last `keep` (the
     * playlist), and outside any session or in a session whose recording is made.
     */
    async prunableSegments(before: Date, keep: number): Promise<LiveSegmentRecord[]> {
      return db
        .selectFrom('live_segments as segment')
        .selectAll()
        .where('segment.created_at', '<', before)
        .where((eb) =>
          eb.or([
            eb('segment.broadcast_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('live_recordings as recording')
                .select('recording.broadcast_id')
                .whereRef('recording.broadcast_id', '=', 'segment.broadcast_id')
                .where('recording.video_asset_id', 'is not', null),
            ),
          ]),
        )
        .where(
          'segment.sequence',
          '<=',
          sql<number>`(select max(newest.sequence) - ${keep} from live_segments newest where newest.input_id = segment.input_id)`,
        )
        .orderBy('segment.input_id')
        .orderBy('segment.sequence')
        .limit(1000)
        .execute();
    },

    async deleteSegments(inputId: string, sequences: readonly number[]): Promise<void> {
      if (sequences.length > 0)
        await db
          .deleteFrom('live_segments')
          .where('input_id', '=', inputId)
          .where('sequence', 'in', sequences)
          .execute();
    },
  };
}

export type LiveRepository = ReturnType<typeof createLiveRepository>;
