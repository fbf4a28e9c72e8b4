import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsBeaconPath, type StudioEvent } from '@studio/domain';
import { testConfig } from '../../../test/harness.ts';
import { buildStudioServers } from '../../studio.ts';
import { engagementWorld, NOW, personIn, type EngagementWorld } from '../engagement/engagement.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';

/**
 * Every revocation of an admission refuses the very next beacon and chat post, on the node where
 * it was made and on another node of the same database (nothing admitted is kept between calls).
 */
let world: EngagementWorld;
let other: Awaited<ReturnType<typeof buildStudioServers>>;
beforeAll(async () => {
  world = await engagementWorld('Admission Org');
  other = await buildStudioServers(
    { ...testConfig, clock: () => NOW },
    world.studio.database,
    world.studio.secretKey,
  );
  await other.studio.ready();
});
afterAll(async () => {
  await other.studio.close();
  await world.studio.close();
});

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const nodes = () => [world.studio.attendeeSite, other.attendeeSite];

/** The person's heartbeat and a chat post, on both nodes: their statuses. */
async function answers(event: StudioEvent, cookie: string) {
  const statuses: number[] = [];
  for (const site of nodes()) {
    const beacon = await site.inject({
      method: 'POST',
      url: analyticsBeaconPath(event.id),
      headers: { cookie, 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
      payload: JSON.stringify({ actions: [{ action: 'watched', mode: 'live', seconds: 30 }] }),
    });
    const post = await site.inject({
      method: 'POST',
      url: `/e/${event.id}/api/chat/event`,
      headers: { cookie },
      payload: { text: 'Still here?' },
    });
    statuses.push(beacon.statusCode, post.statusCode);
  }
  return statuses;
}
const ADMITTED = [204, 201, 204, 201];
const REFUSED = [401, 401, 401, 401];

/** A registrant of the event, entered through their magic link: their email and cookie. */
async function registeredIn(event: StudioEvent) {
  const person = registrant('Ada');
  expect((await register(world.studio, event.id, person)).status).toBe(201);
  const link = await world.api.get<{ url: string }>(
    `/api/event/magic_link/?email=${encodeURIComponent(person.email)}&event_id=${event.id}`,
  );
  const { pathname, search } = new URL(link.body.url);
  const entrance = await world.studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(entrance.statusCode).toBe(303);
  return { email: person.email, cookie: String(entrance.headers['set-cookie']).split(';')[0] ?? '' };
}

describe('an admission never outlives its revocation (issues 34, 35)', () => {
  it('refuses the next call once the magic link is re-issued', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect(await answers(event, grace.cookie)).toEqual(ADMITTED);
    const reissued = await world.api.post('/api/event/magic_link/reissue/', {
      event_id: event.id,
      user_id: grace.userId,
    });
    expect(reissued.status).toBe(200);
    expect(await answers(event, grace.cookie)).toEqual(REFUSED);
  });

  it("refuses the next call once the person's email changes (the link's MAC is over it)", async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect(await answers(event, grace.cookie)).toEqual(ADMITTED);
    await world.studio.database.db
      .updateTable('users')
      .set({ email: `moved-${grace.userId}@example.com` })
      .where('id', '=', grace.userId)
      .execute();
    expect(await answers(event, grace.cookie)).toEqual(REFUSED);
  });

  it('refuses the next call once the person holds no role in the event', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect(await answers(event, grace.cookie)).toEqual(ADMITTED);
    await world.studio.database.db
      .deleteFrom('event_roles')
      .where('event_id', '=', event.id)
      .where('user_id', '=', grace.userId)
      .execute();
    expect(await answers(event, grace.cookie)).toEqual(REFUSED);
  });

  it('refuses the next call once the event is deleted', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect(await answers(event, grace.cookie)).toEqual(ADMITTED);
    expect((await world.api.delete(`/api/event/${event.id}/`)).status).toBe(204);
    expect(await answers(event, grace.cookie)).toEqual(REFUSED);
  });

  it('refuses the next call once the registrant is blocked', async () => {
    const event = await world.newEvent();
    const ada = await registeredIn(event);
    expect(await answers(event, ada.cookie)).toEqual(ADMITTED);
    const blocked = await world.api.post(`/api/event/${event.id}/bulk_block/`, { users: [ada.email] });
    expect(blocked.status).toBe(200);
    expect(await answers(event, ada.cookie)).toEqual(REFUSED);
  });

  it.each(['CANCELED', 'REJECTED', 'WAITLISTED'] as const)(
    'refuses the next call once the registration is %s',
    async (status) => {
      const event = await world.newEvent();
      const ada = await registeredIn(event);
      expect(await answers(event, ada.cookie)).toEqual(ADMITTED);
      await world.studio.database.db
        .updateTable('event_registrations')
        .set({ status })
        .where('event_id', '=', event.id)
        .execute();
      expect(await answers(event, ada.cookie)).toEqual(REFUSED);
    },
  );
});
