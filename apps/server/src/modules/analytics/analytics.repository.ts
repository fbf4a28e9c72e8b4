import type { AnalyticsEventKind } from '@studio/domain';
import { sql, type Insertable } from 'kysely';
import { preparedRows } from '../../platform/db/prepared.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { writeBatches } from '../../platform/write-batches.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import type { AnalyticsEventTable } from './analytics.tables.ts';
import { attendanceOf } from './attendance.read.ts';

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

export type NewAnalyticsEvent = Insertable<AnalyticsEventTable>;
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
/** The midnight starting a day (and `later` days on) in a time zone. */
const startOf = (day: string, timezone: string, later = 0) =>
  sql<Date>`(${day}::date + ${later}::int)::timestamp at time zone ${timezone}`;

/** The rollups' quarter hours (migration 0057): every zone's midnight falls on one. */
const ROLLUP_SECONDS = 900;
const ROLLUP_FIGURES = [
  'presences',
  'cta_clicks',
  'page_views',
  'live_watches',
  'on_demand_watches',
  'watch_seconds',
  'live_seconds',
  'on_demand_seconds',
] as const;
const ROLLUP_COLUMNS = [
  'event_id',
  'organization_id',
  'bucket',
  'viewer',
  'user_id',
  ...ROLLUP_FIGURES,
] as const;

/** The columns an append gives, with their types (migration 0041); the others take their defaults. */
const GIVEN = [
  ['organization_id', 'uuid'],
  ['event_id', 'uuid'],
  ['user_id', 'uuid'],
  ['visitor', 'text'],
  ['kind', 'text'],
  ['target_id', 'uuid'],
  ['seconds', 'int'],
  ['mode', 'text'],
  ['cta', 'text'],
  ['utm_source', 'text'],
  ['utm_medium', 'text'],
  ['utm_campaign', 'text'],
  ['referrer', 'text'],
  ['occurred_at', 'timestamptz'],
] as const satisfies readonly (readonly [keyof NewAnalyticsEvent, string])[];

/** The analytics events table: appended in one statement per batch, read as aggregates (all its SQL). */
export function createAnalyticsRepository(db: Executor) {
  /** The event's rows (of these kinds) in the range; every read is scoped to the organisation. */
  const rowsOf = (scope: EventScope, range: DayRange, kinds: readonly AnalyticsEventKind[]) => {
    let rows = db
      .selectFrom('analytics_events')
      .where('organization_id', '=', scope.organizationId)
      .where('event_id', '=', scope.eventId)
      .where('kind', 'in', kinds);
    if (range.from) rows = rows.where('occurred_at', '>=', startOf(range.from, range.timezone));
    if (range.to) rows = rows.where('occurred_at', '<', startOf(range.to, range.timezone, 1));
    return rows;
  };
  const dayOf = (range: DayRange) =>
    sql<string>`to_char(occurred_at at time zone ${range.timezone}, 'YYYY-MM-DD')`;
  const visitorsOf = sql<number>`count(distinct coalesce(user_id::text, visitor))::int`;

  /**
   * Tracked rows and the summary's rollups, one statement: the rows are inserted and their figures
   * added to their quarter hour's rollup (migration 0057) together. The rows come as one array per
   * column, so the text never changes: compiled once, and kept with its plan by the database.
   */
  const appendRows = preparedRows<unknown[][], unknown>(db, GIVEN.length, (...columns) => {
    const bucket = sql<Date>`to_timestamp(floor(extract(epoch from occurred_at) / ${ROLLUP_SECONDS}) * ${ROLLUP_SECONDS})`;
    const tally = (condition: ReturnType<typeof sql<boolean>>) =>
      sql<number>`count(*) filter (where ${condition})::int`;
    const seconds = (condition: ReturnType<typeof sql<boolean>>) =>
      sql<number>`coalesce(sum(seconds) filter (where ${condition}), 0)::int`;
    const given = GIVEN.map(([, type], index) => sql`${columns[index]}::${sql.raw(type)}[]`);
    const names = GIVEN.map(([column]) => sql.ref(column));
    return db
      .with('added', (db) =>
        db
          .insertInto('analytics_events')
          .columns(GIVEN.map(([column]) => column))
          .expression(
            sql`select ${sql.join(
              GIVEN.map(([column]) =>
                column === 'seconds'
                  ? sql`coalesce(seconds, 0)`
                  : column === 'occurred_at'
                    ? sql`coalesce(occurred_at, now())`
                    : sql.ref(column),
              ),
            )} from unnest(${sql.join(given)}) as given(${sql.join(names)})`,
          )
          .returning([
            'event_id',
            'organization_id',
            'user_id',
            'visitor',
            'kind',
            'mode',
            'seconds',
            'occurred_at',
          ]),
      )
      .insertInto('analytics_rollups')
      .columns([...ROLLUP_COLUMNS])
      .expression((db) =>
        db
          .selectFrom('added')
          .where('kind', 'in', [...PRESENCE_KINDS, 'cta_click', 'page_view'])
          .select([
            'event_id',
            'organization_id',
            bucket.as('bucket'),
            sql<string>`coalesce(user_id::text, visitor, '')`.as('viewer'),
            'user_id',
            tally(sql`kind in (${sql.join(PRESENCE_KINDS)})`).as('presences'),
            tally(sql`kind = 'cta_click'`).as('cta_clicks'),
            tally(sql`kind = 'page_view'`).as('page_views'),
            tally(sql`${watched} and mode = 'live'`).as('live_watches'),
            tally(sql`${watched} and mode = 'on_demand'`).as('on_demand_watches'),
            seconds(watched).as('watch_seconds'),
            seconds(sql`${watched} and mode = 'live'`).as('live_seconds'),
            seconds(sql`${watched} and mode = 'on_demand'`).as('on_demand_seconds'),
          ])
          .groupBy(['event_id', 'organization_id', sql`3`, sql`4`, 'user_id']),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['event_id', 'bucket', 'viewer'])
          .doUpdateSet((update) =>
            Object.fromEntries(
              ROLLUP_FIGURES.map((column) => [
                column,
                update(`analytics_rollups.${column}`, '+', update.ref(`excluded.${column}`)),
              ]),
            ),
          ),
      );
  });

  return {
    /**
     * Appends a beacon's (or any caller's) rows, answered once they are written: rows arriving while
     * a statement runs, or in the same turn of the event loop, go together in the next one
     * (writeBatches), so a crowd's heartbeats are a few statements; a batch that fails is written
     * again caller by caller, never twice.
     */
    append: writeBatches(
      async (batches: readonly (readonly NewAnalyticsEvent[])[]) => {
        const rows = batches.flat();
        if (rows.length > 0)
          await appendRows(...GIVEN.map(([column]) => rows.map((row) => row[column] ?? null)));
        return batches.map(() => undefined);
      },
      { gatherTurn: true },
    ),

    /**
     * The summary, from the rollups of the range's quarter hours (as exact as the rows); its
     * attendees by the attendance rule (attendanceOf) and the registrations holding a seat (as the
     * registrants' count), registered in the range.
     */
    async attendance(scope: EventScope, range: DayRange) {
      let rollups = db
        .selectFrom('analytics_rollups')
        .where('organization_id', '=', scope.organizationId)
        .where('event_id', '=', scope.eventId);
      let attendees = db.selectFrom(attendanceOf(scope.organizationId, [scope.eventId]));
      let seats = db.selectFrom(
        sql<{ registered_at: Date }>`(${registrationReadModel.registrationsOf([scope.eventId])})`.as('seats'),
      );
      if (range.from) {
        rollups = rollups.where('bucket', '>=', startOf(range.from, range.timezone));
        attendees = attendees.where('attended_at', '>=', startOf(range.from, range.timezone));
        seats = seats.where('registered_at', '>=', startOf(range.from, range.timezone));
      }
      if (range.to) {
        rollups = rollups.where('bucket', '<', startOf(range.to, range.timezone, 1));
        attendees = attendees.where('attended_at', '<', startOf(range.to, range.timezone, 1));
        seats = seats.where('registered_at', '<', startOf(range.to, range.timezone, 1));
      }
      const rolled = (column: (typeof ROLLUP_FIGURES)[number]) =>
        sql<number>`round(coalesce(sum(${sql.ref(column)}), 0) / 60.0, 1)::float8`;
      // Grouped on the date, written as text once a day (to_char on every row cost a fifth of a daily read).
      const dateOf = (column: 'bucket' | 'attended_at') =>
        sql<string>`(${sql.ref(column)} at time zone ${range.timezone})::date`.as('date');
      const day = sql<string>`to_char(date, 'YYYY-MM-DD')`.as('day');
      const [figures, attendance, minutesByDay] = await Promise.all([
        rollups
          .select([
            sql<number>`count(distinct user_id) filter (where live_watches > 0)::int`.as('live_attendees'),
            sql<number>`count(distinct viewer) filter (where on_demand_watches > 0)::int`.as(
              'on_demand_viewers',
            ),
            // Everyone who watched, signed in or not: what the average watch time is over.
            sql<number>`count(distinct viewer) filter (where live_watches + on_demand_watches > 0)::int`.as(
              'viewers',
            ),
            rolled('watch_seconds').as('watch_minutes'),
            rolled('live_seconds').as('live_minutes'),
            rolled('on_demand_seconds').as('on_demand_minutes'),
            sql<number>`coalesce(sum(page_views), 0)::int`.as('page_views'),
            sql<number>`coalesce(sum(cta_clicks), 0)::int`.as('cta_clicks'),
          ])
          .executeTakeFirstOrThrow(),
        // The attendance rule read once: its people by day and, in the rollup's dayless row, in all.
        db
          .selectFrom(attendees.select(['user_id', dateOf('attended_at')]).as('attended'))
          .select([
            day,
            sql<boolean>`grouping(date) = 1`.as('in_all'),
            sql<number>`count(distinct user_id)::int`.as('attendees'),
            sql<number>`(${seats.select(sql`count(*)::int`.as('count'))})`.as('registrations'),
          ])
          .groupBy(sql`rollup(date)`)
          .execute(),
        db
          .selectFrom(
            rollups
              .where('presences', '>', 0)
              .select(['watch_seconds', dateOf('bucket')])
              .as('present'),
          )
          .select([day, rolled('watch_seconds').as('watch_minutes')])
          .groupBy('date')
          .execute(),
      ]);
      // The rollup's dayless row is there even over no rows.
      const inAll = attendance.find((row) => row.in_all)!;
      const days = new Map<string, { day: string; attendees: number; watch_minutes: number }>();
      const dayRow = (day: string) => {
        const row = days.get(day) ?? { day, attendees: 0, watch_minutes: 0 };
        days.set(day, row);
        return row;
      };
      for (const row of minutesByDay) dayRow(row.day).watch_minutes = row.watch_minutes;
      for (const row of attendance) if (!row.in_all) dayRow(row.day).attendees = row.attendees;
      const daily = [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
      return {
        figures: { attendees: inAll.attendees, registrations: inAll.registrations, ...figures },
        daily,
      };
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

    /**
     * Per session: its viewers (people, and visitors of the public on-demand page) and minutes
     * watched live and on demand; the viewers who watched any.
     */
    async sessions(scope: EventScope, range: DayRange) {
      const watching = rowsOf(scope, range, ['session_joined', 'watched']).where('target_id', 'is not', null);
      const [rows, total] = await Promise.all([
        watching
          .select([
            'target_id',
            visitorsOf.as('viewers'),
            minutes(sql`${watched} and mode = 'live'`).as('live_minutes'),
            minutes(sql`${watched} and mode = 'on_demand'`).as('on_demand_minutes'),
          ])
          .groupBy('target_id')
          .execute(),
        watching.select(visitorsOf.as('viewers')).executeTakeFirstOrThrow(),
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
