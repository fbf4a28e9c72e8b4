import { sql, type Kysely } from 'kysely';

/**
 * The webhooks' outbox: an activity written in the transaction that made it (a registration …),
 * one small row, fanned out to the endpoints by the worker outside that transaction. A worker
 * claims a row for a while (`claimed_until`) and deletes it once fanned out; a claim that ran out
 * (its worker died) is taken again, `tries` counting the claims.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_outbox (
    id bigint generated always as identity primary key,
    activity jsonb not null,
    claimed_until timestamptz,
    tries integer not null default 0
  )`.execute(db);
  // Activities still waiting as jobs of the queue this replaces move into the outbox (the queue
  // exists once a process has sent a job).
  await sql`do $$ begin
    if to_regclass('pgboss.job') is not null then
      with moved as (
        update pgboss.job set state = 'cancelled', completed_on = now()
        where name = 'webhooks.activity' and state in ('created', 'retry', 'active')
        returning data, created_on
      )
      insert into webhook_outbox (activity) select data from moved order by created_on;
    end if;
  end $$`.execute(db);
}
