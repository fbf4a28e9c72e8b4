import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { PostTable } from './posts.tables.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';

export type PostRow = Selectable<PostTable>;

/** All SQL of posts; every read and write names the organisation. */
export function createPostsRepository(db: Executor) {
  return {
    list: (
      organizationId: string,
      filter: { video_asset: string; event?: string | undefined; kind?: string | undefined },
    ) => {
      let query = db
        .selectFrom('posts')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('video_asset_id', '=', filter.video_asset);
      if (filter.event) query = query.where('event_id', '=', filter.event);
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      return query.orderBy('created_at', 'desc').orderBy('id').execute();
    },

    find: (organizationId: string, id: string) => organizationRows.find(db, 'posts', organizationId, id),

    /** A post whose sharing is on, whoever asks (its public page). */
    findShared: (id: string) =>
      db
        .selectFrom('posts')
        .selectAll()
        .where('id', '=', id)
        .where('shared_at', 'is not', null)
        .executeTakeFirst(),

    insert: (rows: Insertable<PostTable>[]) => db.insertInto('posts').values(rows).returningAll().execute(),

    update: (organizationId: string, id: string, changes: Updateable<PostTable>) =>
      organizationRows.updateReturning(db, 'posts', organizationId, id, {
        ...changes,
        updated_at: new Date(),
      }),

    /** Whether the organisation's post was there to remove. */
    remove(organizationId: string, id: string): Promise<boolean> {
      return organizationRows.delete(db, 'posts', organizationId, id);
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
