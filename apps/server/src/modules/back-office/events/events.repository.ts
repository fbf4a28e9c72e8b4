import { sql, type Expression, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  UNSCHEDULED_EVENT_TYPES,
  type EventOrdering,
  type EventType,
  type RegistrantCounts,
} from '@studio/domain';
import { workspacesReadModel } from '../../workspaces/workspaces.read-model.ts';
import { boundedCount } from '../../../platform/db/bounded-count.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import {
  anyBranded,
  escapeLike,
  findVisible,
  holdIfExists,
  visibleRows,
  workspaceFilter,
  type Scope,
} from '../event-scope.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventTable } from './events.tables.ts';
import { organizationRows } from '../../../platform/db/scoped-row.ts';
import { replaceTags, taggedWithAny } from '../tag-links.ts';

export type NewEventRow = Insertable<EventTable>;
export type EventChanges = Updateable<EventTable>;

export interface EventFilter {
  series?: string[] | undefined;
  title?: string | undefined;
  /** Tag ids or names (any of them). */
  tags?: string[] | undefined;
  workspace?: string[] | undefined;
  workspace__isnull?: boolean | undefined;
  seriesType?: 'repeating' | 'non_repeating' | undefined;
  eventTypes?: EventType[] | undefined;
  end_time_gte?: Date | undefined;
  end_time_lte?: Date | undefined;
  start_time_gte?: Date | undefined;
  start_time_lte?: Date | undefined;
  /** Whether recordings are listed whatever the times above say (absent: by their stored times). */
  unscheduled?: 'included' | 'excluded' | undefined;
  ordering: EventOrdering;
}

const ORDER_COLUMNS = {
  title: sql`lower(events.title)`,
  start_time: sql`events.start_time`,
  end_time: sql`events.end_time`,
  created_at: sql`events.created_at`,
} as const;

/**
 * What other areas add to an event's row in the studio's answers, each read in the row's own
 * statement; the areas supply them at composition (the events core reads none of their tables).
 */
export interface EventColumns {
  /** The event's registration page as stored, null while none is (the pages area's). */
  registrationPageOf(eventId: string): RawBuilder<unknown>;
  /** The event's registered and waitlisted people (the registration area's), for the events list. */
  registrantCountsOf(eventId: Expression<string>): RawBuilder<RegistrantCounts>;
}

/** What a list's page reads besides its rows' answers. */
export interface EventListColumns {
  /** Each row's registrant counts (off with the organisation's not-use-registrant-counts flag). */
  registrantCounts: boolean;
}

/** The only code that touches events, their tags and their invitations; series and tags are joined read-only. */
export function createEventsRepository(db: Executor, columns: EventColumns) {
  const joined = (tx: Executor) =>
    tx.selectFrom('events').leftJoin('series', 'series.id', 'events.series_id');

  /** An event's columns, its series and team names, whether it is ready, and its tags by name. */
  const details = <T extends ReturnType<typeof joined>>(query: T) =>
    query
      .selectAll('events')
      .select([
        'series.name as series_name',
        'series.is_repeating as series_is_repeating',
        workspacesReadModel.nameOf('events.workspace_id').as('workspace_name'),
      ])
      .select((eb) => [
        eb
          .not(
            eb.exists(
              eb
                .selectFrom('event_workflows')
                .whereRef('event_workflows.event_id', '=', 'events.id')
                .where('event_workflows.status', '=', 'RUNNING')
                .select(sql.lit(1).as('one')),
            ),
          )
          .$castTo<boolean>()
          .as('is_ready'),
        jsonArrayFrom(
          eb
            .selectFrom('event_tags')
            .innerJoin('tags', 'tags.id', 'event_tags.tag_id')
            .select(['tags.id', 'tags.tag_name'])
            .whereRef('event_tags.event_id', '=', 'events.id')
            .orderBy(sql`lower(tags.tag_name)`)
            .orderBy('tags.id'),
        ).as('tags'),
      ]);

  const withDetails = (tx: Executor) => details(joined(tx));

  /**
   * What the studio's answers show besides the details: the registration page (`builder_raw_json`,
   * the pages area's), in the same statement. Reads for jobs and public pages go without it.
   */
  const answered = <T extends ReturnType<typeof joined>>(query: T) =>
    details(query).select(columns.registrationPageOf('events.id').as('builder_raw_json'));

  return {
    async list(
      scope: Scope,
      filter: EventFilter,
      page: PageRequest,
      listed: EventListColumns = { registrantCounts: false },
      tx: Executor = db,
    ) {
      let query = joined(tx)
        .where(visibleRows(scope, 'events'))
        .where('events.holds_template_programme', '=', false)
        .where(workspaceFilter(scope, 'events', filter));
      if (filter.series && filter.series.length > 0)
        query = query.where('events.series_id', 'in', filter.series);
      if (filter.title) query = query.where('events.title', 'ilike', `%${escapeLike(filter.title)}%`);
      if (filter.eventTypes && filter.eventTypes.length > 0)
        query = query.where('events.event_type', 'in', filter.eventTypes);
      const timed =
        filter.end_time_gte || filter.end_time_lte || filter.start_time_gte || filter.start_time_lte;
      if (timed || filter.unscheduled === 'excluded') {
        query = query.where((eb) => {
          const inTime = eb.and([
            ...(filter.end_time_gte ? [eb('events.end_time', '>=', filter.end_time_gte)] : []),
            ...(filter.end_time_lte ? [eb('events.end_time', '<=', filter.end_time_lte)] : []),
            ...(filter.start_time_gte ? [eb('events.start_time', '>=', filter.start_time_gte)] : []),
            ...(filter.start_time_lte ? [eb('events.start_time', '<=', filter.start_time_lte)] : []),
          ]);
          const unscheduled = eb('events.event_type', 'in', UNSCHEDULED_EVENT_TYPES);
          if (filter.unscheduled === 'included') return eb.or([inTime, unscheduled]);
          if (filter.unscheduled === 'excluded') return eb.and([inTime, eb.not(unscheduled)]);
          return inTime;
        });
      }
      if (filter.seriesType === 'repeating') query = query.where('series.is_repeating', '=', true);
      if (filter.seriesType === 'non_repeating') {
        query = query.where((eb) =>
          eb.or([eb('events.series_id', 'is', null), eb('series.is_repeating', '=', false)]),
        );
      }
      if (filter.tags && filter.tags.length > 0)
        query = query.where(taggedWithAny('event_tags', 'events.id', filter.tags));
      const direction = filter.ordering.startsWith('-') ? 'desc' : 'asc';
      const column = ORDER_COLUMNS[filter.ordering.replace('-', '') as keyof typeof ORDER_COLUMNS];
      // The page's ids first (ordered, limited), then the details of those rows only: the
      // subqueries of an answer (team, readiness, tags, registration page) never run for the
      // events outside the page.
      const pageIds = query
        .select('events.id')
        .orderBy(column, direction)
        .orderBy('events.id', direction)
        .limit(page.limit)
        .offset(page.offset);
      // Two statements: the bounded count, and the page with everything an answer shows (with
      // the registrant counts, the page's rows only).
      const pageRows = answered(joined(tx).innerJoin(pageIds.as('page'), 'page.id', 'events.id'));
      const [{ count, estimated }, rows] = await Promise.all([
        boundedCount(db, query),
        (listed.registrantCounts
          ? pageRows.select(columns.registrantCountsOf(sql.ref('events.id')).as('registrant_counts'))
          : pageRows.select(sql<RegistrantCounts | null>`null`.as('registrant_counts'))
        )
          .orderBy(column, direction)
          .orderBy('events.id', direction)
          .execute(),
      ]);
      return { count, estimated, rows };
    },

    /** Whether any event the scope sees has branding set. */
    anyBranded: (scope: Scope): Promise<boolean> => anyBranded(db, scope, 'events'),

    /** The event if the scope may see it. */
    find: (scope: Scope, id: string, tx: Executor = db) => findVisible(withDetails(tx), scope, 'events', id),

    /** The event if the scope may see it, as the studio answers it. */
    findAnswered: (scope: Scope, id: string, tx: Executor = db) =>
      findVisible(answered(joined(tx)), scope, 'events', id),

    /** For jobs: the event whoever asks. */
    async findById(id: string, tx: Executor = db) {
      const row = await withDetails(tx).where('events.id', '=', id).executeTakeFirst();
      return row;
    },

    /** For jobs and usage lists: these events of the organisation, in one statement whatever their number. */
    async findManyOf(organizationId: string, ids: readonly string[], tx: Executor = db) {
      const wanted = [...new Set(ids.filter(isUuid))];
      if (wanted.length === 0) return [];
      return withDetails(tx)
        .where('events.organization_id', '=', organizationId)
        .where('events.id', 'in', wanted)
        .execute();
    },

    /** What the marketing connectors stored on the event, and its host type (Wistia is offered by it). */
    marketingIdsOf: (id: string, tx: Executor = db) =>
      tx
        .selectFrom('events')
        .select(['marketo_campaign_id', 'pardot_list', 'wistia_project_id', 'host_type'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Whether the event still exists, then held until `tx` ends (a duplication copying from it). */
    holdIfExists: (id: string, tx: Executor) => holdIfExists(tx, 'events', id),

    /**
     * Numbers the event's next calendar update (a change of its times or place), counted from the
     * stored number: two changes at the same time are two updates, not the same number twice
     * (calendar apps ignore an update whose number they have seen).
     */
    async nextCalendarSequence(id: string, tx: Executor): Promise<void> {
      await tx
        .updateTable('events')
        .set((eb) => ({ calendar_sequence: eb('calendar_sequence', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** The event's stored branding, its row locked until `tx` ends (a PATCH merges onto it). */
    lockedBranding: (id: string, tx: Executor) =>
      tx
        .selectFrom('events')
        .select(['branding', 'theme_obj'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /**
     * Registration: the event, its row locked (`for update`) until `tx` ends, so every write that
     * takes or frees one of its seats runs after the one before has committed.
     */
    async lockForRegistration(id: string, tx: Executor) {
      await tx.selectFrom('events').select('id').where('id', '=', id).forUpdate().execute();
      return withDetails(tx).where('events.id', '=', id).executeTakeFirst();
    },

    /** A series' events that have not ended, first starting first (a series registration's events). */
    async notEndedOfSeries(seriesId: string, now: Date, tx: Executor = db) {
      return tx
        .selectFrom('events')
        .select(['id', 'organization_id'])
        .where('series_id', '=', seriesId)
        .where('holds_template_programme', '=', false)
        .where('end_time', '>', now)
        .orderBy('start_time')
        .orderBy('id')
        .execute();
    },

    async insert(row: NewEventRow, tx: Executor = db): Promise<string> {
      const inserted = await tx.insertInto('events').values(row).returning('id').executeTakeFirstOrThrow();
      return inserted.id;
    },

    update(organizationId: string, id: string, changes: EventChanges, tx: Executor = db): Promise<boolean> {
      return organizationRows.update(tx, 'events', organizationId, id, {
        ...changes,
        updated_at: new Date(),
      });
    },

    /** Registration forms (issue 16): how many events (not template holders) ask each form. */
    async registrationFormUsage(organizationId: string, formIds: readonly string[], tx: Executor = db) {
      if (formIds.length === 0) return [];
      return tx
        .selectFrom('events')
        .select(['registration_form', (eb) => eb.fn.countAll<string>().as('count')])
        .where('organization_id', '=', organizationId)
        .where('holds_template_programme', '=', false)
        .where('registration_form', 'in', formIds)
        .groupBy('registration_form')
        .execute();
    },

    delete(organizationId: string, id: string, tx: Executor = db) {
      return organizationRows.deleteReturning(tx, 'events', organizationId, id);
    },

    /** Replaces the event's tags (ids already checked to be the organisation's). */
    setTags: (eventId: string, tagIds: string[], tx: Executor = db) =>
      replaceTags(tx, 'event_tags', eventId, tagIds),

    /** Adds tags without removing any (idempotent: a duplication job may run twice). */
    async copyTags(fromEventId: string, toEventId: string, tx: Executor = db): Promise<void> {
      await tx
        .insertInto('event_tags')
        .columns(['event_id', 'tag_id'])
        .expression((eb) =>
          eb
            .selectFrom('event_tags')
            .select([eb.val(toEventId).as('event_id'), 'tag_id'])
            .where('event_id', '=', fromEventId),
        )
        .onConflict((oc) => oc.columns(['event_id', 'tag_id']).doNothing())
        .execute();
    },

    /** The organisation's event ids matching every given criterion (ids, a tag by id or name, a series). */
    async idsMatching(
      organizationId: string,
      filter: {
        eventIds?: readonly string[] | undefined;
        eventTag?: string | undefined;
        seriesId?: string | undefined;
      },
      tx: Executor = db,
    ): Promise<string[]> {
      let query = tx
        .selectFrom('events')
        .select('events.id')
        .where('events.organization_id', '=', organizationId);
      if (filter.eventIds) {
        const valid = filter.eventIds.filter(isUuid);
        if (valid.length === 0) return [];
        query = query.where('events.id', 'in', valid);
      }
      if (filter.seriesId !== undefined) {
        if (!isUuid(filter.seriesId)) return [];
        query = query.where('events.series_id', '=', filter.seriesId);
      }
      const tag = filter.eventTag?.trim();
      if (tag) query = query.where(taggedWithAny('event_tags', 'events.id', [tag], organizationId));
      return (await query.orderBy('events.id').execute()).map((row) => row.id);
    },

    /** Which of these ids are events the scope may see. */
    async visibleIds(scope: Scope, ids: string[], tx: Executor = db): Promise<string[]> {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      const rows = await tx
        .selectFrom('events')
        .select('id')
        .where(visibleRows(scope, 'events'))
        .where('holds_template_programme', '=', false)
        .where('id', 'in', valid)
        .execute();
      return rows.map((row) => row.id);
    },

    async setSeries(
      organizationId: string,
      eventIds: string[],
      seriesId: string | null,
      tx: Executor = db,
    ): Promise<void> {
      if (eventIds.length === 0) return;
      await tx
        .updateTable('events')
        .set({ series_id: seriesId, occurrence_key: null, updated_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('id', 'in', eventIds)
        .execute();
    },

    /** A series' events leave it (those not in `keep`). */
    async detachFromSeries(seriesId: string, keep: string[], tx: Executor = db): Promise<void> {
      let query = tx
        .updateTable('events')
        .set({ series_id: null, occurrence_key: null })
        .where('series_id', '=', seriesId);
      if (keep.length > 0) query = query.where('id', 'not in', keep);
      await query.execute();
    },

    async occurrencesOf(seriesId: string, tx: Executor = db) {
      return tx
        .selectFrom('events')
        .select(['id', 'occurrence_key', 'start_time', 'calendar_sequence'])
        .where('series_id', '=', seriesId)
        .where('occurrence_key', 'is not', null)
        .execute();
    },

    /** A series' name and its events not yet ended (blueprints left out), by start: the attendee origin's series page. */
    async publicSeries(seriesId: string, now: Date) {
      const series = await db
        .selectFrom('series')
        .select(['id', 'name', 'description', 'location', 'organization_id'])
        .where('id', '=', seriesId)
        .executeTakeFirst();
      if (!series) return undefined;
      const events = await db
        .selectFrom('events')
        .select([
          'id',
          'title',
          'event_type',
          'start_time',
          'end_time',
          'timezone',
          'registration_form_data as registrationForm',
        ])
        .where('series_id', '=', seriesId)
        .where('is_blueprint', '=', false)
        .where('holds_template_programme', '=', false)
        .where('end_time', '>', now)
        .orderBy('start_time')
        .orderBy('id')
        .execute();
      return { ...series, events };
    },

    /**
     * A repeating event's occurrences that have not started, first first: the first holds the
     * repeating event's programme (`programme_event`), the others get copies of it.
     */
    async notStartedOccurrences(seriesId: string, now: Date, tx: Executor = db) {
      return tx
        .selectFrom('events')
        .innerJoin('series', 'series.id', 'events.series_id')
        .select(['events.id', 'events.start_time'])
        .where('events.series_id', '=', seriesId)
        .where('series.is_repeating', '=', true)
        .where('events.occurrence_key', 'is not', null)
        .where('events.start_time', '>=', now)
        .orderBy('events.start_time')
        .orderBy('events.id')
        .execute();
    },

    /** The repeating event whose programme this event holds (its first occurrence not started), if any. */
    async seriesHoldingProgramme(eventId: string, now: Date, tx: Executor = db): Promise<string | undefined> {
      const row = await tx
        .selectFrom('events')
        .innerJoin('series', 'series.id', 'events.series_id')
        .select('series.id')
        .where('events.id', '=', eventId)
        .where('series.is_repeating', '=', true)
        .where('events.occurrence_key', 'is not', null)
        .where('events.start_time', '>=', now)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('events as earlier')
                .select(sql.lit(1).as('one'))
                .whereRef('earlier.series_id', '=', 'events.series_id')
                .where('earlier.occurrence_key', 'is not', null)
                .where('earlier.start_time', '>=', now)
                .whereRef('earlier.start_time', '<', 'events.start_time'),
            ),
          ),
        )
        .executeTakeFirst();
      return row?.id;
    },

    /** Serialises the programme copies of one repeating event (held until the transaction ends). */
    async lockSeries(seriesId: string, tx: Executor): Promise<void> {
      await tx.selectFrom('series').select('id').where('id', '=', seriesId).forUpdate().execute();
    },

    async deleteByIds(ids: string[], tx: Executor = db): Promise<void> {
      if (ids.length > 0) await tx.deleteFrom('events').where('id', 'in', ids).execute();
    },

    async insertMany(rows: NewEventRow[], tx: Executor = db): Promise<string[]> {
      if (rows.length === 0) return [];
      const inserted = await tx.insertInto('events').values(rows).returning('id').execute();
      return inserted.map((row) => row.id);
    },

    /** Scheduled events (not recordings, not a template's programme) starting in (from, to], for reminders. */
    async startingBetween(from: Date, to: Date, tx: Executor = db) {
      return tx
        .selectFrom('events')
        .select([
          'id',
          'organization_id',
          'title',
          'start_time',
          'end_time',
          'timezone',
          'location',
          'host_type',
        ])
        .where('start_time', '>', from)
        .where('start_time', '<=', to)
        .where('event_type', '!=', 'Recording')
        .where('holds_template_programme', '=', false)
        .orderBy('start_time')
        .orderBy('id')
        .execute();
    },

    /** Hub pages that list the event (read-only join). */
    async hubPagesOf(eventId: string, tx: Executor = db) {
      return tx
        .selectFrom('hub_page_events')
        .innerJoin('hub_pages', 'hub_pages.id', 'hub_page_events.hub_page_id')
        .select(['hub_pages.id', 'hub_pages.name'])
        .where('hub_page_events.event_id', '=', eventId)
        .orderBy(sql`lower(hub_pages.name)`)
        .execute();
    },
  };
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;
export type EventRecord = NonNullable<Awaited<ReturnType<EventsRepository['findById']>>>;
/** An event as the studio's answers show it (with its registration page). */
export type AnsweredEventRecord = NonNullable<Awaited<ReturnType<EventsRepository['findAnswered']>>>;
