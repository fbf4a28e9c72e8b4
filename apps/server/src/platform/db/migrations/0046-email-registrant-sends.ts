import { sql, type Kysely } from 'kysely';

/**
 * Custom and bulk emails resumable like the scheduler's sends (issue 33 §6): each send to
 * registrants has a key (its job's), and its messages are claimed once per (send, recipient), so a
 * retry of a job that died takes up what was left queued or held by the dead worker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_deliveries add column registrants_send_id uuid,
    add constraint email_deliveries_registrants_send_recipient_key unique (registrants_send_id, recipient)`.execute(
    db,
  );
}
