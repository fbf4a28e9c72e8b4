import { describe, expect, it } from 'vitest';
import {
  clearChatPath,
  ENGAGEMENT_UPDATED,
  engagementStudioPath,
  type ChatMessage,
  type EngagementState,
  type Page,
  type Poll,
  type Question,
} from '@studio/domain';
import { bearer } from '../../../test/harness.ts';
import { watchEvent } from '../../../test/listening.ts';
import { newAdmin, newMember } from '../access/access.fixtures.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, newSession, personIn } from './engagement.fixtures.ts';

const world = fileEngagementWorld('Moderation Org');
let listening: Promise<string> | undefined;
/** The studio's address, listening from the first test that opens a socket on. */
const studioAddress = () => (listening ??= world.studio.app.listen({ port: 0, host: '127.0.0.1' }));

describe('moderation in the studio (issue 34 §5)', () => {
  it('pins and deletes messages and announces in the event chat', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const posted = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'Hello' });
    const message = engagementStudioPath(event.id, `messages/${posted.body.id}`);
    expect((await world.api.patch<ChatMessage>(message, { pinned: true })).body.pinned).toBe(true);
    const announced = await world.api.post<ChatMessage>(engagementStudioPath(event.id, 'announcements'), {
      text: 'Doors open',
    });
    expect(announced.status).toBe(201);
    expect(announced.body.author.role).toBe('staff');
    expect((await world.api.delete(message)).status).toBe(204);
    const history = await grace.call<ChatMessage[]>('GET', 'chat/event');
    expect(history.body.map((entry) => entry.text)).toEqual(['Doors open']);
    expect((await world.api.delete(message)).status).toBe(404);
  });

  it("clears the event's chat, pinned and session messages too; direct messages and other events keep theirs", async () => {
    const event = await world.newEvent();
    const other = await world.newEvent('Expo');
    const session = await newSession(world, event);
    const grace = await personIn(world, event, 'Grace');
    const ada = await personIn(world, event, 'Ada');
    const elsewhere = await personIn(world, other, 'Eve');
    const hello = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'Hello' });
    await world.api.patch(engagementStudioPath(event.id, `messages/${hello.body.id}`), { pinned: true });
    await ada.call('POST', 'chat/session', { text: 'On stage', channel_id: session });
    await ada.call('POST', 'chat/direct', { text: 'Just us', channel_id: grace.userId });
    await elsewhere.call('POST', 'chat/event', { text: 'Other event' });

    const cleared = await world.api.post(clearChatPath(event.id));
    expect(cleared.status).toBe(204);
    const queue = await world.api.get<Page<ChatMessage>>(engagementStudioPath(event.id, 'messages'));
    expect(queue.body).toMatchObject({ count: 0, results: [] });
    expect((await grace.call<ChatMessage[]>('GET', 'chat/event')).body).toEqual([]);
    expect((await grace.call<ChatMessage[]>('GET', `chat/session?channel_id=${session}`)).body).toEqual([]);
    const direct = await grace.call<ChatMessage[]>('GET', `chat/direct?channel_id=${ada.userId}`);
    expect(direct.body.map((message) => message.text)).toEqual(['Just us']);
    const otherQueue = await world.api.get<Page<ChatMessage>>(engagementStudioPath(other.id, 'messages'));
    expect(otherQueue.body.results.map((message) => message.text)).toEqual(['Other event']);
    // The chat goes on: a message after the clearing is the only one.
    expect((await grace.call('POST', 'chat/event', { text: 'Fresh start' })).status).toBe(201);
    const after = await grace.call<ChatMessage[]>('GET', 'chat/event');
    expect(after.body.map((message) => message.text)).toEqual(['Fresh start']);
  });

  it('clears the chat with event:update only; another organisation gets 404 and clears nothing', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    await grace.call('POST', 'chat/event', { text: 'Still here' });
    const viewer = await newMember(world.studio, world.organizationId, 'BRAND_EDITOR');
    expect((await caller(world.studio, viewer.access).post(clearChatPath(event.id))).status).toBe(403);
    const outsider = caller(world.studio, (await newAdmin(world.studio, 'Clearing Outsider Org')).access);
    expect((await outsider.post(clearChatPath(event.id))).status).toBe(404);
    const history = await grace.call<ChatMessage[]>('GET', 'chat/event');
    expect(history.body.map((message) => message.text)).toEqual(['Still here']);
  });

  it("tells the studio's sockets of the event that its chat was cleared", async () => {
    const event = await world.newEvent();
    const address = await studioAddress();
    const staff = await watchEvent(address, world, event.id);
    expect((await world.api.post(clearChatPath(event.id))).status).toBe(204);
    await staff.until(() => staff.of(ENGAGEMENT_UPDATED).some((data) => data.eventId === event.id));
    expect(staff.of(ENGAGEMENT_UPDATED)).toContainEqual({ eventId: event.id, kinds: ['chat-cleared'] });
    staff.socket.close();
  });

  it('blocks a person from posting and asking (403), and unblocks them', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const blocks = engagementStudioPath(event.id, 'blocks');
    expect((await world.api.post(blocks, { person_ids: [grace.userId] })).status).toBe(204);
    expect((await world.api.get(blocks)).body).toEqual({ person_ids: [grace.userId] });
    expect((await grace.call<EngagementState>('GET', 'engagement')).body.blocked).toBe(true);
    const refused = await grace.call<{ message: string }>('POST', 'chat/event', { text: 'Let me in' });
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'You can no longer post in this event.' },
    });
    expect((await grace.call('POST', 'qna', { text: 'And ask?' })).status).toBe(403);
    const unblock = await world.studio.app.inject({
      method: 'DELETE',
      url: blocks,
      headers: { ...bearer(world.access), 'content-type': 'application/json' },
      payload: { person_ids: [grace.userId] },
    });
    expect(unblock.statusCode).toBe(204);
    expect((await grace.call('POST', 'chat/event', { text: 'Back' })).status).toBe(201);
  });

  it("tells the studio's sockets of the event to refetch its queues when an attendee posts", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    const address = await studioAddress();
    const staff = await watchEvent(address, world, event.id);
    const posted = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'Hi team' });
    expect(posted.status).toBe(201);
    await staff.until(() => staff.of(ENGAGEMENT_UPDATED).some((data) => data.eventId === event.id));
    expect(staff.of(ENGAGEMENT_UPDATED)).toContainEqual({ eventId: event.id, kinds: ['message'] });
    staff.socket.close();
  });

  it('reads the queues with event:read and moderates with event:update; another organisation gets 404', async () => {
    const event = await world.newEvent();
    const viewer = await newMember(world.studio, world.organizationId, 'BRAND_EDITOR');
    const viewerApi = caller(world.studio, viewer.access);
    for (const queue of ['messages', 'questions', 'polls'])
      expect((await viewerApi.get(engagementStudioPath(event.id, queue))).status).toBe(200);
    expect(
      (await viewerApi.post(engagementStudioPath(event.id, 'announcements'), { text: 'x' })).status,
    ).toBe(403);
    const outsider = caller(world.studio, (await newAdmin(world.studio, 'Outsider Org')).access);
    expect((await outsider.get(engagementStudioPath(event.id, 'messages'))).status).toBe(404);
    expect(
      (await world.api.post(engagementStudioPath(event.id, 'announcements'), { text: 'a\u0000' })).status,
    ).toBe(400);
  });

  it('pages the backstage queues on the server, newest first, with next and previous links', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    for (const text of ['one', 'two', 'three']) {
      await grace.call('POST', 'chat/event', { text });
      await grace.call('POST', 'qna', { text });
      await world.api.post(engagementStudioPath(event.id, 'polls'), { question: text, options: ['a', 'b'] });
    }
    const texts = (page: Page<ChatMessage | Question>) => page.results.map((entry) => entry.text);
    for (const queue of ['messages', 'questions']) {
      const first = await world.api.get<Page<ChatMessage>>(
        `${engagementStudioPath(event.id, queue)}?limit=2`,
      );
      expect(first.body).toMatchObject({ count: 3, previous: null });
      expect(texts(first.body)).toEqual(['three', 'two']);
      const next = new URL(first.body.next ?? '');
      const second = await world.api.get<Page<ChatMessage>>(`${next.pathname}${next.search}`);
      expect(texts(second.body)).toEqual(['one']);
      expect(second.body.next).toBeNull();
      expect(second.body.previous).not.toBeNull();
    }
    const polls = await world.api.get<Page<Poll>>(
      `${engagementStudioPath(event.id, 'polls')}?limit=1&offset=1`,
    );
    expect(polls.body.count).toBe(3);
    expect(polls.body.results.map((entry) => entry.question)).toEqual(['two']);
  });
});
