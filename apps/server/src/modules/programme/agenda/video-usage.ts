import { usageSubtypeOf, type VideoUsageEntry } from '@studio/domain';
import type { VideoUsageProvider } from '../../video-library/usage.ts';
import type { AgendaDeps } from './agenda-access.ts';

/**
 * The library's "where is this video used" for sessions' videos (spec 000 §3 "Usage entry"): one
 * EVENT entry per event whose sessions use the video, subtype from the event type.
 */
export function createSessionVideoUsage({
  agenda,
  events,
}: Pick<AgendaDeps, 'agenda' | 'events'>): VideoUsageProvider {
  return {
    async usagesOf(organizationId, assetIds) {
      const usages = new Map<string, VideoUsageEntry[]>();
      const rows = await agenda.sessionsUsing(assetIds);
      if (rows.length === 0) return usages;
      const eventsById = new Map(
        (
          await events.programmeEventsByIds(
            organizationId,
            rows.map((row) => row.event_id),
          )
        ).map((event) => [event.id, event]),
      );
      for (const row of rows) {
        const event = eventsById.get(row.event_id);
        const entries = usages.get(row.video_asset_id) ?? [];
        if (!event || entries.some((entry) => entry.entity_id === event.id)) continue;
        entries.push({
          entity_id: event.id,
          entity_title: event.title,
          entity_subtype: usageSubtypeOf(event.event_type),
          entity_type: 'EVENT',
          entity_created_date: event.created_at.toISOString(),
        });
        usages.set(row.video_asset_id, entries);
      }
      return usages;
    },

    assetsUsedBy: (eventIds) => agenda.videosOfEvents(eventIds),
  };
}
