import { sql } from 'kysely';
import type { PageDocument, PageKind, PageOwnerType } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { pageOwnersReadModel } from '../back-office/page-owners.read-model.ts';

/** The owner column of each owner type (its foreign key deletes the pages with their owner). */
const OWNER_COLUMN = {
  event: 'event_id',
  series: 'series_id',
  template: 'template_id',
  hub_page: 'hub_page_id',
} as const satisfies Record<PageOwnerType, string>;

export interface PageOwnerKey {
  organizationId: string;
  ownerType: PageOwnerType;
  ownerId: string;
}

/**
 * The library videos a page's Video blocks show (`videoIdsOf` of the domain, in SQL): a jsonb array
 * of their ids. Migration 0075 indexes this very expression.
 */
const videoIdsOfPage = sql<
  string[]
>`jsonb_path_query_array(builder_raw_json, '$.content[*] ? (@.type == "Video" && @.props.videoId != "").props.videoId')`;

/** The only code that touches `built_pages`. */
export function createPagesRepository(db: Executor) {
  return {
    find: (owner: PageOwnerKey, kind: PageKind, tx: Executor = db) =>
      tx
        .selectFrom('built_pages')
        .select(['kind', 'builder_raw_json', 'updated_at'])
        .where('organization_id', '=', owner.organizationId)
        .where('owner_type', '=', owner.ownerType)
        .where('owner_id', '=', owner.ownerId)
        .where('kind', '=', kind)
        .executeTakeFirst(),

    /** Every page of an owner (copies take them all). */
    ofOwner: (ownerType: PageOwnerType, ownerId: string, tx: Executor = db) =>
      tx
        .selectFrom('built_pages')
        .select(['organization_id', 'kind', 'builder_raw_json'])
        .where('owner_type', '=', ownerType)
        .where('owner_id', '=', ownerId)
        .execute(),

    save: (
      owner: PageOwnerKey,
      kind: PageKind,
      page: PageDocument,
      userId: string | null,
      tx: Executor = db,
    ) =>
      tx
        .insertInto('built_pages')
        .values({
          organization_id: owner.organizationId,
          owner_type: owner.ownerType,
          owner_id: owner.ownerId,
          [OWNER_COLUMN[owner.ownerType]]: owner.ownerId,
          kind,
          builder_raw_json: JSON.stringify(page),
          updated_by: userId,
        })
        .onConflict((conflict) =>
          conflict.columns(['owner_type', 'owner_id', 'kind']).doUpdateSet({
            builder_raw_json: JSON.stringify(page),
            updated_by: userId,
            updated_at: new Date(),
          }),
        )
        .returning(['kind', 'builder_raw_json', 'updated_at'])
        .executeTakeFirstOrThrow(),

    remove: (owner: PageOwnerKey, kind: PageKind, tx: Executor = db) =>
      tx
        .deleteFrom('built_pages')
        .where('organization_id', '=', owner.organizationId)
        .where('owner_type', '=', owner.ownerType)
        .where('owner_id', '=', owner.ownerId)
        .where('kind', '=', kind)
        .execute(),

    /**
     * The organisation's saved pages that show one of these videos, each with its owner's title,
     * event type and creation (oldest owner first) and the videos it shows.
     */
    showingVideos: (organizationId: string, videoIds: readonly string[]) =>
      db
        .selectFrom('built_pages')
        .innerJoinLateral(
          pageOwnersReadModel
            .ownerOf(sql.ref('built_pages.owner_type'), sql.ref('built_pages.owner_id'))
            .as('owner'),
          (join) => join.onTrue(),
        )
        .select([
          'built_pages.owner_type',
          'built_pages.owner_id',
          videoIdsOfPage.as('video_ids'),
          'owner.title',
          'owner.event_type',
          'owner.created_at',
        ])
        .where('built_pages.organization_id', '=', organizationId)
        .where(sql<boolean>`${videoIdsOfPage} ?| array[${sql.join(videoIds)}]::text[]`)
        .orderBy('owner.created_at')
        .orderBy('built_pages.owner_id')
        .execute(),

    /** The videos the pages of these events show (the ids are of one organisation, scoped by the caller). */
    async videosOfEvents(eventIds: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('built_pages')
        .select(videoIdsOfPage.as('video_ids'))
        .where('owner_type', '=', 'event')
        .where('owner_id', 'in', eventIds)
        .execute();
      return rows.flatMap((row) => row.video_ids);
    },

    deleteOfEvent: (eventId: string, tx: Executor) =>
      tx.deleteFrom('built_pages').where('event_id', '=', eventId).execute(),
  };
}

export type PagesRepository = ReturnType<typeof createPagesRepository>;
