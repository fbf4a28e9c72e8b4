import { sql } from 'kysely';
import type { StudioUsageBatch } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationsReadModel } from '../organizations/organizations.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';

/** A line of the operator's usage summary: what was done, how often, by how many people. */
export interface UsageLine {
  event: string;
  what: string;
  times: number;
  people: number;
}

export function createStudioUsageRepository(db: Executor) {
  return {
    /**
     * Stores a page's events in one statement, enriched with the person's email and whether it is
     * verified, and whether their organisation is on a free trial (none for a failed sign-in).
     */
    async record(
      batch: StudioUsageBatch,
      who: { userId: string | null; organizationId: string | null },
    ): Promise<void> {
      const rows = batch.events.map(
        ({ event, ...properties }) => sql`(${event}, ${JSON.stringify(properties)}::jsonb)`,
      );
      const organizationId = sql<string | null>`${who.organizationId}::uuid`;
      await sql`insert into studio_usage_events
          (session_id, user_id, organization_id, email, email_verified, is_free_trial, event, properties)
        select ${batch.session_id}::uuid, person.id, ${organizationId}, person.email, person.email_verified,
          ${organizationsReadModel.isFreeTrialOf(organizationId)}, tracked.event, tracked.properties
        from (values ${sql.join(rows)}) as tracked(event, properties)
        left join (${usersReadModel.usageProfileOf(who.userId)}) as person on true`.execute(db);
    },

    /** The last `days` days, most done first: clicks by name, sign-ins and sign-outs by method and outcome. */
    async summary(days: number, limit: number): Promise<UsageLine[]> {
      const { rows } = await sql<UsageLine>`select event,
          coalesce(properties->>'button_name', concat_ws(' ', properties->>'action',
            properties->>'login_method', case when (properties->>'is_success')::boolean
              then 'succeeded' else 'failed' end)) as what,
          count(*)::int as times, count(distinct user_id)::int as people
        from studio_usage_events where occurred_at >= now() - make_interval(days => ${days}::int)
        group by 1, 2 order by times desc, event, what limit ${limit}`.execute(db);
      return rows;
    },

    /** Forgets what is older than `days` days; answers how many rows went. */
    async forgetOlderThan(days: number): Promise<number> {
      const { numDeletedRows } = await db
        .deleteFrom('studio_usage_events')
        .where('occurred_at', '<', sql<Date>`now() - make_interval(days => ${days}::int)`)
        .executeTakeFirst();
      return Number(numDeletedRows);
    },
  };
}
export type StudioUsageRepository = ReturnType<typeof createStudioUsageRepository>;
