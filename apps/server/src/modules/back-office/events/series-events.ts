import type { Executor } from '../../../platform/db/executor.ts';
import type { Scope } from '../event-scope.ts';
import { toMinimal } from './events.answers.ts';
import type { EventsRepository } from './events.repository.ts';

/** What the series area does with events (part of the event core). */
export function createSeriesEvents(events: EventsRepository) {
  return {
    /** A plain series takes these events (already checked visible). */
    attachToSeries: (scope: Scope, eventIds: string[], seriesId: string, tx?: Executor) =>
      events.setSeries(scope.organizationId, eventIds, seriesId, tx),

    /** A plain series' events become exactly these. */
    async setSeriesEvents(scope: Scope, seriesId: string, eventIds: string[], tx?: Executor): Promise<void> {
      await events.detachFromSeries(seriesId, eventIds, tx);
      await events.setSeries(scope.organizationId, eventIds, seriesId, tx);
    },

    /**
     * get_cached_data of a series: upcoming and past counts (as the list filters say), the next event
     * and the first not ended (the series is live while it is).
     */
    async seriesCachedData(scope: Scope, seriesId: string, now: Date) {
      const one = { limit: 1, offset: 0 };
      const [upcoming, past, next] = await Promise.all([
        events.list(scope, { series: [seriesId], end_time_gte: now, ordering: 'start_time' }, one),
        events.list(scope, { series: [seriesId], end_time_lte: now, ordering: 'start_time' }, one),
        events.list(scope, { series: [seriesId], start_time_gte: now, ordering: 'start_time' }, one),
      ]);
      const [first] = next.rows;
      const [current] = upcoming.rows;
      return {
        upcoming_events_count: upcoming.count,
        past_events_count: past.count,
        next_event: first ? toMinimal(first) : null,
        current_event: current ? toMinimal(current) : null,
      };
    },

    /** The occurrence a repeating event's programme is edited on (its first not started). */
    async programmeEventOfSeries(seriesId: string): Promise<string | null> {
      const [holder] = await events.notStartedOccurrences(seriesId, new Date());
      return holder?.id ?? null;
    },
  };
}
