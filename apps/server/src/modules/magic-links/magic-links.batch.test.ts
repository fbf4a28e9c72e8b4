import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_ROLES, type StudioEvent } from '@studio/domain';
import { newUser, testConfig } from '../../../test/harness.ts';
import { createCountingStudio, type CountingStudio } from '../../../test/statement-counter.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { attendeeBaseUrlFor } from '../attendee-site/attendee-origin.ts';
import { authReadModel } from '../auth/auth.read-model.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { createUsersService } from '../users/users.service.ts';
import { createMagicLinksService, type MagicLinksService } from './magic-links.service.ts';

/**
 * A send to many (a scheduled email's batch) reads its people's magic links set-wise: each person
 * gets their own working link, the one the studio answers them, in statements that do not grow
 * with the batch (issue 33: the per-recipient link was most of a scheduled message's cost).
 */
let studio: CountingStudio;
let api: Api;
let event: StudioEvent;
let magicLinks: MagicLinksService;

const notAsked = () => {
  throw new Error('a batch of links asks only for emails, the event and its origin');
};

beforeAll(async () => {
  studio = await createCountingStudio();
  api = caller(studio, (await newAdmin(studio, 'Batch Links Org')).access);
  event = await newEvent(api, {
    title: 'Batch summit',
    start: '2031-05-01T13:00:00Z',
    end: '2031-05-01T21:00:00Z',
  });
  const { db } = studio.database;
  const users = createUsersService(db, authReadModel);
  // Built beside the studio with its key and origin: the studio's entrance verifies what it issues.
  magicLinks = createMagicLinksService({
    db,
    secretKey: studio.secretKey,
    people: { rolesOf: notAsked, userIdByEmail: notAsked },
    emailsOf: (userIds, tx) => users.emailsOf(userIds, tx),
    organizationOfEvent: async (eventId, tx = db) =>
      (await tx.selectFrom('events').select('organization_id').where('id', '=', eventId).executeTakeFirst())
        ?.organization_id,
    visibleEvent: notAsked,
    attendeeBaseUrl: attendeeBaseUrlFor(testConfig),
  });
}, 60_000);
afterAll(async () => {
  await studio.close();
});

/** `count` people (their own accounts) holding a role in the event; answers their ids. */
async function registrants(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const person = await newUser(studio.app, { first_name: `Person${i}`, last_name: 'Batch' });
    await studio.database.db
      .insertInto('event_roles')
      .values({ event_id: event.id, user_id: person.user.id, role: EVENT_ROLES.ATTENDEE })
      .execute();
    ids.push(person.user.id);
  }
  return ids;
}

describe('magic links of a batch', () => {
  it("gives each person their own working link, the studio's own, in the same statements for 3 people as for 12", async () => {
    const small = await registrants(3);
    const large = await registrants(12);
    // Some of the large batch already hold a link: those keep it.
    const earlier = await magicLinks.urlFor(event.id, large[0]!);

    let links = new Map<string, string>();
    const smallStatements = await studio.statementsOf(async () => {
      links = await magicLinks.urlsFor(event.id, small);
    });
    expect([...links.keys()].sort()).toEqual([...small].sort());
    const largeStatements = await studio.statementsOf(async () => {
      links = await magicLinks.urlsFor(event.id, [...large, large[1]!]);
    });
    // The people's emails, their links (written, then read) and the event's origin: four, whatever the size.
    expect(largeStatements.sort()).toEqual(
      ['insert event_magic_links', 'select event_magic_links', 'select events', 'select users'].sort(),
    );
    expect(smallStatements.sort()).toEqual(largeStatements);
    // Asked again, the same links (nothing re-issued).
    expect(await magicLinks.urlsFor(event.id, large)).toEqual(links);

    expect(links.size).toBe(12);
    expect(new Set(links.values()).size).toBe(12);
    expect(links.get(large[0]!)).toBe(earlier);
    for (const userId of large) {
      const url = links.get(userId)!;
      const answered = await api.get<{ url: string }>(
        `/api/event/magic_link/?user_id=${userId}&event_id=${event.id}`,
      );
      expect(answered.body.url).toBe(url);
      const { pathname, search } = new URL(url);
      const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
      expect(entrance.statusCode).toBe(303);
      expect(entrance.headers.location).toBe(`/e/${event.id}/live`);
    }
  });

  it('leaves out an id without an account and gives the others theirs', async () => {
    const [person] = await registrants(1);
    const links = await magicLinks.urlsFor(event.id, [person!, '00000000-0000-4000-8000-000000000000']);
    expect([...links.keys()]).toEqual([person]);
    expect(await magicLinks.urlsFor(event.id, [])).toEqual(new Map());
  });
});
