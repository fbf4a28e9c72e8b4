import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import type { ContentProjectTable } from './clips.tables.ts';

export interface ContentProjectRow extends Selectable<ContentProjectTable> {
  video_count: number;
  clip_count: number;
}

/** The only code that touches the content_projects and content_project_videos tables. */
export function createProjectsRepository(db: Executor) {
  const withCounts = () =>
    db
      .selectFrom('content_projects')
      .selectAll('content_projects')
      .select([
        sql<number>`(select count(*) from content_project_videos
          where content_project_videos.project_id = content_projects.id)::int`.as('video_count'),
        sql<number>`(select count(*) from clips where clips.project_id = content_projects.id)::int`.as(
          'clip_count',
        ),
      ]);

  return {
    async list(organizationId: string): Promise<ContentProjectRow[]> {
      return withCounts()
        .where('content_projects.organization_id', '=', organizationId)
        .orderBy('content_projects.created_at', 'desc')
        .orderBy('content_projects.id', 'desc')
        .execute();
    },

    async find(organizationId: string, id: string): Promise<ContentProjectRow | undefined> {
      return withCounts()
        .where('content_projects.organization_id', '=', organizationId)
        .where('content_projects.id', '=', id)
        .executeTakeFirst();
    },

    async insert(project: Insertable<ContentProjectTable>): Promise<string> {
      const { id } = await db
        .insertInto('content_projects')
        .values(project)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    rename(organizationId: string, id: string, name: string): Promise<boolean> {
      return organizationRows.update(db, 'content_projects', organizationId, id, {
        name,
        updated_at: new Date(),
      });
    },

    /**
     * Deletes the project if it holds no video and no clip. The row is locked first: a video or clip
     * being put in it meanwhile (its foreign key holds the row) is waited for, then counted.
     */
    async deleteIfEmpty(organizationId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await tx.selectFrom('content_projects').select('id').where('id', '=', id).forUpdate().execute();
        const deleted = await tx
          .deleteFrom('content_projects')
          .where('organization_id', '=', organizationId)
          .where('id', '=', id)
          // Neither a video nor a clip in it.
          .where(
            sql<boolean>`not exists (select 1 from content_project_videos
              where content_project_videos.project_id = content_projects.id)`,
          )
          .where(sql<boolean>`not exists (select 1 from clips where clips.project_id = content_projects.id)`)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0;
      });
    },

    /** The organisation's default project, made the first time it is needed. */
    async defaultOf(organizationId: string, name: string): Promise<string> {
      await db
        .insertInto('content_projects')
        .values({ organization_id: organizationId, name, is_default: true })
        .onConflict((conflict) =>
          conflict.column('organization_id').where('is_default', '=', true).doNothing(),
        )
        .execute();
      const { id } = await db
        .selectFrom('content_projects')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('is_default', '=', true)
        .executeTakeFirstOrThrow();
      return id;
    },

    /** The project the video is in, of the organisation. */
    async projectOfVideo(organizationId: string, videoId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('content_project_videos')
        .innerJoin('content_projects', 'content_projects.id', 'content_project_videos.project_id')
        .select('content_projects.id')
        .where('content_projects.organization_id', '=', organizationId)
        .where('content_project_videos.video_asset_id', '=', videoId)
        .executeTakeFirst();
      return row?.id;
    },

    /** The project each of these videos is in, of the organisation (videos in none are left out). */
    async projectsOfVideos(
      organizationId: string,
      videoIds: readonly string[],
    ): Promise<{ video_asset: string; project: string; project_name: string }[]> {
      if (videoIds.length === 0) return [];
      return db
        .selectFrom('content_project_videos')
        .innerJoin('content_projects', 'content_projects.id', 'content_project_videos.project_id')
        .select([
          'content_project_videos.video_asset_id as video_asset',
          'content_projects.id as project',
          'content_projects.name as project_name',
        ])
        .where('content_projects.organization_id', '=', organizationId)
        .where('content_project_videos.video_asset_id', 'in', videoIds)
        .orderBy('content_project_videos.video_asset_id')
        .execute();
    },

    /** Puts the video in the project (out of the one it was in). */
    async putVideo(projectId: string, videoId: string): Promise<void> {
      await db
        .insertInto('content_project_videos')
        .values({ project_id: projectId, video_asset_id: videoId })
        .onConflict((conflict) =>
          conflict.column('video_asset_id').doUpdateSet({ project_id: projectId, added_at: new Date() }),
        )
        .execute();
    },

    /** Puts the video in the project unless it is in one already; answers the project it is in. */
    async placeVideo(projectId: string, videoId: string): Promise<string> {
      await db
        .insertInto('content_project_videos')
        .values({ project_id: projectId, video_asset_id: videoId })
        .onConflict((conflict) => conflict.column('video_asset_id').doNothing())
        .execute();
      const { project_id } = await db
        .selectFrom('content_project_videos')
        .select('project_id')
        .where('video_asset_id', '=', videoId)
        .executeTakeFirstOrThrow();
      return project_id;
    },

    /** The project's video ids, the latest added first. */
    async videoIds(projectId: string, page: { limit: number; offset: number }): Promise<string[]> {
      const rows = await db
        .selectFrom('content_project_videos')
        .select('video_asset_id')
        .where('project_id', '=', projectId)
        .orderBy('added_at', 'desc')
        .orderBy('video_asset_id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return rows.map((row) => row.video_asset_id);
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
