import { describe, expect, it } from 'vitest';
import {
  ENGAGEMENT_PUSHED,
  engagementStudioPath,
  type ChatMessage,
  type EngagementPush,
  type EngagementState,
} from '@studio/domain';
import { fileEngagementWorld, fileSecondNode, personIn, setFlags } from './engagement.fixtures.ts';
import { pushStream } from '../attendee-site/event-app/event-app.fixtures.ts';

const world = fileEngagementWorld('Nodes Org');
const second = fileSecondNode(world);

/** A new event with Grace in it; `onSecond` makes her event-app calls on the second node. */
async function graceOnBothNodes() {
  const event = await world.newEvent();
  const grace = await personIn(world, event, 'Grace');
  return { event, grace, onSecond: grace.callOn(second.attendeeSite) };
}

describe('engagement across API nodes on PostgreSQL (issue 34 §7)', () => {
  it("a message posted on one node reaches an attendee's stream on the other", async () => {
    const { event, grace } = await graceOnBothNodes();
    const ada = await personIn(world, event, 'Ada');
    const address = await second.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    const stream = await pushStream(`${address}/e/${event.id}/api/push`, ada.cookie);
    expect((await grace.call('POST', 'chat/event', { text: 'From node one' })).status).toBe(201);
    for (;;) {
      const batch = (await stream.nextOf(ENGAGEMENT_PUSHED)) as EngagementPush[];
      const message = batch.find((item) => item.type === 'message');
      if (message) {
        expect(message).toMatchObject({ message: { text: 'From node one' } });
        break;
      }
    }
    stream.close();
  });

  it('a block made on one node refuses the person on the other, which kept their standing, and an unblock lets them post again', async () => {
    const { event, grace, onSecond } = await graceOnBothNodes();
    const blockedOnSecond = async () => (await onSecond<EngagementState>('GET', 'engagement')).body.blocked;
    // The second node has read the event's blocks (none) and keeps them.
    expect((await onSecond('POST', 'chat/event', { text: 'Before the block' })).status).toBe(201);
    const blocks = engagementStudioPath(event.id, 'blocks');
    expect((await world.api.post(blocks, { person_ids: [grace.userId] })).status).toBe(204);
    // Heard through NOTIFY: the second node forgets what it kept.
    await expect.poll(blockedOnSecond).toBe(true);
    expect((await onSecond('POST', 'chat/event', { text: 'While blocked' })).status).toBe(403);
    const unblock = await world.studio.app.inject({
      method: 'DELETE',
      url: blocks,
      headers: { authorization: `Bearer ${world.access}`, 'content-type': 'application/json' },
      payload: { person_ids: [grace.userId] },
    });
    expect(unblock.statusCode).toBe(204);
    await expect.poll(blockedOnSecond).toBe(false);
    expect((await onSecond('POST', 'chat/event', { text: 'After the unblock' })).status).toBe(201);
  });

  it("an operator's flag change on one node reaches the other, which kept the flags it read", async () => {
    const { grace, onSecond } = await graceOnBothNodes();
    const first = await grace.call<ChatMessage>('POST', 'chat/event', { text: 'first' });
    const reply = { text: 'reply', parent_id: first.body.id };
    // Threads need the new chat app: off, as the second node read (and keeps) it.
    expect((await onSecond('POST', 'chat/event', reply)).status).toBe(403);
    await setFlags(world, { useNewChatApp: true });
    // Heard through NOTIFY: the second node forgets the flags it kept.
    await expect
      .poll(async () => (await onSecond<EngagementState>('GET', 'engagement')).body.features.threads)
      .toBe(true);
    expect((await onSecond('POST', 'chat/event', reply)).status).toBe(201);
    await setFlags(world, {});
  });
});
