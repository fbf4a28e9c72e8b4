import {
  DEFAULT_EVENT_ORDERING,
  eventListWindow,
  eventsPageSize,
  eventTypesOf,
  isScheduled,
  seriesTypeOf,
  type EventListQuery,
  type EventMinimal,
  type ListedEvent,
  type Recording,
  type RecordingListQuery,
} from '@studio/domain';
import type { Caller } from '../../../platform/http/caller.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import type { Scopes } from '../event-scope.ts';
import { toListedEvent, toMinimal, toRecording } from './events.answers.ts';
import type { EventFilter, EventsRepository } from './events.repository.ts';

/** The events lists (spec 001 §7): events with their named filters, and recordings. */
export function createEventLists(deps: { events: EventsRepository; scopes: Scopes }) {
  const { events, scopes } = deps;

  function listFilter(query: EventListQuery, now: Date): EventFilter {
    const window = query.filter ? eventListWindow(query.filter, now) : {};
    const latest = (a?: Date, b?: Date) => (a && b ? (a > b ? a : b) : (a ?? b));
    const earliest = (a?: Date, b?: Date) => (a && b ? (a < b ? a : b) : (a ?? b));
    const eventTypes = query.event_type ? [...new Set(query.event_type.flatMap(eventTypesOf))] : undefined;
    return {
      series: query.series,
      title: query.title || undefined,
      tags: query.tag,
      workspace: query.workspace,
      workspace__isnull: query.workspace__isnull,
      seriesType: query.series_type ?? (query.repeating ? seriesTypeOf(query.repeating) : undefined),
      eventTypes,
      // Only where recordings may be listed (the default, webinars and conferences, reads as before).
      unscheduled: eventTypes?.every(isScheduled) ? undefined : window.unscheduled,
      // The named filter and the explicit bounds both apply.
      end_time_gte: latest(window.end_time_gte, query.end_time_gte),
      end_time_lte: earliest(window.end_time_lte, query.end_time_lte),
      start_time_gte: latest(window.start_time_gte, query.start_time_gte),
      start_time_lte: query.start_time_lte,
      ordering: query.ordering ?? DEFAULT_EVENT_ORDERING,
    };
  }

  return {
    /** Spec 001 §7 "Events GET list"; page size 25, or 10 with the not-use-registrant-counts flag. */
    async list(
      caller: Caller,
      query: EventListQuery,
      pageOf: (defaultSize: number) => PageRequest,
    ): Promise<Counted<ListedEvent | EventMinimal> & { page: PageRequest; estimated: boolean }> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const page = pageOf(eventsPageSize(scope.settings));
      const minimal = query.min === true || query.minimal_data === true;
      // Pickers (minimal rows) and organisations with the not-use-registrant-counts flag go without.
      const registrantCounts = !minimal && !scope.settings.notUseRegistrantCounts;
      const { count, estimated, rows } = await events.list(
        scope,
        listFilter(query, query.now ?? new Date()),
        page,
        { registrantCounts },
      );
      return {
        count,
        estimated,
        page,
        results: rows.map((row) => (minimal ? toMinimal(row) : toListedEvent(row))),
      };
    },

    async recordings(
      caller: Caller,
      query: RecordingListQuery,
      page: PageRequest,
    ): Promise<Counted<Recording> & { estimated: boolean }> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const { count, estimated, rows } = await events.list(
        scope,
        {
          title: query.title || undefined,
          workspace: query.workspace,
          workspace__isnull: query.workspace__isnull,
          eventTypes: ['Recording'],
          ordering: query.ordering,
        },
        page,
      );
      return { count, estimated, results: rows.map(toRecording) };
    },
  };
}
