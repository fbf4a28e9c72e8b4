import type { Kysely } from 'kysely';
import type { Executor } from './executor.ts';
import type { Database } from './schema.ts';

/** One email's key in a mail log: the event, the person, the email's type and its occasion. */
export interface MailLogKey {
  eventId: string;
  userId: string;
  emailType: string;
  occasion: string;
}

type MailLogColumn = 'event_id' | 'user_id' | 'email_type' | 'occasion';

/** The tables that log an area's emails by their key (people_mail_log, registration_mail_log). */
type MailLogTable = {
  [T in keyof Database]: Database[T] extends Record<MailLogColumn, unknown> ? T : never;
}[keyof Database];

/** A key's row of a mail log. */
export const mailLogRow = (key: MailLogKey) => ({
  event_id: key.eventId,
  user_id: key.userId,
  email_type: key.emailType,
  occasion: key.occasion,
});

/** Any mail log seen through its key's columns: one table type for the builder. */
const logs = (db: Executor) => db as unknown as Kysely<Record<string, Record<MailLogColumn, string>>>;

/**
 * An area's emails sent once per key: the send claims the key's row first (false: it was sent, or
 * is being sent, already) and gives it back when the email did not leave, so a retry sends it.
 */
export function mailLog(db: Executor, table: MailLogTable) {
  return {
    async wasSent(key: MailLogKey, tx: Executor = db): Promise<boolean> {
      const found = await logs(tx)
        .selectFrom(table)
        .select('event_id')
        .where((eb) => eb.and(mailLogRow(key)))
        .executeTakeFirst();
      return found !== undefined;
    },

    /** Takes the right to send this email (false: it was sent, or is being sent, already). */
    async claim(key: MailLogKey, tx: Executor = db): Promise<boolean> {
      const inserted = await logs(tx)
        .insertInto(table)
        .values(mailLogRow(key))
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Gives the claim back (the email did not leave; a retry sends it). */
    async release(key: MailLogKey, tx: Executor = db): Promise<void> {
      await logs(tx)
        .deleteFrom(table)
        .where((eb) => eb.and(mailLogRow(key)))
        .execute();
    },
  };
}
