import type { Executor } from '../../../platform/db/executor.ts';

/**
 * For the live area (issue 19): the RTMP sessions that play an input, those on air at an instant
 * (every event's), and a session's title and event for its recording.
 */
export function createRtmpSessions(db: Executor) {
  const rtmpSessions = (tx: Executor) =>
    tx.selectFrom('broadcasts').where('broadcast_type', '=', 'RTMP').where('rtmp_input_id', 'is not', null);

  return {
    ofInput: (inputId: string, tx: Executor = db) =>
      rtmpSessions(tx)
        .select(['id', 'title', 'start_time', 'end_time'])
        .where('rtmp_input_id', '=', inputId)
        .orderBy('start_time')
        .execute(),

    async onAirAt(now: Date) {
      const rows = await rtmpSessions(db)
        .select(['id', 'rtmp_input_id', 'event_id'])
        .where('start_time', '<=', now)
        .where('end_time', '>', now)
        .orderBy('start_time', 'desc')
        .execute();
      return rows.map((row) => ({ broadcastId: row.id, inputId: row.rtmp_input_id!, eventId: row.event_id }));
    },

    session: (broadcastId: string) =>
      db
        .selectFrom('broadcasts')
        .select(['id', 'title', 'event_id'])
        .where('id', '=', broadcastId)
        .executeTakeFirst(),
  };
}

export type RtmpSessions = ReturnType<typeof createRtmpSessions>;
