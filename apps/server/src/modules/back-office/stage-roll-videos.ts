import {
  STAGE_ROLL_VIDEO_ERRORS,
  usageSubtypeOf,
  type StageRollVideoError,
  type VideoUsageEntry,
} from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** What the events area asks the video library before it takes a buffer video. */
export interface LibraryVideos {
  /** The video's transcode status when it belongs to the organisation; undefined otherwise. */
  statusOf(organizationId: string, assetId: string): Promise<string | undefined>;
}

const refused = (code: StageRollVideoError) =>
  fieldError('stage_roll_video_asset', STAGE_ROLL_VIDEO_ERRORS[code], code);

/**
 * Spec 002 §8.1: a buffer (stage roll) video is one of the organisation's videos, fully processed.
 * Answers the column's new value: undefined leaves it, null removes it.
 */
export async function checkedStageRollVideo(
  videos: LibraryVideos,
  organizationId: string,
  requested: string | null | undefined,
): Promise<string | null | undefined> {
  if (!requested) return requested;
  const status = await videos.statusOf(organizationId, requested);
  if (status === undefined) throw refused('VIDEO_DOESNOT_BELONG_TO_ORGANIZATION');
  if (status !== 'COMPLETE') throw refused('UNPROCESSED_VIDEO_FOR_STAGE_ROLL');
  return requested;
}

/**
 * The library's "where is this video used" for buffer videos: events (EVENT, subtype from the
 * event type) and templates (STUDIO_EVENT_TEMPLATE, subtype from the template's event type).
 */
export function createStageRollUsage(db: Executor) {
  return {
    async usagesOf(
      organizationId: string,
      assetIds: readonly string[],
    ): Promise<Map<string, VideoUsageEntry[]>> {
      // Events, then templates, each oldest first — in one query (the library lists ask on every page).
      const rows = await db
        .selectFrom('events')
        .select([
          'id',
          'title',
          'created_at',
          'stage_roll_video_asset_id',
          sql<string | null>`event_type`.as('event_type'),
          sql<number>`0`.as('rank'),
        ])
        .where('organization_id', '=', organizationId)
        .where('stage_roll_video_asset_id', 'in', assetIds)
        .unionAll(
          db
            .selectFrom('studio_templates')
            .select([
              'id',
              'title',
              'created_at',
              'stage_roll_video_asset_id',
              sql<string | null>`settings->>'event_type'`.as('event_type'),
              sql<number>`1`.as('rank'),
            ])
            .where('organization_id', '=', organizationId)
            .where('stage_roll_video_asset_id', 'in', assetIds),
        )
        .orderBy('rank')
        .orderBy('created_at')
        .execute();
      const usages = new Map<string, VideoUsageEntry[]>();
      for (const row of rows) {
        if (!row.stage_roll_video_asset_id) continue;
        const entry: VideoUsageEntry = {
          entity_id: row.id,
          entity_title: row.title,
          entity_subtype: usageSubtypeOf(row.event_type),
          entity_type: row.rank === 0 ? 'EVENT' : 'STUDIO_EVENT_TEMPLATE',
          entity_created_date: new Date(row.created_at).toISOString(),
        };
        usages.set(row.stage_roll_video_asset_id, [
          ...(usages.get(row.stage_roll_video_asset_id) ?? []),
          entry,
        ]);
      }
      return usages;
    },

    async assetsUsedBy(eventIds: readonly string[]): Promise<string[]> {
      const rows = await db
        .selectFrom('events')
        .select('stage_roll_video_asset_id')
        .where('id', 'in', eventIds)
        .where('stage_roll_video_asset_id', 'is not', null)
        .execute();
      return rows.flatMap((row) => row.stage_roll_video_asset_id ?? []);
    },
  };
}
