import { describe, expect, it } from 'vitest';
import {
  EVENT_ROLES,
  eventAppPath,
  peopleMessages,
  STAFF_USER_TYPE,
  type MyEvent,
  type Page,
} from '@studio/domain';
import { newUser } from '../../../test/harness.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { newMember } from '../access/access.fixtures.ts';
import { peopleSetup, SPEAKER_ROLES, speakerDetails } from './event-roles.fixtures.ts';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';

const studio = fileStudio();
const setup = madeBeforeAll(() => peopleSetup(studio, 'Staff Org'));
const other = madeBeforeAll(() => peopleSetup(studio, 'Staff Other Org'));

describe('staff: producers and coordinators (002 §3.10, §7.7)', () => {
  it('adds a producer with a coordinator role in one session, lists, changes and removes them', async () => {
    const member = await newMember(studio, setup.organizationId, null);
    const created = await setup.people.createStaff({
      event: setup.event.id,
      user: member.userId,
      user_type: STAFF_USER_TYPE,
      broadcasts: [setup.sessions[0]],
      event_app_role: setup.producer,
      permission_roles: [{ role: setup.coordinator, broadcasts: [setup.sessions[1]] }],
      send_email_invite: false,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      role: EVENT_ROLES.ORGANIZER,
      user_type: STAFF_USER_TYPE,
      event_app_role: setup.producer,
      user: { id: member.userId, is_member: true },
      roles: [
        { role: { id: setup.producer, name: 'Producer' }, broadcasts: [setup.sessions[0]] },
        { role: { id: setup.coordinator, name: 'Coordinator' }, broadcasts: [setup.sessions[1]] },
      ],
    });

    const second = await setup.people.createStaff({
      event: setup.event.id,
      user: speakerDetails('Coord'),
      event_app_role: setup.coordinator,
    });
    expect(second.status).toBe(201);
    expect(second.body.user.is_member).toBe(false);
    const listed = await setup.people.staff(setup.event.id);
    expect(listed.body.results.map((row) => row.id)).toEqual([created.body.id, second.body.id]);
    // Staff are not speakers.
    expect((await setup.people.list(`event=${setup.event.id}&role=4`)).body.count).toBe(0);

    const changed = await setup.people.patchStaff(created.body.id, {
      event_app_role: setup.coordinator,
      permission_roles: [{ role: setup.producer, broadcasts: [setup.sessions[0]] }],
    });
    expect(changed.status).toBe(200);
    // The session left out of permission_roles keeps the person's event_app role.
    expect(changed.body.roles).toEqual([
      { role: { id: setup.coordinator, name: 'Coordinator' }, broadcasts: [setup.sessions[1]] },
      { role: { id: setup.producer, name: 'Producer' }, broadcasts: [setup.sessions[0]] },
    ]);
    expect([...changed.body.broadcasts].sort()).toEqual([...setup.sessions].sort());

    expect((await setup.people.removeStaff(second.body.id)).status).toBe(204);
    expect((await setup.people.staff(setup.event.id)).body.results.map((row) => row.id)).toEqual([
      created.body.id,
    ]);
  });

  it('tells someone with no organisation the events they work at, with where each event app opens', async () => {
    const outsider = await newUser(studio.app);
    const asOutsider = caller(studio, outsider.access);
    expect((await asOutsider.get<Page<MyEvent>>('/api/core/user/me/events/')).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    const added = await setup.people.createStaff({
      event: setup.event.id,
      user: { ...speakerDetails('Pat'), email: outsider.user.email },
      event_app_role: setup.coordinator,
    });
    expect(added.status).toBe(201);
    const mine = await asOutsider.get<Page<MyEvent>>('/api/core/user/me/events/');
    expect(mine.status).toBe(200);
    expect(mine.body.results).toEqual([
      {
        event: setup.event.id,
        title: expect.any(String) as string,
        start_time: expect.any(String) as string,
        role: 'Coordinator',
        event_app_url: expect.stringMatching(
          new RegExp(`^https?://.+${eventAppPath(setup.event.id)}$`),
        ) as string,
      },
    ]);
    // Another person sees none of them; nobody signed in is refused.
    const stranger = caller(studio, (await newUser(studio.app)).access);
    expect((await stranger.get<Page<MyEvent>>('/api/core/user/me/events/')).body.results).toEqual([]);
    expect((await studio.app.inject({ method: 'GET', url: '/api/core/user/me/events/' })).statusCode).toBe(
      401,
    );
  });

  it('pages the events someone works at (count, next, previous): each event once, whatever the page', async () => {
    const person = await newUser(studio.app);
    const asPerson = caller(studio, person.access);
    for (const { people, event, coordinator } of [setup, other]) {
      const added = await people.createStaff({
        event: event.id,
        user: { ...speakerDetails('Paged'), email: person.user.email },
        event_app_role: coordinator,
      });
      expect(added.status).toBe(201);
    }
    const first = await asPerson.get<Page<MyEvent>>('/api/core/user/me/events/?limit=1');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 2, previous: null });
    expect(first.body.results).toHaveLength(1);
    const next = new URL(first.body.next!);
    expect([next.pathname, next.searchParams.get('limit'), next.searchParams.get('offset')]).toEqual([
      '/api/core/user/me/events/',
      '1',
      '1',
    ]);
    const second = await asPerson.get<Page<MyEvent>>(`${next.pathname}${next.search}`);
    expect(second.body).toMatchObject({ count: 2, next: null });
    expect(second.body.previous).not.toBeNull();
    expect([...first.body.results, ...second.body.results].map((row) => row.event).sort()).toEqual(
      [setup.event.id, other.event.id].sort(),
    );
    // Without a limit, one page holds them all.
    expect((await asPerson.get<Page<MyEvent>>('/api/core/user/me/events/')).body).toMatchObject({
      count: 2,
      next: null,
    });
  });

  it('refuses a speaker role, a session of another event, a duplicate; another organisation gets 404', async () => {
    const details = speakerDetails('Staffer');
    const base = { event: setup.event.id, user: details, event_app_role: setup.producer };
    const speakerRole = await setup.people.createStaff({ ...base, event_app_role: SPEAKER_ROLES.FullAccess });
    expect(speakerRole.body.errors.event_app_role).toEqual([peopleMessages.roleNotOffered]);
    const foreign = await setup.people.createStaff({ ...base, broadcasts: [other.sessions[0]] });
    expect(foreign.body.errors.broadcasts).toEqual([peopleMessages.sessionNotInEvent]);
    const created = await setup.people.createStaff(base);
    expect(created.status).toBe(201);
    const again = await setup.people.createStaff(base);
    expect(again.body).toMatchObject({
      code: 'ALREADY_IN_EVENT',
      errors: { user: [peopleMessages.alreadyStaff] },
    });

    expect((await other.people.staff(setup.event.id)).status).toBe(404);
    expect((await other.people.createStaff({ ...base, user: speakerDetails('Nope') })).status).toBe(404);
    expect((await other.people.patchStaff(created.body.id, { event_app_role: other.producer })).status).toBe(
      404,
    );
    expect((await other.people.removeStaff(created.body.id)).status).toBe(404);
    // The staff routes do not reach speakers, nor the speakers routes staff.
    expect((await setup.people.remove(created.body.id)).status).toBe(404);
  });
});

describe('check-in staff (002 §7.7)', () => {
  it('adds one by first name, last name and email; lists and removes them', async () => {
    const email = `door-${Date.now()}@checkin.test`;
    const created = await setup.people.create({
      event: setup.event.id,
      role: EVENT_ROLES.CHECK_IN_STAFF,
      first_name: 'Dora',
      last_name: 'Door',
      email,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      role: EVENT_ROLES.CHECK_IN_STAFF,
      user: { email, first_name: 'Dora', last_name: 'Door', is_member: false },
    });
    const listed = await setup.people.list(`event=${setup.event.id}&role=8`);
    expect(listed.body.results.map((row) => row.id)).toEqual([created.body.id]);
    const again = await setup.people.create({
      event: setup.event.id,
      role: EVENT_ROLES.CHECK_IN_STAFF,
      first_name: 'Dora',
      last_name: 'Door',
      email,
    });
    expect(again.body.errors.user).toEqual([peopleMessages.alreadyCheckInStaff]);
    const missing = await setup.people.create({
      event: setup.event.id,
      role: EVENT_ROLES.CHECK_IN_STAFF,
      email,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.user).toEqual([peopleMessages.personRequired]);

    expect((await other.people.remove(created.body.id)).status).toBe(404);
    expect((await setup.people.remove(created.body.id)).status).toBe(204);
    expect((await setup.people.list(`event=${setup.event.id}&role=8`)).body.count).toBe(0);
  });
});
