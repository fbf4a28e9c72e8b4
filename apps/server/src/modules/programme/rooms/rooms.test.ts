import { describe, expect, it } from 'vitest';
import { roomsBoothsMessages, type Page, type Room } from '@studio/domain';
import { fileStudio, organiserWithEvent } from '../../../../test/file-studio.ts';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { caller, copySourceAndTarget, newEvent } from '../../back-office/back-office.fixtures.ts';
import { copyRooms } from './rooms.repository.ts';

const studio = fileStudio();
const { api, event } = organiserWithEvent(studio, 'Rooms Org', {
  title: 'Summit',
  start: '2031-03-01T09:00:00Z',
  end: '2031-03-01T17:00:00Z',
  event_type: 'Conference',
});

type Answer<T> = T & { code: string; errors: Record<string, string[]> };
const create = (name: string, fields: Record<string, unknown> = {}) =>
  api.post<Answer<Room>>('/api/event/rooms/', { event: event.id, name, ...fields });
/** New ranks for the rooms in this order (0, 1, 2…). */
const reorder = <T>(ids: string[]) =>
  api.post<T>('/api/event/rooms/reorder/', { object_list: ids.map((pk, rank) => ({ pk, rank })) });
const listed = async (eventId = event.id) =>
  (await api.get<Page<Room>>(`/api/event/rooms/?event=${eventId}`)).body.results;

describe('rooms (001 §3 "Room", §7 "Rooms")', () => {
  it('creates rooms last in rank order, updates and deletes them', async () => {
    const lounge = await create('Lounge', { description: 'Chat', capacity: 40, is_breakout: true });
    expect(lounge.status).toBe(201);
    expect(lounge.body).toMatchObject({
      event: event.id,
      name: 'Lounge',
      description: 'Chat',
      capacity: 40,
      rank: 0,
      is_breakout: true,
      is_booth: false,
      owner: null,
    });
    const hall = (await create('Hall')).body;
    expect(hall.rank).toBe(1);
    expect((await listed()).map((room) => room.name)).toEqual(['Lounge', 'Hall']);

    const renamed = await api.patch<Room>(`/api/event/rooms/${hall.id}/`, {
      name: 'Main hall',
      capacity: null,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Main hall', capacity: null, rank: 1 });

    expect((await api.delete(`/api/event/rooms/${hall.id}/`)).status).toBe(204);
    expect((await listed()).map((room) => room.id)).toEqual([lounge.body.id]);
    expect((await api.delete(`/api/event/rooms/${hall.id}/`)).status).toBe(404);
    await api.delete(`/api/event/rooms/${lounge.body.id}/`);
  });

  it('refuses bad input with field errors', async () => {
    const blank = await create('   ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors.name).toBeDefined();
    const stranger = await create('Owned', { owner: '00000000-0000-4000-8000-000000000000' });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors.owner).toEqual([roomsBoothsMessages.ownerNotSponsor]);
    // A room's seats are one of its seat options, 1 to 50 (002 §9).
    const crowded = await create('Crowded', { capacity: 51 });
    expect(crowded.status).toBe(400);
    expect(crowded.body.errors.capacity).toBeDefined();
    expect((await api.get(`/api/event/rooms/?event=not-an-id`)).status).toBe(404);
  });

  it('reorders every room of the event at once, and refuses an incomplete or unknown list whole', async () => {
    const [a, b, c] = [(await create('A')).body, (await create('B')).body, (await create('C')).body];
    const reordered = await reorder<Room[]>([c.id, a.id, b.id]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((room) => room.name)).toEqual(['C', 'A', 'B']);

    const missing = await reorder<Answer<object>>([a.id, c.id]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.object_list).toEqual([roomsBoothsMessages.reorderMismatch]);
    // An unknown room, a room twice, none at all.
    const refused = [[a.id, b.id, c.id, '00000000-0000-4000-8000-000000000000'], [a.id, a.id, b.id], []];
    for (const ids of refused) expect((await reorder(ids)).status).toBe(400);
    expect((await listed()).map((room) => room.name)).toEqual(['C', 'A', 'B']);
  });

  it('goes with its event', async () => {
    const other = await newEvent(api, {
      title: 'Short',
      start: '2031-04-01T09:00:00Z',
      end: '2031-04-01T10:00:00Z',
    });
    const room = (await api.post<Room>('/api/event/rooms/', { event: other.id, name: 'Gone' })).body;
    expect((await api.delete(`/api/event/${other.id}/`)).status).toBe(204);
    expect((await api.patch(`/api/event/rooms/${room.id}/`, { name: 'x' })).status).toBe(404);
  });

  it('is the organisation’s own: other organisations get 404 on every route, members without rights 403', async () => {
    const room = (await create('Private')).body;
    const outsider = caller(studio, (await newAdmin(studio, 'Other Rooms Org')).access);
    expect((await outsider.get(`/api/event/rooms/?event=${event.id}`)).status).toBe(404);
    expect((await outsider.post('/api/event/rooms/', { event: event.id, name: 'Planted' })).status).toBe(404);
    expect((await outsider.patch(`/api/event/rooms/${room.id}/`, { name: 'Stolen' })).status).toBe(404);
    expect((await outsider.patch(`/api/event/rooms/${room.id}/`, { name: '' })).status).toBe(404);
    expect((await outsider.delete(`/api/event/rooms/${room.id}/`)).status).toBe(404);
    expect(
      (await outsider.post('/api/event/rooms/reorder/', { object_list: [{ pk: room.id, rank: 0 }] })).status,
    ).toBe(400);
    expect((await listed()).some((row) => row.id === room.id && row.name === 'Private')).toBe(true);

    const admin = await newAdmin(studio, 'Rights Org');
    const plain = caller(studio, (await newMember(studio, admin.organization.id, null)).access);
    expect((await plain.get(`/api/event/rooms/?event=${event.id}`)).status).toBe(403);
    expect((await plain.post('/api/event/rooms/', { event: event.id, name: 'x' })).status).toBe(403);
  });
});

describe('event duplication', () => {
  it('copies the rooms onto the copy, in rank order, without owners', async () => {
    const { source, target } = await copySourceAndTarget(api);
    for (const name of ['First', 'Second'])
      await api.post('/api/event/rooms/', { event: source.id, name, capacity: 10 });
    const newIds = new Map<string, string>();
    await studio.database.db.transaction().execute((tx) => copyRooms(source.id, target.id, newIds, tx));
    const copied = await listed(target.id);
    expect(copied.map((room) => [room.name, room.rank, room.capacity, room.owner])).toEqual([
      ['First', 0, 10, null],
      ['Second', 1, 10, null],
    ]);
    expect([...newIds.values()].sort()).toEqual(copied.map((room) => room.id).sort());
  });
});

describe('webinars (002 §9: no rooms or booths)', () => {
  it('refuses every rooms and booths call of a webinar', async () => {
    const webinar = await newEvent(api, {
      title: 'Webinar',
      start: '2031-03-01T09:00:00Z',
      end: '2031-03-01T10:00:00Z',
      event_type: 'Webinar',
    });
    const calls = [
      await api.get<Answer<object>>(`/api/event/rooms/?event=${webinar.id}`),
      await api.post<Answer<object>>('/api/event/rooms/', { event: webinar.id, name: 'Lounge' }),
      await api.get<Answer<object>>(`/api/event/booths/?event=${webinar.id}`),
      await api.post<Answer<object>>('/api/event/booths/', { event: webinar.id, name: 'Contoso' }),
    ];
    for (const call of calls) {
      expect(call.status).toBe(400);
      expect(call.body).toMatchObject({
        code: 'NOT_FOR_WEBINARS',
        message: roomsBoothsMessages.notForWebinars,
      });
    }
  });
});
