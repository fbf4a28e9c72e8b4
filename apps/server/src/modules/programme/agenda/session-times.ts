import type { Executor } from '../../../platform/db/executor.ts';

/** A session as pages outside the studio name it: its title and times. */
export interface SessionTimes {
  id: string;
  title: string;
  start_time: Date;
  end_time: Date;
  /** Rises with every change (a calendar invitation's version follows it). */
  updated_at: Date;
}

/**
 * For pages and emails outside the studio (the event app's entrance, people's invitations): these
 * sessions of the event, by start. Ids of other events' sessions are left out.
 */
export function createSessionTimes(db: Executor) {
  return async (eventId: string, ids: readonly string[], tx: Executor = db): Promise<SessionTimes[]> => {
    if (ids.length === 0) return [];
    return tx
      .selectFrom('broadcasts')
      .select(['id', 'title', 'start_time', 'end_time', 'updated_at'])
      .where('event_id', '=', eventId)
      .where('id', 'in', [...ids])
      .orderBy('start_time')
      .orderBy('id')
      .execute();
  };
}
