import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ROOM_SEAT_OPTIONS, type Page, type Room } from '@studio/domain';
import { newEvent } from '../../../modules/back-office/back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { up } from './0076-room-seat-options.ts';

const { studio, api } = fileStudioWithAdmin('Seat Options Org');

describe('migration 0076: rooms saved with more seats than the seat options offer', () => {
  it('keep the largest option, 50 seats; rooms within the options or without a limit keep theirs', async () => {
    const event = await newEvent(api, {
      title: 'Big rooms',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
      event_type: 'Conference',
    });
    const room = async (name: string, capacity: number | null) =>
      (await api.post<Room>('/api/event/rooms/', { event: event.id, name, capacity })).body;
    const [hall, table, lounge] = [
      await room('Hall', 50),
      await room('Table', 8),
      await room('Lounge', null),
    ];
    const db = studio.database.db as unknown as Kysely<unknown>;
    // Saved before the seat options, when a room took up to 100,000 seats.
    await sql`update rooms set capacity = 800 where id = ${hall.id}`.execute(db);

    await up(db);

    const { results } = (await api.get<Page<Room>>(`/api/event/rooms/?event=${event.id}`)).body;
    const seatsOf = (roomId: string) => results.find((listed) => listed.id === roomId)?.capacity;
    const largest = ROOM_SEAT_OPTIONS.at(-1)!.seats;
    expect(largest).toBe(50);
    expect(seatsOf(hall.id)).toBe(largest);
    expect(seatsOf(table.id)).toBe(8);
    expect(seatsOf(lounge.id)).toBeNull();
  });
});
