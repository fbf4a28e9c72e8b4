import { PAGE_OWNER_USAGE_TYPES, usageSubtypeOf, type VideoUsageEntry } from '@studio/domain';
import type { VideoUsageProvider } from '../video-library/usage.ts';
import type { PagesRepository } from './pages.repository.ts';

/**
 * The library's "where is this video used" for built pages' Video blocks (spec 000 §3 "Usage
 * entry"): one entry per owner whose saved pages show the video — an event (EVENT), a series
 * (SERIES), a template (STUDIO_EVENT_TEMPLATE) or a hub page (HUB), subtype from its event type.
 */
export function createPageVideoUsage(pages: PagesRepository): VideoUsageProvider {
  return {
    async usagesOf(organizationId, assetIds) {
      const usages = new Map<string, VideoUsageEntry[]>();
      const asked = new Set(assetIds);
      for (const page of await pages.showingVideos(organizationId, assetIds)) {
        for (const videoId of new Set(page.video_ids)) {
          const entries = usages.get(videoId) ?? [];
          // An owner's other kinds of page showing it add no entry.
          if (!asked.has(videoId) || entries.some((entry) => entry.entity_id === page.owner_id)) continue;
          entries.push({
            entity_id: page.owner_id,
            entity_title: page.title,
            entity_subtype: usageSubtypeOf(page.event_type),
            entity_type: PAGE_OWNER_USAGE_TYPES[page.owner_type],
            entity_created_date: new Date(page.created_at).toISOString(),
          });
          usages.set(videoId, entries);
        }
      }
      return usages;
    },

    assetsUsedBy: (eventIds) => pages.videosOfEvents(eventIds),
  };
}
