import type { AnalyticsEventKind, CustomReportDefinition, ReportDimension } from '@studio/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import { attendanceOf } from './attendance.read.ts';

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
const groupOf = (
  dimension: ReportDimension,
  column: 'occurred_at' | 'registered_at' | 'attended_at',
): RawBuilder<string> => {
  if (dimension === 'event') return sql<string>`event_id::text`;
  const format = dimension === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM';
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', ${format})`;
};
/** A group's figures before anything was tracked (the reports' rows of quiet events too). */
export const NO_TRACKED: Omit<TrackedFigures, 'key'> = {
  attendees: 0,
  watch_minutes: 0,
  participants: 0,
  chat_messages: 0,
  questions: 0,
  poll_votes: 0,
  cta_clicks: 0,
  demo_requests: 0,
  page_views: 0,
};
const kindIn = (kinds: readonly AnalyticsEventKind[]) => sql<boolean>`kind in (${sql.join(kinds)})`;
const count = (kind: AnalyticsEventKind) => sql<number>`count(*) filter (where kind = ${kind})::int`;

/** The organisation's reports: figures over many events, costs and saved custom reports (all their SQL). */
export function createReportsRepository(db: Executor) {
  return {
    /**
     * Tracked figures of these events of the organisation, grouped by event, day or month; their
     * attendees by the attendance rule (attendanceOf).
     */
    async tracked(
      organizationId: string,
      eventIds: readonly string[],
      dimension: ReportDimension,
    ): Promise<TrackedFigures[]> {
      if (eventIds.length === 0) return [];
      const [rows, attended] = await Promise.all([
        db
          .selectFrom('analytics_events')
          .where('organization_id', '=', organizationId)
          .where('event_id', 'in', eventIds)
          .select([
            groupOf(dimension, 'occurred_at').as('key'),
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
          .execute(),
        db
          .selectFrom(attendanceOf(organizationId, eventIds))
          .select([
            groupOf(dimension, 'attended_at').as('key'),
            sql<number>`count(distinct user_id)::int`.as('attendees'),
          ])
          .groupBy(sql`1`)
          .execute(),
      ]);
      const keys = new Set([...rows.map((row) => row.key), ...attended.map((row) => row.key)]);
      const byKey = <T extends { key: string }>(list: T[]) => new Map(list.map((row) => [row.key, row]));
      const [figures, attendees] = [byKey(rows), byKey(attended)];
      return [...keys].map((key) => ({
        ...NO_TRACKED,
        ...figures.get(key),
        key,
        attendees: attendees.get(key)?.attendees ?? 0,
      }));
    },

    /**
     * The people who attended the organisation's events since `since` (all time: null), by the
     * attendance rule (attendanceOf), each person once.
     */
    async attendees(organizationId: string, since: Date | null): Promise<number> {
      let attended = db.selectFrom(attendanceOf(organizationId, null));
      if (since) attended = attended.where('attended_at', '>=', since);
      const { count } = await attended
        .select(sql<number>`count(distinct user_id)::int`.as('count'))
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
