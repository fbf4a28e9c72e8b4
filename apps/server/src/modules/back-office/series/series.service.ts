import {
  eventServerMessages,
  TooManyOccurrencesError,
  type CreateSeriesRequest,
  type RecurrenceRule,
  type Series,
  type SeriesListQuery,
  type UpdateSeriesRequest,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import { sameFields, timestampsOf } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { sanitizeRichText } from '../../../platform/http/rich-text.ts';
import { checkOrganization, type Scope, type Scopes } from '../event-scope.ts';
import type { EventCore } from '../events/event-core.service.ts';
import type { Occurrences, SeriesLink } from '../events/events.service.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { SeriesRecord, SeriesRepository } from './series.repository.ts';
import { PLAN_FEATURE_OF } from '@studio/domain';
import { requirePlanFeature } from '../plan-gates.ts';
import { workspaceRefOf } from '../workspace-ref.ts';

export interface SeriesServiceDeps {
  db: Executor;
  series: SeriesRepository;
  scopes: Scopes;
  tags: TagsService;
  occurrences: Occurrences;
  /** The event core: series' events, their visibility and the programme's sync. */
  events: EventCore;
  /** Upcoming/past counts and the next event of a series (get_cached_data). */
  cachedData(scope: Scope, seriesId: string, now: Date): Promise<NonNullable<Series['cached_data']>>;
}

/** Series and repeating events (a series with a recurrence rule whose events it makes). */
export function createSeriesService(deps: SeriesServiceDeps) {
  const { db, series, scopes, tags, occurrences } = deps;

  const { visible: visibleSeries, ...guardLoad } = scopes.itemsOf(series);

  /**
   * Applies the rule: future occurrences only; an impossible rule is a 400 on `recurrence`.
   * Answers the occurrences it moved.
   */
  async function syncOccurrences(record: SeriesRecord, rule: RecurrenceRule, tx: Executor) {
    try {
      const { moved } = await occurrences.sync(
        {
          id: record.id,
          organization_id: record.organization_id,
          workspace_id: record.workspace_id,
          name: record.name,
          event_type: record.event_type,
          host_type: record.host_type,
          location: record.location,
          recurrence: rule,
          excluded_occurrences: record.excluded_occurrences,
          created_by: record.created_by,
        },
        new Date(),
        tx,
      );
      return moved;
    } catch (error) {
      if (error instanceof TooManyOccurrencesError) throw fieldError('recurrence', error.message);
      throw error;
    }
  }

  async function memberEvents(scope: Scope, ids: string[], tx?: Executor): Promise<string[]> {
    const unique = [...new Set(ids)];
    const visible = await deps.events.visibleIds(scope, unique, tx);
    if (visible.length !== unique.length) throw fieldError('events', eventServerMessages.eventNotFound);
    return unique;
  }

  const link: SeriesLink = {
    async seriesFor(scope, id, tx) {
      const found = await series.find(scope, id, tx);
      if (!found) throw fieldError('series', eventServerMessages.seriesNotFound);
      return { id: found.id, is_repeating: found.is_repeating };
    },
    excludeOccurrence: (seriesId, key, tx) => series.excludeOccurrence(seriesId, key, tx),
  };

  return {
    link,

    /** The route guard's scope and load of the series the path names. */
    ...guardLoad,

    async list(
      caller: Caller,
      query: SeriesListQuery,
      page: PageRequest,
    ): Promise<Counted<Series | { id: string; name: string }>> {
      const scope = await scopes.scopeOf(caller, 'event:read', query.organization);
      const { count, rows } = await series.list(
        scope,
        {
          name: query.name || undefined,
          filtering: query.filtering,
          workspace: query.workspace,
          workspace__isnull: query.workspace__isnull,
          tags: query.tag,
          isRepeating: query.is_repeating,
          ordering: query.ordering,
          now: query.now ?? new Date(),
        },
        page,
      );
      return {
        count,
        results: rows.map((row) =>
          query.min ? { id: row.id, name: row.name } : toSeries(row, query.get_tags === true),
        ),
      };
    },

    async get(
      caller: Caller,
      id: string,
      options: {
        min?: boolean | undefined;
        get_tags?: boolean | undefined;
        get_cached_data?: boolean | undefined;
      },
    ) {
      const scope = await scopes.scopeOf(caller, 'event:read');
      const record = await visibleSeries(scope, id);
      if (options.min) return { id: record.id, name: record.name };
      const answer = {
        ...toSeries(record, options.get_tags === true),
        ...(record.is_repeating
          ? { programme_event: await deps.events.programmeEventOfSeries(record.id) }
          : {}),
      };
      return options.get_cached_data
        ? { ...answer, cached_data: await deps.cachedData(scope, record.id, new Date()) }
        : answer;
    },

    async create(caller: Caller, request: CreateSeriesRequest): Promise<Series> {
      const scope = await scopes.scopeOf(caller, 'event:create');
      requirePlanFeature(scope, PLAN_FEATURE_OF[request.recurrence ? 'repeatingEvent' : 'series']);
      checkOrganization(scope, request.organization);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace);
      const tagIds = await tags.checkTagIds(scope.organizationId, request.tags ?? []);
      const rule = request.recurrence;
      if (rule && request.events && request.events.length > 0)
        throw fieldError('events', eventServerMessages.repeatingSeriesEvents);
      const eventIds = await memberEvents(scope, request.events ?? []);
      const id = await db.transaction().execute(async (tx) => {
        const seriesId = await series.insert(
          {
            organization_id: scope.organizationId,
            workspace_id: workspaceId,
            name: request.name,
            description: request.description ? sanitizeRichText(request.description) : null,
            is_repeating: rule !== undefined,
            recurrence: rule ? JSON.stringify(rule) : null,
            event_type: request.event_type ?? 'Conference',
            host_type: request.host_type ?? 'Virtual',
            location: request.location ?? null,
            created_by: scope.userId,
          },
          tx,
        );
        await series.setTags(seriesId, tagIds, tx);
        await deps.events.attachToSeries(scope, eventIds, seriesId, tx);
        if (rule) await syncOccurrences(await visibleSeries(scope, seriesId, tx), rule, tx);
        return seriesId;
      });
      return toSeries(await visibleSeries(scope, id), true);
    },

    /** A new rule adds and removes future occurrences only (never past ones). */
    /** PATCH of the series the guard loaded with its scope. */
    async update(
      { scope, object: record }: { scope: Scope; object: SeriesRecord },
      request: UpdateSeriesRequest,
    ): Promise<Series> {
      if (request.recurrence && !record.is_repeating)
        throw fieldError('recurrence', eventServerMessages.repeatingSeriesEvents);
      if (request.events && record.is_repeating)
        throw fieldError('events', eventServerMessages.repeatingSeriesEvents);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, record.workspace_id);
      const tagIds = request.tags ? await tags.checkTagIds(scope.organizationId, request.tags) : undefined;
      const eventIds = request.events ? await memberEvents(scope, request.events) : undefined;
      if (request.recurrence) await occurrences.ready();
      const moved = await db.transaction().execute(async (tx) => {
        await series.lock(record.id, tx);
        await series.update(
          scope.organizationId,
          record.id,
          {
            name: request.name,
            // Rich text, as an event's: sanitised as it is stored (null clears it).
            description: request.description ? sanitizeRichText(request.description) : request.description,
            workspace_id: workspaceId,
            event_type: request.event_type,
            host_type: request.host_type,
            location: request.location,
            ...(request.recurrence ? { recurrence: JSON.stringify(request.recurrence) } : {}),
          },
          tx,
        );
        if (tagIds) await series.setTags(record.id, tagIds, tx);
        if (eventIds) await deps.events.setSeriesEvents(scope, record.id, eventIds, tx);
        return request.recurrence
          ? syncOccurrences(await visibleSeries(scope, record.id, tx), request.recurrence, tx)
          : [];
      });
      if (request.recurrence) {
        // Registrants of the occurrences the rule removed get their cancellation; of those it
        // moved, the calendar update (and their email schedules follow), as for a rescheduled event.
        occurrences.synced();
        for (const { id, ...times } of moved) await deps.events.timesChanged(scope.organizationId, id, times);
        // Occurrences added or moved by the rule get the repeating event's programme (again).
        await deps.events.syncSeriesProgramme(record.id);
      }
      return toSeries(await visibleSeries(scope, record.id), true);
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;

function toSeries(record: SeriesRecord, withTagNames: boolean): Series {
  return {
    ...sameFields(record, [
      'id',
      'name',
      'description',
      'is_repeating',
      'recurrence',
      'event_type',
      'host_type',
      'location',
      'events_count',
    ]),
    organization: record.organization_id,
    workspace: workspaceRefOf(record),
    events: record.event_ids,
    start_time: record.first_start?.toISOString() ?? null,
    end_time: record.last_end?.toISOString() ?? null,
    tags: withTagNames ? record.tags : record.tags.map((tag) => tag.id),
    ...timestampsOf(record),
  };
}
