import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** A rollup (`rollup`: its alias) of a quarter hour the viewer was present in the event's app (ATTENDANCE_ACTIONS). */
export const presentInRollup = (rollup: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${rollup}.presences`)} + ${sql.ref(`${rollup}.cta_clicks`)} > 0`;

/** What other modules' queries may read of analytics, which owns the tracked rows and their rollups. */
export const analyticsReadModel = {
  /** Whether the person (`userId`) was ever present in the event's (`eventId`) app: column references or values. */
  presentInApp(eventId: Expression<string>, userId: Expression<string>): RawBuilder<SqlBool> {
    return sql<SqlBool>`exists (select 1 from analytics_rollups as present
      where present.event_id = ${eventId} and present.user_id = ${userId} and ${presentInRollup('present')})`;
  },
};
