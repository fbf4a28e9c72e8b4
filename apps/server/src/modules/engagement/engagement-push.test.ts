import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  clearChatPath,
  ENGAGEMENT_PUSHED,
  engagementStudioPath,
  EVENT_ROLES,
  type EngagementPush,
  type Question,
} from '@studio/domain';
import { fileEngagementWorld, newSession, personIn, setBranding, speaksIn } from './engagement.fixtures.ts';
import { pushStream } from '../attendee-site/event-app/event-app.fixtures.ts';
import { createPresenceRepository, PRESENCE_TTL_SECONDS } from './presence.repository.ts';

const world = fileEngagementWorld('Push Org');
let address: string;
beforeAll(async () => {
  address = await world.studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
});
// The test's fetch keeps its stream connections alive after they are aborted: drop them before
// the studio closes (after-hooks run last registered first).
afterAll(() => world.studio.attendeeSite.server.closeAllConnections());

/** A person's push stream: `until(found)` reads batches until one holds an item `found` accepts. */
async function streamOf(eventId: string, cookie: string, sessionId?: string) {
  const query = sessionId ? `?session_id=${sessionId}` : '';
  const stream = await pushStream(`${address}/e/${eventId}/api/push${query}`, cookie);
  const seen: EngagementPush[] = [];
  return {
    seen,
    async until(found: (item: EngagementPush) => boolean): Promise<EngagementPush> {
      for (;;) {
        const batch = (await stream.nextOf(ENGAGEMENT_PUSHED)) as EngagementPush[];
        expect(Array.isArray(batch)).toBe(true);
        seen.push(...batch);
        const item = batch.find(found);
        if (item) return item;
      }
    },
    close: stream.close,
  };
}

describe('engagement pushes to the attendee streams (issue 34 §7)', () => {
  it("reaches a second attendee's stream; direct and pending items only reach whom they concern", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const eve = await personIn(world, event, 'Eve');
    await setBranding(world, event, { is_text_qna_moderated: true });
    const adaStream = await streamOf(event.id, ada.cookie);

    // A private question and a direct message to Eve first: Ada's stream must never carry them.
    const pending = await grace.call<Question>('POST', 'qna', { text: 'Secret question' });
    await grace.call('POST', 'chat/direct', { text: 'For Eve only', channel_id: eve.userId });
    await grace.call('POST', 'chat/event', { text: 'Hello <b>all</b>' });
    const pushed = await adaStream.until(
      (item) => item.type === 'message' && item.message.channel === 'event',
    );
    expect(pushed).toMatchObject({ message: { text: 'Hello <b>all</b>', author: { name: 'Grace Hopper' } } });

    await world.api.patch(engagementStudioPath(event.id, `questions/${pending.body.id}`), { state: 'open' });
    const approved = await adaStream.until((item) => item.type === 'question');
    expect(approved).toMatchObject({ question: { id: pending.body.id, state: 'open' } });
    const texts = JSON.stringify(adaStream.seen);
    expect(texts).not.toContain('For Eve only');
    expect(adaStream.seen.filter((item) => item.type === 'question')).toHaveLength(1);
    adaStream.close();
  });

  it("pushes a session's Speakers chat to that session's speakers and staff only", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    const sam = await personIn(world, event, 'Sam', EVENT_ROLES.SPEAKER);
    const pat = await personIn(world, event, 'Pat', EVENT_ROLES.SPEAKER);
    const olga = await personIn(world, event, 'Olga', EVENT_ROLES.ORGANIZER);
    await speaksIn(world, event, sam.userId, keynote);
    await speaksIn(world, event, pat.userId, panel);
    const patStream = await streamOf(event.id, pat.cookie);
    const olgaStream = await streamOf(event.id, olga.cookie);
    await sam.call('POST', 'chat/speakers', { text: 'Keynote backstage', channel_id: keynote });
    const staffHeard = await olgaStream.until((item) => item.type === 'message');
    expect(staffHeard).toMatchObject({ message: { text: 'Keynote backstage', channel_id: keynote } });
    await pat.call('POST', 'chat/speakers', { text: 'Panel backstage', channel_id: panel });
    await patStream.until((item) => item.type === 'message' && item.message.text === 'Panel backstage');
    expect(JSON.stringify(patStream.seen)).not.toContain('Keynote backstage');
    patStream.close();
    olgaStream.close();
  });

  it("drops a cleared chat from every attendee's stream, once and before what is posted after it", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const graceStream = await streamOf(event.id, grace.cookie);
    const adaStream = await streamOf(event.id, ada.cookie);
    await grace.call('POST', 'chat/event', { text: 'Before' });
    await adaStream.until((item) => item.type === 'message');
    expect((await world.api.post(clearChatPath(event.id))).status).toBe(204);
    await grace.call('POST', 'chat/event', { text: 'After' });
    for (const stream of [graceStream, adaStream]) {
      await stream.until((item) => item.type === 'message' && item.message.text === 'After');
      const since = stream.seen.slice(stream.seen.findIndex((item) => item.type === 'chat-cleared'));
      const chat = since.filter((item) => item.type !== 'presence');
      expect(chat).toEqual([{ type: 'chat-cleared' }, expect.objectContaining({ type: 'message' })]);
      stream.close();
    }
  });

  it('never pushes an anonymous asker; a poll reaches people once launched', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    await setBranding(world, event, { anonymous_qna_enabled: true });
    const adaStream = await streamOf(event.id, ada.cookie);
    await grace.call('POST', 'qna', { text: 'Anonymous one', anonymous: true });
    const asked = await adaStream.until((item) => item.type === 'question');
    expect(asked).toMatchObject({ question: { text: 'Anonymous one', asker_name: null } });
    expect(JSON.stringify(adaStream.seen)).not.toContain('Grace');

    const poll = await world.api.post<{ id: string }>(engagementStudioPath(event.id, 'polls'), {
      question: 'Lunch?',
      options: ['Yes', 'No'],
    });
    await world.api.patch(engagementStudioPath(event.id, `polls/${poll.body.id}`), { state: 'live' });
    // The launch says it is one (the Polls tab counts it); later changes of the poll do not. The
    // creation's push may be read after the launch and show the poll live first, without the flag.
    const launched = await adaStream.until((item) => item.type === 'poll' && 'launched' in item);
    expect(launched).toMatchObject({ poll: { id: poll.body.id, state: 'live' }, launched: true });
    await world.api.patch(engagementStudioPath(event.id, `polls/${poll.body.id}`), { show_results: true });
    const shown = await adaStream.until((item) => item.type === 'poll' && item.poll.show_results);
    expect(shown).not.toHaveProperty('launched');
    adaStream.close();
  });

  it("tells the attendees when a session's surveys change: attached, detached", async () => {
    const event = await world.newEvent();
    const session = await newSession(world, event, 'Keynote');
    const ada = await personIn(world, event, 'Ada');
    const adaStream = await streamOf(event.id, ada.cookie);
    const survey = await world.api.post<{ id: string }>('/api/event/surveys/', {
      event: event.id,
      title: 'Feedback',
      questions: [{ question_type: 'TEXT', text: 'Anything else?' }],
    });
    expect(survey.status).toBe(201);
    const attach = `/api/event/surveys/${survey.body.id}/duplicate/`;
    expect((await world.api.post(attach, { broadcast: session })).status).toBe(201);
    const attached = await adaStream.until((item) => item.type === 'surveys');
    expect(attached).toEqual({ type: 'surveys', session_id: session });
    const detach = `/api/event/surveys/${survey.body.id}/detach/`;
    expect((await world.api.post(detach, { broadcast: session })).status).toBe(204);
    const seen = adaStream.seen.length;
    await adaStream.until((item) => item.type === 'surveys');
    expect(adaStream.seen.slice(seen)).toContainEqual({ type: 'surveys', session_id: session });
    adaStream.close();
  });

  it('counts the people present, per session they watch', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const session = '7e1d2e3f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const graceStream = await streamOf(event.id, grace.cookie, session);
    const adaStream = await streamOf(event.id, ada.cookie);
    const counted = await graceStream.until((item) => item.type === 'presence' && item.present === 2);
    expect(counted).toMatchObject({ present: 2, per_session: { [session]: 1 } });
    const presence = await ada.call<{ present: number; people: { name: string }[] }>('GET', 'presence');
    expect(presence.body.present).toBe(2);
    expect(presence.body.people.map((person) => person.name)).toEqual(['Ada Hopper', 'Grace Hopper']);
    await world.api.patch(`/api/event/${event.id}/`, { show_attendees: false });
    const hidden = await ada.call<{ present: number; people: unknown[] }>('GET', 'presence');
    expect(hidden.body).toMatchObject({ present: 2, people: [] });
    adaStream.close();
    await graceStream.until((item) => item.type === 'presence' && item.present === 1);
    graceStream.close();
  });

  it("stops counting a node's people once the node fades, and a refresh clears their rows", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const graceStream = await streamOf(event.id, grace.cookie);
    await graceStream.until((item) => item.type === 'presence' && item.present === 1);
    const { db } = world.studio.database;
    const presence = createPresenceRepository(db);
    // Ada watches through another node, which then stops refreshing (it crashed).
    const crashed = randomUUID();
    const adasRow = { streamId: randomUUID(), nodeId: crashed, eventId: event.id, userId: ada.userId };
    await presence.opened({ ...adasRow, name: 'Ada Hopper', sessionId: null });
    expect((await presence.counts(event.id)).present).toBe(2);
    await db
      .updateTable('engagement_nodes')
      .set({ seen_at: sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS + 1})` })
      .where('node_id', '=', crashed)
      .execute();
    expect((await presence.counts(event.id)).present).toBe(1);
    expect(await presence.people(event.id, { offset: 0, limit: 10 })).toEqual([
      { id: grace.userId, name: 'Grace Hopper' },
    ]);
    await presence.refresh(randomUUID());
    const left = await db
      .selectFrom('engagement_presence')
      .select('stream_id')
      .where('node_id', '=', crashed)
      .execute();
    expect(left).toEqual([]);
    graceStream.close();
  });

  it("delivers a burst of chat complete and in history's order, in fewer pushes than messages", async () => {
    const event = await world.newEvent();
    const people = await Promise.all(['Grace', 'Ada', 'Alan'].map((name) => personIn(world, event, name)));
    const eve = await personIn(world, event, 'Eve');
    const stream = await pushStream(`${address}/e/${event.id}/api/push`, eve.cookie);
    const texts = people.flatMap((_, index) => [1, 2, 3, 4, 5, 6].map((n) => `burst ${index} ${n}`));
    const answers = await Promise.all(
      texts.map((text, index) => people[index % people.length]!.call('POST', 'chat/event', { text })),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);

    // Each push is one write of the stream's; its messages are counted until all have come.
    const received: string[] = [];
    const pushes: string[][] = [];
    while (received.length < texts.length) {
      const batch = (await stream.nextOf(ENGAGEMENT_PUSHED)) as EngagementPush[];
      const messages = batch.flatMap((item) => (item.type === 'message' ? [item.message.text] : []));
      if (messages.length > 0) pushes.push(messages);
      received.push(...messages);
    }
    stream.close();
    const history = await eve.call<ChatMessage[]>('GET', `chat/event?limit=${texts.length}`);
    const oldestFirst = history.body.map((message) => message.text).reverse();
    // Each push in history's order (across pushes, PostgreSQL may commit a later-stamped post first).
    for (const messages of pushes)
      expect(messages).toEqual(oldestFirst.filter((text) => messages.includes(text)));
    expect(received.toSorted()).toEqual(texts.toSorted());
    expect(pushes.length).toBeLessThan(texts.length);
  });
});
