import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { StudioEvent } from '@studio/domain';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { up } from './0032-event-app-branding.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, api } = fileStudioWithAdmin('Migrated App Org');

const event = (title: string) =>
  newEvent(api, { title, start: '2031-06-01T09:00:00Z', end: '2031-06-01T10:00:00Z' });

describe('migration 0032: the event app’s settings become branding fields', () => {
  it('moves each event’s changed settings into its branding (a null title keeps the default) and drops the table', async () => {
    const db = studio.database.db;
    const changed = await event('Changed settings');
    const branded = await event('Branded before');
    const untouched = await event('Never set');
    await api.patch(`/api/event/${branded.id}/`, { is_title_visible: false, people_tab_title: 'Crowd' });

    // The tables as they were before 0032: 0026's, with the rows organisers saved.
    await sql`drop table event_app_demo_requests`.execute(db);
    await sql`create table event_app_settings (event_id uuid primary key references events(id) on delete cascade,
      settings jsonb not null default '{}'::jsonb, updated_at timestamptz not null default now())`.execute(
      db,
    );
    const save = (id: string, settings: object) =>
      sql`insert into event_app_settings (event_id, settings) values (${id}, ${JSON.stringify(settings)}::jsonb)`.execute(
        db,
      );
    await save(changed.id, {
      disable_enter_event_button: false,
      speaker_tab_title: 'Voices',
      booth_tab_title: null,
    });
    await save(branded.id, { show_attendees: false });

    await up(db as unknown as Kysely<unknown>);

    const answered = async (id: string) => (await api.get<StudioEvent>(`/api/event/${id}/`)).body;
    expect(await answered(changed.id)).toMatchObject({
      disable_enter_event_button: false,
      speaker_tab_title: 'Voices',
      booth_tab_title: 'Booths',
      enable_tech_check: true,
    });
    expect(await answered(branded.id)).toMatchObject({
      is_title_visible: false,
      people_tab_title: 'Crowd',
      show_attendees: false,
    });
    expect(await answered(untouched.id)).toMatchObject({
      disable_enter_event_button: true,
      show_attendees: true,
    });
    const table = await sql<{
      name: string | null;
    }>`select to_regclass('event_app_settings') as name`.execute(db);
    expect(table.rows[0]?.name).toBeNull();
  });
});
