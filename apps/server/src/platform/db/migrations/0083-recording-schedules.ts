import { sql, type Kysely } from 'kysely';

/**
 * A recording has no schedule, so its timed emails (reminders, follow-ups) have no send time
 * (`scheduleTimesOf`); those written before were given times from its stored start and end, and
 * would have sent "starts in one day" for a recording, which has no start. Their times are cleared.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update email_schedules set send_at = null
    where owner_type = 'event' and send_at is not null
      and owner_id in (select id from events where event_type = 'Recording')`.execute(db);
}
