import { describe, expect, it } from 'vitest';
import {
  BOOTH_DISCUSSION_ROOMS_MAX,
  roomsBoothsMessages,
  type Booth,
  type DiscussionGroup,
  type Page,
  type Room,
} from '@studio/domain';
import { fileMailCatcher, fileStudio, organiserWithEvent } from '../../../../test/file-studio.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, duplicatedEvent, newEvent } from '../../back-office/back-office.fixtures.ts';
import { signedInSponsor } from './booths.fixtures.ts';

/** A new room's id, whatever it is. */
const anyId = expect.any(String) as unknown;
const publicUrl = 'http://studio.test';
const catcher = fileMailCatcher();
// Role all: this studio runs the duplication job itself.
const studio = fileStudio(() => ({ smtpUrl: catcher.url, publicUrl, role: 'all' }));
const { api, event } = organiserWithEvent(studio, 'Booth Rooms Org', {
  title: 'Expo',
  start: '2031-05-01T09:00:00Z',
  end: '2031-05-01T17:00:00Z',
  event_type: 'Conference',
});
const sponsorOf = (booth: Booth, email: string) =>
  signedInSponsor({ studio, api, catcher, publicUrl }, booth, email);

type Answer<T> = T & { message: string; code: string; errors: Record<string, string[]> };
const newBooth = async (name: string, rooms: { name: string }[] = [], eventId = event.id) => {
  const created = await api.post<Booth>('/api/event/booths/', {
    event: eventId,
    name,
    discussion_group_objects: rooms,
  });
  expect(created.status).toBe(201);
  return created.body;
};
const saveRooms = (booth: Booth, rooms: { id?: string; name: string }[], as = api) =>
  as.patch<Answer<Booth>>(`/api/event/booths/${booth.id}/`, { discussion_group_objects: rooms });
const roomsOf = async (boothId: string, eventId = event.id) =>
  (await api.get<Page<Booth>>(`/api/event/booths/?event=${eventId}`)).body.results.find(
    (booth) => booth.id === boothId,
  )?.discussion_group_objects;
const names = (rooms: DiscussionGroup[] | undefined) => rooms?.map((room) => room.name);

describe('a booth’s discussion rooms (002 §3.11 discussion_group_objects)', () => {
  it('keep their ids across saves: listed with an id a room is renamed and moved, without one it is new, left out it is gone', async () => {
    const booth = await newBooth('Acme', [{ name: 'Demo corner' }, { name: 'Q&A' }]);
    const [demo, qna] = booth.discussion_group_objects;
    expect(booth.discussion_group_objects).toEqual([
      { id: anyId, name: 'Demo corner', rank: 0 },
      { id: anyId, name: 'Q&A', rank: 1 },
    ]);

    // Saving the booth without its rooms leaves them as they are.
    const renamed = await api.patch<Booth>(`/api/event/booths/${booth.id}/`, { name: 'Acme Corp' });
    expect(renamed.body.discussion_group_objects).toEqual(booth.discussion_group_objects);

    const saved = await saveRooms(booth, [{ id: qna!.id, name: 'Ask us' }, { name: 'Careers' }]);
    expect(saved.status).toBe(200);
    expect(saved.body.discussion_group_objects).toEqual([
      { id: qna!.id, name: 'Ask us', rank: 0 },
      { id: anyId, name: 'Careers', rank: 1 },
    ]);
    const careers = saved.body.discussion_group_objects[1]!;
    expect([demo!.id, qna!.id]).not.toContain(careers.id);
    expect(await roomsOf(booth.id)).toEqual(saved.body.discussion_group_objects);

    // Reordered: same rooms, new ranks.
    const reordered = await saveRooms(booth, [
      { id: careers.id, name: 'Careers' },
      { id: qna!.id, name: 'Ask us' },
    ]);
    expect(reordered.body.discussion_group_objects).toEqual([
      { id: careers.id, name: 'Careers', rank: 0 },
      { id: qna!.id, name: 'Ask us', rank: 1 },
    ]);
    expect((await saveRooms(booth, [])).body.discussion_group_objects).toEqual([]);
  });

  it('refuses an unnamed room, more than the maximum, another booth’s room and a room listed twice, saving nothing', async () => {
    const booth = await newBooth('Strict', [{ name: 'Lounge' }]);
    const other = await newBooth('Other', [{ name: 'Theirs' }]);
    const [lounge] = booth.discussion_group_objects;
    const unnamed = await saveRooms(booth, [{ name: '   ' }]);
    expect(unnamed.status).toBe(400);
    const tooMany = await saveRooms(
      booth,
      Array.from({ length: BOOTH_DISCUSSION_ROOMS_MAX + 1 }, (_, i) => ({ name: `Room ${i}` })),
    );
    expect(tooMany.status).toBe(400);
    const stolen = await saveRooms(booth, [{ id: other.discussion_group_objects[0]!.id, name: 'Mine now' }]);
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors.discussion_group_objects).toEqual([
      roomsBoothsMessages.discussionRoomNotInBooth,
    ]);
    const twice = await saveRooms(booth, [
      { id: lounge!.id, name: 'A' },
      { id: lounge!.id, name: 'B' },
    ]);
    expect(twice.body.errors.discussion_group_objects).toEqual([
      roomsBoothsMessages.discussionRoomNamedTwice,
    ]);
    // A new booth has none of its own yet: an id names nothing it has.
    const planted = await api.post<Answer<Booth>>('/api/event/booths/', {
      event: event.id,
      name: 'Planted',
      discussion_group_objects: [{ id: lounge!.id, name: 'Lounge' }],
    });
    expect(planted.status).toBe(201);
    expect(planted.body.discussion_group_objects[0]?.id).not.toBe(lounge!.id);
    expect(await roomsOf(booth.id)).toEqual(booth.discussion_group_objects);
    expect(await roomsOf(other.id)).toEqual(other.discussion_group_objects);
  });

  it('are rooms of the booth (is_booth, run by its sponsor), apart from the event’s Rooms, and go with it', async () => {
    const own = await api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Main lounge' });
    const booth = await newBooth('Sponsored', [{ name: 'Meet the team' }]);
    const { sponsor } = await sponsorOf(booth, 'rooms.sponsor@example.com');
    const added = await saveRooms(booth, [...booth.discussion_group_objects, { name: 'Jobs' }]);
    expect(names(added.body.discussion_group_objects)).toEqual(['Meet the team', 'Jobs']);

    const listed = (await api.get<Page<Room>>(`/api/event/rooms/?event=${event.id}`)).body;
    expect(listed.results.map((room) => room.name)).toContain('Main lounge');
    expect(listed.results.every((room) => !room.is_booth)).toBe(true);
    const boothRooms = await studio.database.db
      .selectFrom('rooms')
      .select(['name', 'is_booth', 'owner_id', 'booth_id', 'event_id'])
      .where('booth_id', '=', booth.id)
      .orderBy('rank')
      .execute();
    expect(boothRooms).toEqual([
      { name: 'Meet the team', is_booth: true, owner_id: sponsor.id, booth_id: booth.id, event_id: event.id },
      { name: 'Jobs', is_booth: true, owner_id: sponsor.id, booth_id: booth.id, event_id: event.id },
    ]);
    // Event rooms keep ranking among themselves.
    const next = await api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Side lounge' });
    expect(next.body.rank).toBe(own.body.rank + 1);

    expect((await api.delete(`/api/event/booths/${booth.id}/`)).status).toBe(204);
    const left = await studio.database.db
      .selectFrom('rooms')
      .select('id')
      .where('booth_id', '=', booth.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('are the sponsor’s to edit on their own booth; other sponsors and organisations get 404', async () => {
    const booth = await newBooth('Sam’s', [{ name: 'Hello' }]);
    const theirs = await newBooth('Theirs', [{ name: 'Private' }]);
    const { as } = await sponsorOf(booth, 'own.rooms@example.com');
    const [hello] = booth.discussion_group_objects;
    const edited = await as.patch<Booth>(`/api/event/booths/${booth.id}/sponsor/`, {
      discussion_group_objects: [{ id: hello!.id, name: 'Hello there' }, { name: 'Demos' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.discussion_group_objects).toEqual([
      { id: hello!.id, name: 'Hello there', rank: 0 },
      { id: anyId, name: 'Demos', rank: 1 },
    ]);
    const unnamed = await as.patch(`/api/event/booths/${booth.id}/sponsor/`, {
      discussion_group_objects: [{ name: '' }],
    });
    expect(unnamed.status).toBe(400);
    expect(
      (
        await as.patch(`/api/event/booths/${theirs.id}/sponsor/`, {
          discussion_group_objects: [{ name: 'Taken' }],
        })
      ).status,
    ).toBe(404);
    expect((await saveRooms(booth, [{ name: 'Through the organiser route' }], as)).status).toBe(403);

    const outsider = caller(studio, (await newAdmin(studio, 'Other Rooms Org')).access);
    expect((await saveRooms(booth, [{ name: 'Planted' }], outsider)).status).toBe(404);
    expect(
      (
        await outsider.patch(`/api/event/booths/${booth.id}/sponsor/`, {
          discussion_group_objects: [{ name: 'Planted' }],
        })
      ).status,
    ).toBe(404);
    expect(names(await roomsOf(booth.id))).toEqual(['Hello there', 'Demos']);
    expect(names(await roomsOf(theirs.id))).toEqual(['Private']);
  });

  it('are not the Rooms routes’ to change: a PATCH or DELETE is 409, a reorder naming them 400, and nothing changes', async () => {
    // An event of its own: its booth rooms are exactly these.
    const expo = await newEvent(api, {
      title: 'Booth rooms apart',
      start: '2031-05-02T09:00:00Z',
      end: '2031-05-02T17:00:00Z',
    });
    const own = (await api.post<Room>('/api/event/rooms/', { event: expo.id, name: 'Main lounge' })).body;
    const booth = await newBooth('Stand', [{ name: 'First' }, { name: 'Second' }], expo.id);
    const { sponsor } = await sponsorOf(booth, 'apart.sponsor@example.com');
    const [first, second] = booth.discussion_group_objects;
    const rows = () =>
      studio.database.db
        .selectFrom('rooms')
        .select(['id', 'name', 'rank', 'is_booth', 'booth_id', 'owner_id'])
        .where('event_id', '=', expo.id)
        .orderBy('is_booth')
        .orderBy('rank')
        .execute();
    const before = await rows();
    expect(before.filter((row) => row.is_booth)).toEqual([
      { id: first!.id, name: 'First', rank: 0, is_booth: true, booth_id: booth.id, owner_id: sponsor.id },
      { id: second!.id, name: 'Second', rank: 1, is_booth: true, booth_id: booth.id, owner_id: sponsor.id },
    ]);

    const refused = (answer: { status: number; body: unknown }) => {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        code: 'BOOTH_ROOM',
        message: roomsBoothsMessages.boothRoomElsewhere,
      });
    };
    refused(await api.patch(`/api/event/rooms/${first!.id}/`, { name: 'Hijacked' }));
    refused(await api.patch(`/api/event/rooms/${first!.id}/`, { owner: null }));
    refused(await api.patch(`/api/event/rooms/${first!.id}/`, { is_booth: false }));
    refused(await api.delete(`/api/event/rooms/${second!.id}/`));
    // The event's Rooms are reordered alone: a booth's rooms are not among them.
    for (const object_list of [
      [
        { pk: second!.id, rank: 0 },
        { pk: first!.id, rank: 1 },
      ],
      [
        { pk: own.id, rank: 0 },
        { pk: first!.id, rank: 1 },
      ],
    ]) {
      const reordered = await api.post<Answer<object>>('/api/event/rooms/reorder/', { object_list });
      expect(reordered.status).toBe(400);
      expect(reordered.body.errors.object_list).toEqual([roomsBoothsMessages.reorderMismatch]);
    }
    // Another organisation learns nothing: 404 as for any room of another's.
    const outsider = caller(studio, (await newAdmin(studio, 'Booth Room Outsider Org')).access);
    expect((await outsider.patch(`/api/event/rooms/${first!.id}/`, { name: 'x' })).status).toBe(404);
    expect((await outsider.delete(`/api/event/rooms/${first!.id}/`)).status).toBe(404);
    expect(await rows()).toEqual(before);

    // No change through the Rooms routes makes a room a booth's, or makes a booth's room the event's.
    const planted = await api.post<Room>('/api/event/rooms/', {
      event: expo.id,
      name: 'Planted',
      is_booth: true,
      booth_id: booth.id,
    });
    expect(planted.status).toBe(201);
    expect(planted.body.is_booth).toBe(false);
    const flipped = await api.patch<Room>(`/api/event/rooms/${own.id}/`, {
      name: 'Main lounge',
      is_booth: true,
      booth_id: booth.id,
    });
    expect(flipped.status).toBe(200);
    expect(flipped.body.is_booth).toBe(false);
    const stored = await studio.database.db
      .selectFrom('rooms')
      .select(['id', 'is_booth', 'booth_id'])
      .where('id', 'in', [own.id, planted.body.id])
      .orderBy('rank')
      .execute();
    expect(stored).toEqual([
      { id: own.id, is_booth: false, booth_id: null },
      { id: planted.body.id, is_booth: false, booth_id: null },
    ]);
    expect(names(await roomsOf(booth.id, expo.id))).toEqual(['First', 'Second']);

    // The booth's own write path still changes them.
    const saved = await saveRooms(booth, [{ id: second!.id, name: 'Second, renamed' }]);
    expect(saved.body.discussion_group_objects).toEqual([
      { id: second!.id, name: 'Second, renamed', rank: 0 },
    ]);
  });

  it('go with their booth when the event is duplicated (new ids, same names and order, no sponsor)', async () => {
    const booth = await newBooth('Copied stand', [{ name: 'First' }, { name: 'Second' }]);
    const lounge = await api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Copied lounge' });
    const copyId = await duplicatedEvent(api, event.id, { start_time: '2031-06-01T09:00:00Z' });
    const copied = (await api.get<Page<Booth>>(`/api/event/booths/?event=${copyId}`)).body.results.find(
      (row) => row.name === 'Copied stand',
    );
    expect(names(copied?.discussion_group_objects)).toEqual(['First', 'Second']);
    const sourceIds = booth.discussion_group_objects.map((room) => room.id);
    expect(copied?.discussion_group_objects.some((room) => sourceIds.includes(room.id))).toBe(false);
    const copiedRooms = (await api.get<Page<Room>>(`/api/event/rooms/?event=${copyId}`)).body.results;
    expect(copiedRooms.map((room) => room.name)).toContain(lounge.body.name);
    expect(copiedRooms.map((room) => room.name)).not.toContain('First');
    const owners = await studio.database.db
      .selectFrom('rooms')
      .select('owner_id')
      .where('booth_id', '=', copied!.id)
      .execute();
    expect(owners).toEqual([{ owner_id: null }, { owner_id: null }]);
  });
});
