import { describe, expect, it } from 'vitest';
import {
  engagementMessages,
  engagementStudioPath,
  type Booth,
  type Broadcast,
  type Room,
  type StudioEvent,
} from '@studio/domain';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, personIn, setBranding, type EngagementWorld } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Places Org');

const TIMES = { start: '2031-05-01T13:00:00Z', end: '2031-05-01T21:00:00Z', timezone: 'UTC' };

/** A session, a room and a booth of the event, made by `api` (its organisation's admin). */
async function placesOf(api: EngagementWorld['api'], event: StudioEvent) {
  const session = await api.post<Broadcast>('/api/event/broadcasts/', {
    event: event.id,
    title: 'Keynote',
    broadcast_type: 'LIVE',
    start_time: '2031-05-01T14:00:00Z',
    end_time: '2031-05-01T15:00:00Z',
  });
  const room = await api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Lounge' });
  const booth = await api.post<Booth>('/api/event/booths/', { event: event.id, name: 'Acme' });
  expect([session.status, room.status, booth.status]).toEqual([201, 201, 201]);
  return { session: session.body.id, room: room.body.id, booth: booth.body.id };
}

describe('the programme places engagement names (issue 34: sessions, rooms, booths of the event)', () => {
  it('refuses another event’s or organisation’s session, room or booth and stores nothing', async () => {
    const event = await world.newEvent();
    const own = await placesOf(world.api, event);
    const sibling = await placesOf(world.api, await world.newEvent('Sibling'));
    const outsiderApi = caller(world.studio, (await newAdmin(world.studio, 'Outsider Places Org')).access);
    const foreign = await placesOf(
      outsiderApi,
      await newEvent(outsiderApi, { title: 'Elsewhere', ...TIMES }),
    );
    const grace = await personIn(world, event);

    for (const stranger of [sibling, foreign]) {
      for (const kind of ['session', 'room', 'booth'] as const) {
        const posted = await grace.call<{ errors: Record<string, string[]> }>('POST', `chat/${kind}`, {
          text: 'Hello',
          channel_id: stranger[kind],
        });
        expect(posted.status).toBe(400);
        expect(posted.body.errors.channel_id).toEqual([engagementMessages.notInProgramme[kind]]);
      }
      const asked = await grace.call('POST', 'qna', { text: 'Why?', session_id: stranger.session });
      expect(asked.status).toBe(400);
      const poll = await world.api.post<{ errors: Record<string, string[]> }>(
        engagementStudioPath(event.id, 'polls'),
        { question: 'Best?', options: ['A', 'B'], session_id: stranger.session },
      );
      expect(poll.status).toBe(400);
      expect(poll.body.errors.session_id).toEqual([engagementMessages.notInProgramme.session]);
    }
    for (const queue of ['messages', 'questions', 'polls'] as const) {
      const page = await world.api.get<{ results: unknown[] }>(engagementStudioPath(event.id, queue));
      expect(page.status).toBe(200);
      expect(page.body.results).toEqual([]);
    }

    // The event's own places are taken.
    for (const kind of ['session', 'room', 'booth'] as const)
      expect(
        (await grace.call('POST', `chat/${kind}`, { text: 'Hello', channel_id: own[kind] })).status,
      ).toBe(201);
    expect((await grace.call('POST', 'qna', { text: 'Why?', session_id: own.session })).status).toBe(201);
    const poll = await world.api.post(engagementStudioPath(event.id, 'polls'), {
      question: 'Best?',
      options: ['A', 'B'],
      session_id: own.session,
    });
    expect(poll.status).toBe(201);
  });
});

describe('a booth’s discussion rooms in the event app (002 §3.11 discussion_group_objects)', () => {
  it('are listed on their booth, not in the Rooms tab, and chat as rooms that also need Booth Chat', async () => {
    const event = await world.newEvent('Expo');
    const lounge = (await world.api.post<Room>('/api/event/rooms/', { event: event.id, name: 'Lounge' }))
      .body;
    const booth = (
      await world.api.post<Booth>('/api/event/booths/', {
        event: event.id,
        name: 'Acme',
        discussion_group_objects: [{ name: 'Meet the team' }],
      })
    ).body;
    const [teamRoom] = booth.discussion_group_objects;
    const grace = await personIn(world, event);

    const booths = await grace.call<Booth[]>('GET', 'booths');
    expect(booths.body.find((row) => row.id === booth.id)?.discussion_group_objects).toEqual([
      { id: teamRoom!.id, name: 'Meet the team', rank: 0 },
    ]);
    const rooms = await grace.call<Room[]>('GET', 'rooms');
    expect(rooms.body.map((room) => room.name)).toEqual(['Lounge']);

    const say = (room: string) => grace.call('POST', 'chat/room', { text: 'Hi', channel_id: room });
    const read = (room: string) => grace.call('GET', `chat/room?channel_id=${room}`);
    expect((await say(teamRoom!.id)).status).toBe(201);
    expect((await read(teamRoom!.id)).status).toBe(200);

    // Booth Chat off: a booth's room is closed, the event's own rooms are not.
    await setBranding(world, event, { booth_chat_disabled: true });
    expect((await say(teamRoom!.id)).status).toBe(403);
    expect((await read(teamRoom!.id)).status).toBe(403);
    expect((await say(lounge.id)).status).toBe(201);
    // Room Chat off: every room is closed, the booth's own included.
    await setBranding(world, event, { booth_chat_disabled: false, discussions_chat_disabled: true });
    expect((await say(teamRoom!.id)).status).toBe(403);
    expect((await say(lounge.id)).status).toBe(403);
  });
});
