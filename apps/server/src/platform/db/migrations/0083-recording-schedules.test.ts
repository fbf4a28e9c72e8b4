import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newAdmin } from '../../../modules/access/access.fixtures.ts';
import { caller, newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { fileStudio } from '../../../../test/file-studio.ts';
import { up } from './0083-recording-schedules.ts';

const studio = fileStudio();

describe("migration 0083: a recording's timed emails lose the send times written before", () => {
  it("clears a recording's send times and leaves a webinar's", async () => {
    const admin = await newAdmin(studio, 'Recording Schedules');
    const as = caller(studio, admin.access);
    const times = { start: '2031-01-01T09:00:00Z', end: '2031-01-01T10:00:00Z' };
    const webinar = await newEvent(as, { title: 'Live one', ...times });
    const recording = await newEvent(as, { title: 'On demand', ...times });
    const db = studio.database.db as unknown as Kysely<unknown>;
    await sql`update events set event_type = 'Recording' where id = ${recording.id}`.execute(db);
    for (const event of [webinar, recording])
      await sql`insert into email_schedules (organization_id, owner_type, owner_id, email_type, active,
          relative_time, offset_minutes, audience, send_at)
        values (${admin.organization.id}, 'event', ${event.id}, 'Reminder-1d', true, 'BEFORE_START', 1440,
          'All Registrants', '2030-12-31T09:00:00Z')`.execute(db);

    await up(db);

    const rows = await sql<{ owner_id: string; send_at: Date | null }>`
      select owner_id, send_at from email_schedules where owner_id in (${webinar.id}, ${recording.id})
    `.execute(db);
    const sendAt = new Map(rows.rows.map((row) => [row.owner_id, row.send_at]));
    expect(sendAt.get(recording.id)).toBeNull();
    expect(sendAt.get(webinar.id)?.toISOString()).toBe('2030-12-31T09:00:00.000Z');
  });
});
