import type { AnalyticsEventKind } from '@studio/domain';
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { AnalyticsEventTable } from './analytics.tables.ts';

/** The days counted, in the event's time zone, both ends included (undefined: unbounded). */
export interface DayRange {
  timezone: string;
  from?: string | undefined;
  to?: string | undefined;
}
export interface EventScope {
  organizationId: string;
  eventId: string;
}

type NewAnalyticsEvent = Insertable<AnalyticsEventTable>;
const PRESENCE_KINDS: AnalyticsEventKind[] = [
  'session_joined',
  'watched',
  'stage_visit',
  'booth_visit',
  'room_visit',
];
const PARTICIPATION: AnalyticsEventKind[] = ['chat_message', 'question', 'poll_vote'];

const count = (kind: AnalyticsEventKind) => sql<number>`count(*) filter (where kind = ${kind})::int`;
const minutes = (condition: ReturnType<typeof sql<boolean>>) =>
  sql<number>`round(coalesce(sum(seconds) filter (where ${condition}), 0) / 60.0, 1)::float8`;
const watched = sql<boolean>`kind = 'watched'`;

/** The analytics events table: appended in one statement per batch, read as aggregates (all its SQL). */
export function createAnalyticsRepository(db: Executor) {
  /** The event's rows (of these kinds) in the range; every read is scoped to the organisation. */
  const rowsOf = (scope: EventScope, range: DayRange, kinds: readonly AnalyticsEventKind[]) => {
    let rows = db
      .selectFrom('analytics_events')
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', '=', scope.eventId)
      .where('kind', 'in', kinds);
    if (range.from)
      rows = rows.where(
        'occurred_at',
        '>=',
        sql<Date>`(${range.from}::date)::timestamp at time zone ${range.timezone}`,
      );
    if (range.to)
      rows = rows.where(
        'occurred_at',
        '<',
        sql<Date>`(${range.to}::date + 1)::timestamp at time zone ${range.timezone}`,
      );
    return rows;
  };
  const dayOf = (range: DayRange) =>
    sql<string>`to_char(occurred_at at time zone ${range.timezone}, 'YYYY-MM-DD')`;
  const visitorsOf = sql<number>`count(distinct coalesce(user_id::text, visitor))::int`;

  return {
    /** One beacon's actions (or one view), one statement. */
    async append(rows: readonly NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0)
        await db
          .insertInto('analytics_events')
          .values([...rows])
          .execute();
    },

    async attendance(scope: EventScope, range: DayRange) {
      const presence = rowsOf(scope, range, [...PRESENCE_KINDS, 'page_view', 'cta_click']);
      const [figures, daily] = await Promise.all([
        presence
          .select([
            sql<number>`count(distinct user_id) filter (where kind <> 'page_view')::int`.as('attendees'),
            sql<number>`count(distinct user_id) filter (where ${watched} and mode = 'live')::int`.as(
              'live_attendees',
            ),
            sql<number>`count(distinct user_id) filter (where ${watched} and mode = 'on_demand')::int`.as(
              'on_demand_viewers',
            ),
            minutes(watched).as('watch_minutes'),
            minutes(sql`${watched} and mode = 'live'`).as('live_minutes'),
            minutes(sql`${watched} and mode = 'on_demand'`).as('on_demand_minutes'),
            count('page_view').as('page_views'),
            count('cta_click').as('cta_clicks'),
          ])
          .executeTakeFirstOrThrow(),
        rowsOf(scope, range, PRESENCE_KINDS)
          .select([
            dayOf(range).as('day'),
            sql<number>`count(distinct user_id)::int`.as('attendees'),
            minutes(watched).as('watch_minutes'),
          ])
          .groupBy(sql`1`)
          .orderBy(sql`1`)
          .execute(),
      ]);
      return { figures, daily };
    },

    async registrationViews(scope: EventScope, range: DayRange) {
      const views = rowsOf(scope, range, ['page_view']);
      const direct = (column: 'utm_source' | 'utm_medium' | 'utm_campaign') =>
        sql<string>`coalesce(nullif(${sql.ref(column)}, ''), '(none)')`;
      const [figures, daily, sources] = await Promise.all([
        views
          .select([sql<number>`count(*)::int`.as('page_views'), visitorsOf.as('visitors')])
          .executeTakeFirstOrThrow(),
        views
          .select([
            dayOf(range).as('day'),
            sql<number>`count(*)::int`.as('page_views'),
            visitorsOf.as('visitors'),
          ])
          .groupBy(sql`1`)
          .orderBy(sql`1`)
          .execute(),
        views
          .select([
            sql<string>`coalesce(nullif(utm_source, ''), '(direct)')`.as('source'),
            direct('utm_medium').as('medium'),
            direct('utm_campaign').as('campaign'),
            sql<number>`count(*)::int`.as('page_views'),
            visitorsOf.as('visitors'),
          ])
          .groupBy([sql`1`, sql`2`, sql`3`])
          .orderBy('page_views', 'desc')
          .orderBy(sql`1`)
          .execute(),
      ]);
      return { figures, daily, sources };
    },

    async participation(scope: EventScope, range: DayRange) {
      const acts = rowsOf(scope, range, PARTICIPATION);
      const [figures, daily, ctas] = await Promise.all([
        acts
          .select([
            count('chat_message').as('chat_messages'),
            count('question').as('questions'),
            count('poll_vote').as('poll_votes'),
            sql<number>`count(distinct user_id)::int`.as('participants'),
          ])
          .executeTakeFirstOrThrow(),
        acts
          .select([
            dayOf(range).as('day'),
            count('chat_message').as('chat_messages'),
            count('question').as('questions'),
            count('poll_vote').as('poll_votes'),
          ])
          .groupBy(sql`1`)
          .orderBy(sql`1`)
          .execute(),
        rowsOf(scope, range, ['cta_click'])
          .select([
            'cta',
            sql<number>`count(*)::int`.as('clicks'),
            sql<number>`count(distinct user_id)::int`.as('people'),
          ])
          .groupBy('cta')
          .orderBy('cta')
          .execute(),
      ]);
      return { figures, daily, ctas };
    },

    /** Per session: its viewers and minutes watched live and on demand; the people who watched any. */
    async sessions(scope: EventScope, range: DayRange) {
      const watching = rowsOf(scope, range, ['session_joined', 'watched']).where('target_id', 'is not', null);
      const [rows, total] = await Promise.all([
        watching
          .select([
            'target_id',
            sql<number>`count(distinct user_id)::int`.as('viewers'),
            minutes(sql`${watched} and mode = 'live'`).as('live_minutes'),
            minutes(sql`${watched} and mode = 'on_demand'`).as('on_demand_minutes'),
          ])
          .groupBy('target_id')
          .execute(),
        watching.select(sql<number>`count(distinct user_id)::int`.as('viewers')).executeTakeFirstOrThrow(),
      ]);
      return { rows, viewers: total.viewers };
    },

    /** Per booth or room: visits and unique visitors. */
    visits: (scope: EventScope, range: DayRange, kind: 'booth_visit' | 'room_visit') =>
      rowsOf(scope, range, [kind])
        .where('target_id', 'is not', null)
        .select(['target_id', sql<number>`count(*)::int`.as('visits'), visitorsOf.as('visitors')])
        .groupBy('target_id')
        .execute(),

    /** The people (or visitors) who visited any booth or room. */
    visitors: async (scope: EventScope, range: DayRange, kind: 'booth_visit' | 'room_visit') =>
      (await rowsOf(scope, range, [kind]).select(visitorsOf.as('visitors')).executeTakeFirstOrThrow())
        .visitors,
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
