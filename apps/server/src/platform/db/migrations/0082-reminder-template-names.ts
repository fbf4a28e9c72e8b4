import { sql, type Kysely } from 'kysely';

/** The reminder templates every event was seeded with, by their names before and after. */
const RENAMED = [
  { emailType: 'Reminder-1d', before: 'Reminder one day before', after: 'Reminder 1 day before' },
  { emailType: 'Reminder-1h', before: 'Reminder one hour before', after: 'Reminder 1 hour before' },
] as const;

/**
 * Seeded reminder templates are named by their email type's one label, as the schedule names the
 * type ('Reminder 1 day before'); those seeded before kept the words ('Reminder one day before').
 * They are renamed, unless their organiser renamed them already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { emailType, before, after } of RENAMED)
    await sql`update email_templates set name = ${after}
      where email_type = ${emailType} and name = ${before}`.execute(db);
}
