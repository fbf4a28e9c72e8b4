import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { up } from './0035-registration-settings.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, api } = fileStudioWithAdmin('Moved Settings Org');

const event = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T09:00:00Z', end: '2031-06-01T10:00:00Z' });

describe('migration 0035: registration settings move from the events to the registration area', () => {
  it('keeps every event’s seats, waitlist and approval mode, and drops the events’ columns', async () => {
    const [capped, approval, plain] = [await event('Capped'), await event('Approval'), await event('Plain')];
    const db = studio.database.db as unknown as Kysely<unknown>;
    // The schema before 0035: the settings in the events' columns, no table of registration's.
    await sql`drop table event_registration_settings`.execute(db);
    await sql`alter table events
      add column registration_capacity integer,
      add column waitlist_enabled boolean not null default false,
      add column registration_approval_required boolean not null default false`.execute(db);
    await sql`update events set registration_capacity = 40, waitlist_enabled = true where id = ${capped.id}`.execute(
      db,
    );
    await sql`update events set registration_approval_required = true where id = ${approval.id}`.execute(db);

    await up(db);

    const settingsOf = async (eventId: string) =>
      (await api.get(`/api/event/${eventId}/registration_settings/`)).body;
    expect(await settingsOf(capped.id)).toEqual({
      registration_capacity: 40,
      waitlist_enabled: true,
      registration_approval_required: false,
    });
    expect(await settingsOf(approval.id)).toEqual({
      registration_capacity: null,
      waitlist_enabled: false,
      registration_approval_required: true,
    });
    expect(await settingsOf(plain.id)).toEqual({
      registration_capacity: null,
      waitlist_enabled: false,
      registration_approval_required: false,
    });
    const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = 'events'
        and column_name in ('registration_capacity', 'waitlist_enabled', 'registration_approval_required')`.execute(
      db,
    );
    expect(rows).toEqual([]);
  });
});
