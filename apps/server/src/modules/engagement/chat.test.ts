import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_RATE_LIMITS, EVENT_ROLES, type ChatMessage, type EngagementState } from '@studio/domain';
import { fileEngagementWorld, newSession, personIn, setBranding, setFlags } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Chat Org');

describe('chat on the event app (issue 34 §2)', () => {
  it('posts to the event chat and pages its history newest first; script stays text', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const posted = await grace.call<ChatMessage>('POST', 'chat/event', { text: '<script>alert(1)</script>' });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      channel: 'event',
      text: '<script>alert(1)</script>',
      author: { id: grace.userId, name: 'Grace Hopper', role: 'attendee' },
    });
    await ada.call('POST', 'chat/event', { text: 'second' });
    await ada.call('POST', 'chat/event', { text: 'third' });

    const page = await ada.call<ChatMessage[]>('GET', 'chat/event?limit=2');
    expect(page.body.map((message) => message.text)).toEqual(['third', 'second']);
    const older = await ada.call<ChatMessage[]>('GET', `chat/event?limit=2&before=${page.body[1]!.id}`);
    expect(older.body.map((message) => message.text)).toEqual(['<script>alert(1)</script>']);
  });

  it('answers each post of a burst with its own stored message, and history holds them all, newest first', async () => {
    const event = await world.newEvent();
    const people = await Promise.all(['Grace', 'Ada', 'Alan'].map((name) => personIn(world, event, name)));
    const texts = people.flatMap((person, index) => [`burst ${index} a`, `burst ${index} b`]);
    const answers = await Promise.all(
      texts.map((text, index) =>
        people[Math.floor(index / 2)]!.call<ChatMessage>('POST', 'chat/event', { text }),
      ),
    );
    expect(answers.map((answer) => [answer.status, answer.body.text])).toEqual(
      texts.map((text) => [201, text]),
    );
    answers.forEach((answer, index) =>
      expect(answer.body.author.id).toBe(people[Math.floor(index / 2)]!.userId),
    );
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(texts.length);
    const history = await people[0]!.call<ChatMessage[]>('GET', 'chat/event?limit=20');
    expect(history.body.map((message) => message.id).sort()).toEqual(
      answers.map((answer) => answer.body.id).sort(),
    );
    const times = history.body.map((message) => message.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses NUL, control characters and over-long text with 400', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    expect((await grace.call('POST', 'chat/event', { text: 'a\u0000b' })).status).toBe(400);
    expect((await grace.call('POST', 'chat/event', { text: 'a\u0007b' })).status).toBe(400);
    expect((await grace.call('POST', 'chat/event', { text: 'a'.repeat(1001) })).status).toBe(400);
    expect((await grace.call('GET', 'chat/event?before=%00')).status).toBe(400);
    const huge = await world.studio.attendeeSite.inject({
      method: 'POST',
      url: `/e/${event.id}/api/chat/event`,
      headers: { cookie: grace.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'a'.repeat(1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("answers 401 for another event's chat and 404 for a message of another event in a thread", async () => {
    const event = await world.newEvent();
    const other = await world.newEvent('Other');
    const grace = await personIn(world, event);
    const stranger = await personIn(world, other);
    expect((await grace.call('GET', 'chat/event', undefined, other)).status).toBe(401);
    expect((await grace.call('POST', 'chat/event', { text: 'hi' }, other)).status).toBe(401);
    await setFlags(world, { useNewChatApp: true });
    const theirs = await stranger.call<ChatMessage>('POST', 'chat/event', { text: 'elsewhere' });
    const reply = await grace.call('POST', 'chat/event', { text: 'reply', parent_id: theirs.body.id });
    expect(reply.status).toBe(404);
    await setFlags(world, {});
  });

  it('honours the toggles: public chat off, announcements only, session chat and threads', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const organiser = await personIn(world, event, 'Olga', EVENT_ROLES.ORGANIZER);
    await setBranding(world, event, { public_chat_disabled: true });
    const off = await grace.call<{ message: string }>('POST', 'chat/event', { text: 'hi' });
    expect(off).toMatchObject({ status: 403, body: { message: 'Chat is turned off here.' } });
    expect((await grace.call('GET', 'chat/event')).status).toBe(403);

    await setFlags(world, { useChatVisibility: true });
    await setBranding(world, event, { chat_visibilty: 'PRIVATE', public_chat_disabled: false });
    const state = await grace.call<EngagementState>('GET', 'engagement');
    expect(state.body).toMatchObject({ features: { eventChat: 'staff' }, role: 'attendee', blocked: false });
    expect((await grace.call('POST', 'chat/event', { text: 'hi' })).status).toBe(403);
    const staffPost = await organiser.call<ChatMessage>('POST', 'chat/event', { text: 'Welcome' });
    expect(staffPost.body.author.role).toBe('staff');

    const session = await newSession(world, event);
    await setBranding(world, event, { broadcast_chat_disabled: true });
    expect((await grace.call('POST', 'chat/session', { text: 'hi', channel_id: session })).status).toBe(403);
    await setBranding(world, event, { broadcast_chat_disabled: false });
    expect((await grace.call('POST', 'chat/session', { text: 'hi' })).status).toBe(400);
    const inSession = await grace.call<ChatMessage>('POST', 'chat/session', {
      text: 'hi',
      channel_id: session,
    });
    expect(inSession.status).toBe(201);

    // Threads need the new chat app.
    const thread = { text: 'reply', parent_id: inSession.body.id, channel_id: session };
    expect((await grace.call('POST', 'chat/session', thread)).status).toBe(403);
    await setFlags(world, { useChatVisibility: true, useNewChatApp: true });
    expect((await grace.call<ChatMessage>('POST', 'chat/session', thread)).body.parent_id).toBe(
      inSession.body.id,
    );
    await setFlags(world, {});
  });

  it("takes an operator's flag change on the next post, though each node keeps the flags it read", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const first = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'first' });
    const reply = { text: 'reply', parent_id: first.body.id };
    // Threads need the new chat app: off, as read (and kept) by the first post.
    expect((await grace.call('POST', 'chat/event', reply)).status).toBe(403);
    await setFlags(world, { useNewChatApp: true });
    expect((await grace.call('POST', 'chat/event', reply)).status).toBe(201);
    await setFlags(world, {});
    expect((await grace.call('POST', 'chat/event', reply)).status).toBe(403);
  });

  it('keeps direct messages between their two people', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const eve = await personIn(world, event, 'Eve');
    const sent = await grace.call('POST', 'chat/direct', { text: 'psst', channel_id: ada.userId });
    expect(sent.status).toBe(201);
    const adaReads = await ada.call<ChatMessage[]>('GET', `chat/direct?channel_id=${grace.userId}`);
    expect(adaReads.body.map((message) => message.text)).toEqual(['psst']);
    const eveReads = await eve.call<ChatMessage[]>('GET', `chat/direct?channel_id=${grace.userId}`);
    expect(eveReads.body).toEqual([]);
    const stranger = '1b3f4a6e-1c2d-4e5f-8a7b-6c5d4e3f2a1b';
    expect((await grace.call('POST', 'chat/direct', { text: 'hi', channel_id: stranger })).status).toBe(404);
    await setBranding(world, event, { p2p_chat_disabled: true });
    expect((await grace.call('POST', 'chat/direct', { text: 'hi', channel_id: ada.userId })).status).toBe(
      403,
    );
  });

  it('limits each person to their messages per minute (429)', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const ada = await personIn(world, event, 'Ada');
    for (let sent = 0; sent < ENGAGEMENT_RATE_LIMITS.messages; sent += 1)
      expect((await grace.call('POST', 'chat/event', { text: `m${sent}` })).status).toBe(201);
    const over = await grace.call<{ code: string }>('POST', 'chat/event', { text: 'one more' });
    expect(over).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    expect((await ada.call('POST', 'chat/event', { text: 'still fine' })).status).toBe(201);
  });
});
