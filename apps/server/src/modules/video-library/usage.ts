import type { VideoUsageEntry } from '@studio/domain';
import type { ModuleLinks } from '../../platform/module-links.ts';

/**
 * Where other areas tell the library which of its videos they use (an event's buffer video, a
 * session's videos, a template's …). Each area that references videos registers one provider; the
 * library never reads their tables.
 */
export interface VideoUsageProvider {
  /** The usage entries of these assets, by asset id. */
  usagesOf(organizationId: string, assetIds: readonly string[]): Promise<Map<string, VideoUsageEntry[]>>;
  /**
   * The other way: the assets these events use (their EVENT and BOOTH entries); the ids are the
   * organisation's, scoped once by the library before any provider is asked.
   */
  assetsUsedBy(eventIds: readonly string[]): Promise<string[]>;
}

export function createUsageRegistry(providers: ModuleLinks<VideoUsageProvider>) {
  return {
    async usagesOf(
      organizationId: string,
      assetIds: readonly string[],
    ): Promise<Map<string, VideoUsageEntry[]>> {
      const merged = new Map<string, VideoUsageEntry[]>();
      if (assetIds.length === 0) return merged;
      // Every area asked at once (each is its own statement); merged in registration order.
      const answers = await Promise.all(
        providers.all().map((provider) => provider.usagesOf(organizationId, assetIds)),
      );
      for (const answer of answers) {
        for (const [assetId, entries] of answer) {
          merged.set(assetId, [...(merged.get(assetId) ?? []), ...entries]);
        }
      }
      return merged;
    },

    /** The videos these events of the organisation use, each once (the library's `include_used` list filter). */
    async usedBy(eventIds: readonly string[]): Promise<string[]> {
      if (eventIds.length === 0) return [];
      const answers = await Promise.all(providers.all().map((provider) => provider.assetsUsedBy(eventIds)));
      return [...new Set(answers.flat())];
    },

    async countsOf(organizationId: string, assetIds: readonly string[]): Promise<Map<string, number>> {
      const usages = await this.usagesOf(organizationId, assetIds);
      return new Map([...usages].map(([assetId, entries]) => [assetId, entries.length]));
    },
  };
}

export type UsageRegistry = ReturnType<typeof createUsageRegistry>;
