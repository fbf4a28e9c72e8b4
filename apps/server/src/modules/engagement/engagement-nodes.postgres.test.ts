import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_PUSHED, engagementStudioPath, type EngagementPush } from '@studio/domain';
import { buildStudioServers } from '../../studio.ts';
import { testConfig } from '../../../test/harness.ts';
import { engagementWorld, NOW, personIn, type EngagementWorld } from './engagement.fixtures.ts';
import { pushStream } from '../attendee-site/event-app/event-app.fixtures.ts';

let world: EngagementWorld;
let second: Awaited<ReturnType<typeof buildStudioServers>>;
beforeAll(async () => {
  world = await engagementWorld('Nodes Org');
  // A second API node on the same database: its own pub/sub connection, attendee site and pushes.
  second = await buildStudioServers(
    { ...testConfig, clock: () => NOW },
    world.studio.database,
    world.studio.secretKey,
  );
  await second.studio.ready();
});
afterAll(async () => {
  second.attendeeSite.server.closeAllConnections();
  await second.studio.close();
  await world.studio.close();
});

describe('engagement across API nodes on PostgreSQL (issue 34 §7)', () => {
  it("a message posted on one node reaches an attendee's stream on the other", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
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
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    const onSecond = async (method: 'GET' | 'POST', name: string, payload?: object) => {
      const answer = await second.attendeeSite.inject({
        method,
        url: `/e/${event.id}/api/${name}`,
        headers: { cookie: grace.cookie },
        ...(payload ? { payload } : {}),
      });
      return { status: answer.statusCode, body: answer.json<{ blocked?: boolean }>() };
    };
    const blockedOnSecond = async () => (await onSecond('GET', 'engagement')).body.blocked;
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
});
