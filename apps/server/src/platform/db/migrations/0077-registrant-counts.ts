import { sql, type Kysely } from 'kysely';

/**
 * Each event's registrant counts, kept beside its registrations (the registration module owns
 * both): `registered` holds a seat (Registered, Attended, No Show), `waitlisted` waits for one,
 * neither blocked; an event without registrations counted has no row. The events list reads 25
 * rows by key instead of counting every registration of the page's events on each request.
 * Statement-level triggers add what each insert, update and delete of `event_registrations`
 * changed (its transition tables, grouped by event), so every writer — the services, imports,
 * bulk moderation, an event's deletion — keeps them, without a foreign key: the rows of an event
 * deleted with its registrations fall to zero and go. The statuses are written out here (a
 * migration is history), as SEAT_HOLDING_STATUSES said on this day.
 */
/** Each row's part of its event's counts (`rows`: a transition table, or the registrations themselves). */
const delta = (rows: string, sign: '' | '-') =>
  `select event_id,
      ${sign}(status in ('REGISTRATION', 'ATTENDED', 'EVENT_NO_SHOW') and not is_blocked)::int as registered,
      ${sign}(status = 'WAITLISTED' and not is_blocked)::int as waitlisted
    from ${rows}`;

/** Adds the deltas (events in id order: two statements lock their rows in the same order). */
const add = (deltas: string) => `
    insert into event_registration_counts as counts (event_id, registered, waitlisted)
    select event_id, sum(registered), sum(waitlisted) from (${deltas}) as deltas
    group by event_id having sum(registered) <> 0 or sum(waitlisted) <> 0
    order by event_id
    on conflict (event_id) do update set registered = counts.registered + excluded.registered,
      waitlisted = counts.waitlisted + excluded.waitlisted;`;

const dropEmptied = `
    delete from event_registration_counts
    where registered = 0 and waitlisted = 0 and event_id in (select event_id from old_rows);`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table event_registration_counts (
    event_id uuid primary key,
    registered integer not null,
    waitlisted integer not null
  )`.execute(db);
  await sql
    .raw(
      `create function event_registration_counts_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${add(delta('new_rows', ''))}
      elsif tg_op = 'UPDATE' then ${add(`${delta('new_rows', '')} union all ${delta('old_rows', '-')}`)} ${dropEmptied}
      else ${add(delta('old_rows', '-'))} ${dropEmptied}
      end if;
      return null;
    end $$`,
    )
    .execute(db);
  await sql`create trigger event_registration_counts_inserted after insert on event_registrations
    referencing new table as new_rows
    for each statement execute function event_registration_counts_changed()`.execute(db);
  await sql`create trigger event_registration_counts_updated after update on event_registrations
    referencing old table as old_rows new table as new_rows
    for each statement execute function event_registration_counts_changed()`.execute(db);
  await sql`create trigger event_registration_counts_deleted after delete on event_registrations
    referencing old table as old_rows
    for each statement execute function event_registration_counts_changed()`.execute(db);
  // The registrations already there.
  await sql.raw(add(delta('event_registrations', ''))).execute(db);
}
