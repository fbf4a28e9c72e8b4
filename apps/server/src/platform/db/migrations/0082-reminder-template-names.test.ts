import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../../../modules/access/access.fixtures.ts';
import { caller, newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { fileStudio } from '../../../../test/file-studio.ts';
import { up } from './0082-reminder-template-names.ts';

const studio = fileStudio();

describe('migration 0082: seeded reminder templates named as the schedule names their type', () => {
  it('renames the reminders seeded with words, and leaves those their organiser renamed', async () => {
    const admin = await newAdmin(studio, 'Reminder Names');
    const event = await newEvent(caller(studio, admin.access), {
      title: 'Old event',
      start: '2031-01-01T09:00:00Z',
      end: '2031-01-01T10:00:00Z',
    });
    const db = studio.database.db as unknown as Kysely<unknown>;
    const insert = async (emailType: string, name: string) => {
      const inserted = await sql<{ id: string }>`
        insert into email_templates (organization_id, event_id, name, subject, email_type, email_html, email_json)
        values (${admin.organization.id}, ${event.id}, ${name}, 'Soon', ${emailType}, '<p>Soon</p>', '{}'::jsonb)
        returning id
      `.execute(db);
      return inserted.rows[0]!.id;
    };
    const ids = [
      await insert('Reminder-1d', 'Reminder one day before'),
      await insert('Reminder-1h', 'Reminder one hour before'),
      await insert('Reminder-1d', 'Our day-before note'),
      await insert('Reminder-1w', 'Reminder one day before'),
    ];

    await up(db);

    const rows = await sql<{ id: string; name: string }>`
      select id, name from email_templates where id in (${sql.join(ids)})
    `.execute(db);
    const nameOf = new Map(rows.rows.map((row) => [row.id, row.name]));
    expect(ids.map((id) => nameOf.get(id))).toEqual([
      'Reminder 1 day before',
      'Reminder 1 hour before',
      'Our day-before note',
      'Reminder one day before',
    ]);
  });
});
