import { STAGE_ROLL_VIDEO_ERRORS, type StageRollVideoError, type VideoUsageEntry } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** What the events area asks the video library before it takes a buffer video. */
export interface LibraryVideos {
  /** The video's transcode status when it belongs to the organisation; undefined otherwise. */
  statusOf(organizationId: string, assetId: string): Promise<string | undefined>;
}

const refused = (code: StageRollVideoError) => fieldError('stage_roll_video_asset', STAGE_ROLL_VIDEO_ERRORS[code], code);

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

/** Usage subtypes (spec 000 §3) by event type. */
const subtypeOf = (eventType: string) => eventType.toUpperCase();

/**
 * The library's "where is this video used" for buffer videos: events (EVENT, subtype from the
 * event type) and templates (STUDIO_EVENT_TEMPLATE, subtype from the template's event type).
 */
export function createStageRollUsage(db: Executor) {
  return {
    async usagesOf(organizationId: string, assetIds: readonly string[]): Promise<Map<string, VideoUsageEntry[]>> {
      const usages = new Map<string, VideoUsageEntry[]>();
      const add = (assetId: string | null, entry: VideoUsageEntry) => {
        if (assetId) usages.set(assetId, [...(usages.get(assetId) ?? []), entry]);
      };
      const events = await db
        .selectFrom('events')
        .select(['id', 'title', 'event_type', 'created_at', 'stage_roll_video_asset_id'])
        .where('organization_id', '=', organizationId)
        .where('stage_roll_video_asset_id', 'in', assetIds)
        .orderBy('created_at')
        .execute();
      for (const event of events) {
        add(event.stage_roll_video_asset_id, {
          entity_id: event.id,
          entity_title: event.title,
          entity_subtype: subtypeOf(event.event_type),
          entity_type: 'EVENT',
          entity_created_date: event.created_at.toISOString(),
        });
      }
      const templates = await db
        .selectFrom('studio_templates')
        .select(['id', 'title', 'settings', 'created_at', 'stage_roll_video_asset_id'])
        .where('organization_id', '=', organizationId)
        .where('stage_roll_video_asset_id', 'in', assetIds)
        .orderBy('created_at')
        .execute();
      for (const template of templates) {
        const eventType = typeof template.settings.event_type === 'string' ? template.settings.event_type : null;
        add(template.stage_roll_video_asset_id, {
          entity_id: template.id,
          entity_title: template.title,
          entity_subtype: eventType && subtypeOf(eventType),
          entity_type: 'STUDIO_EVENT_TEMPLATE',
          entity_created_date: template.created_at.toISOString(),
        });
      }
      return usages;
    },
  };
}
