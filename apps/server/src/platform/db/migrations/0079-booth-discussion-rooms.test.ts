import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Booth, Page, Room } from '@studio/domain';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { up } from './0079-booth-discussion-rooms.ts';

/** A new room's id, whatever it is. */
const anyId = expect.any(String) as unknown;
const { studio, api } = fileStudioWithAdmin('Booth Rooms Migration Org');

describe('migration 0079: a booth’s discussion groups kept as JSON become its rooms', () => {
  it('moves them in order (UUID ids kept), and a booth room without a booth becomes an event room', async () => {
    const event = await newEvent(api, {
      title: 'Expo',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
      event_type: 'Conference',
    });
    const booth = (await api.post<Booth>('/api/event/booths/', { event: event.id, name: 'Acme' })).body;
    const legacy = (await api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Marked' })).body;
    const db = studio.database.db as unknown as Kysely<unknown>;
    // As saved before: groups in the booth's JSON column, a room marked is_booth through the rooms API.
    await sql`alter table rooms drop column booth_id`.execute(db);
    await sql`alter table booths add column discussion_groups jsonb not null default '[]'::jsonb`.execute(db);
    const kept = '6f1c7d0e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
    const groups = JSON.stringify([
      { id: kept, name: 'Q&A' },
      { id: 'not-a-uuid', name: 'Demos' },
    ]);
    await sql`update booths set discussion_groups = ${groups}::jsonb where id = ${booth.id}`.execute(db);
    await sql`update rooms set is_booth = true where id = ${legacy.id}`.execute(db);

    await up(db);

    const booths = (await api.get<Page<Booth>>(`/api/event/booths/?event=${event.id}`)).body.results;
    expect(booths[0]?.discussion_group_objects).toEqual([
      { id: kept, name: 'Q&A', rank: 0 },
      { id: anyId, name: 'Demos', rank: 1 },
    ]);
    const rooms = (await api.get<Page<Room>>(`/api/event/rooms/?event=${event.id}`)).body.results;
    expect(rooms.map((room) => [room.name, room.is_booth])).toEqual([['Marked', false]]);
  });
});
