import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { WistiaPushTable } from './integrations.tables.ts';

export type WistiaPushRow = Selectable<WistiaPushTable>;
export type WistiaPushChanges = Partial<Omit<WistiaPushRow, 'video_id'>>;
interface NewPush {
  videoId: string;
  organizationId: string;
  eventId: string;
  projectId: string;
}

const pushValues = (push: NewPush) => ({
  video_id: push.videoId,
  organization_id: push.organizationId,
  event_id: push.eventId,
  project_id: push.projectId,
});

/** The recordings' pushes to Wistia: one row per recording, its status and the project it goes to. */
export function createWistiaPushesRepository(db: Executor) {
  return {
    find: (videoId: string) =>
      db.selectFrom('wistia_pushes').selectAll().where('video_id', '=', videoId).executeTakeFirst(),

    ofEvent: (eventId: string) =>
      db.selectFrom('wistia_pushes').selectAll().where('event_id', '=', eventId).execute(),

    /** The push changed (or only touched: still alive); the row as it now stands. */
    touch: (videoId: string, changes: WistiaPushChanges = {}) =>
      db
        .updateTable('wistia_pushes')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('video_id', '=', videoId)
        .returningAll()
        .executeTakeFirst(),

    /** The recording's first push, unless it has one: whether this claimed it. */
    async claim(tx: Executor, push: NewPush): Promise<boolean> {
      const claimed = await tx
        .insertInto('wistia_pushes')
        .values(pushValues(push))
        .onConflict((conflict) => conflict.column('video_id').doNothing())
        .returning('video_id')
        .executeTakeFirst();
      return claimed !== undefined;
    },

    /**
     * A push again into its project, unless one is on its way (pending, or uploading and touched
     * within `abandonedAfterSeconds`): whether this claimed it.
     */
    async claimAgain(tx: Executor, push: NewPush, abandonedAfterSeconds: number): Promise<boolean> {
      const row = await tx
        .insertInto('wistia_pushes')
        .values(pushValues(push))
        .onConflict((conflict) =>
          conflict
            .column('video_id')
            .doUpdateSet({
              project_id: push.projectId,
              status: 'pending',
              media_hashed_id: null,
              error: null,
              updated_at: sql<Date>`now()`,
            })
            .where((where) =>
              where.or([
                where('wistia_pushes.status', 'in', ['done', 'failed']),
                where.and([
                  where('wistia_pushes.status', '=', 'uploading'),
                  where(
                    'wistia_pushes.updated_at',
                    '<',
                    sql<Date>`now() - make_interval(secs => ${abandonedAfterSeconds})`,
                  ),
                ]),
              ]),
            ),
        )
        .returning('video_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
