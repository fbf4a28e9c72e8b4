import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { PostTable } from './posts.tables.ts';
import { deleteOrganizationRow } from '../../platform/db/organization-row.ts';

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

    find: (organizationId: string, id: string) =>
      db
        .selectFrom('posts')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .executeTakeFirst(),

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
      db
        .updateTable('posts')
        .set({ ...changes, updated_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    /** Whether the organisation's post was there to remove. */
    remove(organizationId: string, id: string): Promise<boolean> {
      return deleteOrganizationRow(db, 'posts', organizationId, id);
    },
  };
}

export type PostsRepository = ReturnType<typeof createPostsRepository>;
