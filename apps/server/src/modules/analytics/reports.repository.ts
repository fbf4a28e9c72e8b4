import type { AnalyticsEventKind, CustomReportDefinition, ReportDimension } from '@studio/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';

/** An attendee: anyone present in the event's app (as the summary tab counts them). */
const ATTENDANCE: AnalyticsEventKind[] = [
  'session_joined',
  'watched',
  'stage_visit',
  'booth_visit',
  'room_visit',
  'cta_click',
];
const PARTICIPATION: AnalyticsEventKind[] = ['chat_message', 'question', 'poll_vote'];

/** The tracked figures of a group of rows (the report catalogue's metrics but registrations). */
export interface TrackedFigures {
  key: string;
  attendees: number;
  watch_minutes: number;
  participants: number;
  chat_messages: number;
  questions: number;
  poll_votes: number;
  cta_clicks: number;
  demo_requests: number;
  page_views: number;
}

/** A row's group: its event, or the UTC day or month of `column`. */
const groupOf = (dimension: ReportDimension, column: 'occurred_at' | 'registered_at'): RawBuilder<string> => {
  if (dimension === 'event') return sql<string>`event_id::text`;
  const format = dimension === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', ${format})`;
};
const kindIn = (kinds: readonly AnalyticsEventKind[]) => sql<boolean>`kind in (${sql.join(kinds)})`;
const count = (kind: AnalyticsEventKind) => sql<number>`count(*) filter (where kind = ${kind})::int`;

/** The organisation's reports: figures over many events, costs and saved custom reports (all their SQL). */
export function createReportsRepository(db: Executor) {
  return {
    /** Tracked figures of these events of the organisation, grouped by event, day or month. */
    async tracked(
      organizationId: string,
      eventIds: readonly string[],
      dimension: ReportDimension,
    ): Promise<TrackedFigures[]> {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom('analytics_events')
        .where('organization_id', '=', organizationId)
        .where('event_id', 'in', eventIds)
        .select([
          groupOf(dimension, 'occurred_at').as('key'),
          sql<number>`count(distinct user_id) filter (where ${kindIn(ATTENDANCE)})::int`.as('attendees'),
          sql<number>`round(coalesce(sum(seconds) filter (where kind = 'watched'), 0) / 60.0, 1)::float8`.as(
            'watch_minutes',
          ),
          sql<number>`count(distinct user_id) filter (where ${kindIn(PARTICIPATION)})::int`.as(
            'participants',
          ),
          count('chat_message').as('chat_messages'),
          count('question').as('questions'),
          count('poll_vote').as('poll_votes'),
          count('cta_click').as('cta_clicks'),
          sql<number>`count(distinct user_id) filter (where kind = 'cta_click' and cta = 'demo_request')::int`.as(
            'demo_requests',
          ),
          count('page_view').as('page_views'),
        ])
        .groupBy(sql`1`)
        .execute();
    },

    /**
     * The people who attended the organisation's events since `since` (all time: null): present
     * in an event's app (tracked as the reports count attendees) or checked in on site.
     */
    async attendees(organizationId: string, since: Date | null): Promise<number> {
      let present = db
        .selectFrom('analytics_events')
        .select('user_id')
        .where('organization_id', '=', organizationId)
        .where('kind', 'in', ATTENDANCE)
        .where('user_id', 'is not', null);
      if (since) present = present.where('occurred_at', '>=', since);
      const checkedIn = registrationReadModel.checkedInIdsOf(organizationId, since);
      const { count } = await db
        .selectFrom(sql<{ user_id: string }>`(${present} union ${checkedIn})`.as('attended'))
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return count;
    },

    /** Registrations holding a seat in these events, grouped by event, day or month of registering. */
    async registrations(
      eventIds: readonly string[],
      dimension: ReportDimension,
    ): Promise<{ key: string; registrations: number }[]> {
      if (eventIds.length === 0) return [];
      return db
        .selectFrom(sql`(${registrationReadModel.registrationsOf(eventIds)})`.as('registrations'))
        .select([
          groupOf(dimension, 'registered_at').as('key'),
          sql<number>`count(*)::int`.as('registrations'),
        ])
        .groupBy(sql`1`)
        .execute();
    },

    /** The costs entered for these events of the organisation, by event. */
    async costs(organizationId: string, eventIds: readonly string[]): Promise<Map<string, number>> {
      if (eventIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('analytics_event_costs')
        .where('organization_id', '=', organizationId)
        .where('event_id', 'in', eventIds)
        .select(['event_id', sql<number>`cost::float8`.as('cost')])
        .execute();
      return new Map(rows.map((row) => [row.event_id, row.cost]));
    },

    async setCost(organizationId: string, eventId: string, cost: number | null): Promise<void> {
      if (cost === null) {
        await db
          .deleteFrom('analytics_event_costs')
          .where('organization_id', '=', organizationId)
          .where('event_id', '=', eventId)
          .execute();
        return;
      }
      await db
        .insertInto('analytics_event_costs')
        .values({ event_id: eventId, organization_id: organizationId, cost })
        .onConflict((conflict) =>
          conflict.column('event_id').doUpdateSet({ cost, updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    /** The organisation's saved reports, newest first, by name (contains, any case). */
    async savedReports(
      organizationId: string,
      search: string | undefined,
      page: { limit: number; offset: number },
    ) {
      let reports = db.selectFrom('analytics_saved_reports').where('organization_id', '=', organizationId);
      if (search) reports = reports.where(sql<boolean>`position(lower(${search}) in lower(name)) > 0`);
      const [rows, total] = await Promise.all([
        reports
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        reports.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, count: total.count };
    },

    savedReport: (organizationId: string, id: string) =>
      organizationRows.find(db, 'analytics_saved_reports', organizationId, id),

    saveReport: (organizationId: string, userId: string, name: string, definition: CustomReportDefinition) =>
      db
        .insertInto('analytics_saved_reports')
        .values({
          organization_id: organizationId,
          created_by: userId,
          name,
          definition: JSON.stringify(definition),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    deleteReport(organizationId: string, id: string): Promise<boolean> {
      return organizationRows.delete(db, 'analytics_saved_reports', organizationId, id);
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
