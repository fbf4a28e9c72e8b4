import { describe, expect, it } from 'vitest';
import { analyticsBeaconPath, type StudioEvent } from '@studio/domain';
import { fileEngagementWorld, fileSecondNode, personIn } from '../engagement/engagement.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';
import { sendBeacon } from './browser-beacon.ts';

/**
 * Every revocation of an admission refuses the very next beacon and chat post, on the node where
 * it was made and on another node of the same database (nothing admitted is kept between calls).
 */
const world = fileEngagementWorld('Admission Org');
const other = fileSecondNode(world);
const nodes = () => [world.studio.attendeeSite, other.attendeeSite];

/** The person's heartbeat and a chat post, on both nodes: their statuses. */
async function answers(event: StudioEvent, cookie: string) {
  const statuses: number[] = [];
  for (const site of nodes()) {
    const beacon = await sendBeacon(
      site,
      analyticsBeaconPath(event.id),
      { actions: [{ action: 'watched', mode: 'live', seconds: 30 }] },
      { cookie },
    );
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
  /** What revokes a person's admission to the event, each made after their first calls were admitted. */
  const revocations: [string, (event: StudioEvent, grace: { userId: string }) => Promise<void>][] = [
    [
      'the magic link is re-issued',
      async (event, grace) => {
        const reissued = await world.api.post('/api/event/magic_link/reissue/', {
          event_id: event.id,
          user_id: grace.userId,
        });
        expect(reissued.status).toBe(200);
      },
    ],
    [
      "the person's email changes (the link's MAC is over it)",
      async (_event, grace) => {
        await world.studio.database.db
          .updateTable('users')
          .set({ email: `moved-${grace.userId}@example.com` })
          .where('id', '=', grace.userId)
          .execute();
      },
    ],
    [
      'the person holds no role in the event',
      async (event, grace) => {
        await world.studio.database.db
          .deleteFrom('event_roles')
          .where('event_id', '=', event.id)
          .where('user_id', '=', grace.userId)
          .execute();
      },
    ],
    [
      'the event is deleted',
      async (event) => {
        expect((await world.api.delete(`/api/event/${event.id}/`)).status).toBe(204);
      },
    ],
  ];
  it.each(revocations)('refuses the next call once %s', async (_revocation, revoke) => {
    const event = await world.newEvent();
    const grace = await personIn(world, event, 'Grace');
    expect(await answers(event, grace.cookie)).toEqual(ADMITTED);
    await revoke(event, grace);
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

describe('beacons arriving together (issue 35: admissions and rows gathered into shared statements)', () => {
  it('answers each by its own admission and stores exactly the beacons it answered 204, on both nodes', async () => {
    const event = await world.newEvent();
    const admitted = [
      await personIn(world, event, 'Ada'),
      await personIn(world, event, 'Grace'),
      await personIn(world, event, 'Alan'),
    ];
    const revoked = await personIn(world, event, 'Edsger');
    const reissued = await world.api.post('/api/event/magic_link/reissue/', {
      event_id: event.id,
      user_id: revoked.userId,
    });
    expect(reissued.status).toBe(200);
    // 60 heartbeats at once over both nodes, each person's with its own claimed seconds; every
    // fourth from the revoked person and every seventh malformed.
    const sent = Array.from({ length: 60 }, (_, n) => {
      const person = n % 4 === 3 ? revoked : admitted[n % 3]!;
      const seconds = n + 1;
      const action =
        n % 7 === 6
          ? { action: 'watched', mode: 'live', seconds: 'many' }
          : { action: 'watched', mode: 'live', seconds };
      return {
        person,
        seconds,
        malformed: n % 7 === 6,
        answer: sendBeacon(
          nodes()[n % 2]!,
          analyticsBeaconPath(event.id),
          { actions: [action] },
          {
            cookie: person.cookie,
          },
        ),
      };
    });
    const answered = await Promise.all(
      sent.map(async (beacon) => ({ ...beacon, status: (await beacon.answer).statusCode })),
    );
    for (const beacon of answered)
      expect(beacon.status).toBe(beacon.person === revoked ? 401 : beacon.malformed ? 400 : 204);
    const stored = await world.studio.database.db
      .selectFrom('analytics_events')
      .select(['user_id', 'seconds'])
      .where('event_id', '=', event.id)
      .execute();
    const accepted = answered.filter((beacon) => beacon.status === 204);
    expect(accepted.length).toBeGreaterThan(30);
    const byPerson = (rows: { user_id: string | null; seconds: number }[]) =>
      rows.map((row) => `${row.user_id}:${row.seconds}`).sort();
    expect(byPerson(stored)).toEqual(
      byPerson(accepted.map((beacon) => ({ user_id: beacon.person.userId, seconds: beacon.seconds }))),
    );
  });
});
