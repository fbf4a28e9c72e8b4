import { describe, expect, it } from 'vitest';
import { EVENT_ROLES, peopleMessages, SPEAKERS_PAGE_SIZE, type StudioEvent } from '@studio/domain';
import { newUser } from '../../../test/harness.ts';
import { newMember } from '../access/access.fixtures.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { peopleSetup, SPEAKER_ROLES, speakerDetails } from './event-roles.fixtures.ts';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';

const studio = fileStudio();
const setup = madeBeforeAll(() => peopleSetup(studio, 'Speakers Org'));
const other = madeBeforeAll(() => peopleSetup(studio, 'Other Org'));

const speaker = (fields: Record<string, unknown>, event: StudioEvent = setup.event) =>
  setup.people.create({ event: event.id, role: EVENT_ROLES.SPEAKER, ...fields });
const usersNamed = (email: string) =>
  studio.database.db.selectFrom('users').select('id').where('email', '=', email).execute();

describe('speakers (002 §3.9, §4.7, §7.7)', () => {
  it('adds an event-only person by details, with roles per session, and lists them by rank', async () => {
    const details = speakerDetails('Grace', {
      title: 'Admiral',
      company: 'Navy',
      linkedin_url: 'https://www.linkedin.com/in/grace-hopper',
      twitter_url: 'https://x.com/grace_h',
      bio: 'Compilers.',
    });
    const created = await speaker({
      user: details,
      broadcasts: [setup.sessions[0]],
      permission_roles: [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [setup.sessions[1]] }],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      event: setup.event.id,
      role: EVENT_ROLES.SPEAKER,
      rank: 0,
      hidden: false,
      event_app_role: null,
      invited_at: null,
      permission_roles: [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [setup.sessions[1]] }],
      user: {
        email: details.email,
        first_name: 'Grace',
        title: 'Admiral',
        company: 'Navy',
        bio: 'Compilers.',
        is_member: false,
      },
    });
    // A session named in permission_roles is also one of the speaker's sessions.
    expect([...created.body.broadcasts].sort()).toEqual([...setup.sessions].sort());
    // The event-only person has no organisation: no studio access.
    const user = await studio.database.db
      .selectFrom('users')
      .select(['organization_id', 'password_hash'])
      .where('id', '=', created.body.user.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ organization_id: null, password_hash: null });

    const second = await speaker({ user: speakerDetails('Alan'), event_app_role: SPEAKER_ROLES.StageAccess });
    expect(second.body).toMatchObject({ rank: 1, event_app_role: SPEAKER_ROLES.StageAccess });
    const listed = await setup.people.list(`event=${setup.event.id}&role=4`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((row) => row.user.first_name)).toEqual(['Grace', 'Alan']);
  });

  it('adds a member by id and a person of another of the organisation’s events; refuses anyone else', async () => {
    const member = await newMember(studio, setup.organizationId, null);
    const added = await speaker({ user: member.userId });
    expect(added.status).toBe(201);
    expect(added.body.user).toMatchObject({ id: member.userId, is_member: true, email: member.user.email });

    const later = await newEvent(setup.api, {
      title: 'Later',
      start: '2031-07-01T09:00:00Z',
      end: '2031-07-01T10:00:00Z',
    });
    const eventOnly = (await speaker({ user: speakerDetails('Edsger') })).body.user.id;
    expect((await speaker({ user: eventOnly }, later)).status).toBe(201);

    const stranger = await newUser(studio.app);
    const refused = await speaker({ user: stranger.user.id }, later);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.user).toEqual([peopleMessages.personNotFound]);
    const otherOrgMember = await speaker({ user: other.admin.userId }, later);
    expect(otherOrgMember.status).toBe(400);
  });

  it('refuses a duplicate speaker, and a person may still be check-in staff too', async () => {
    const details = speakerDetails('Barbara');
    expect((await speaker({ user: details })).status).toBe(201);
    const again = await speaker({ user: { ...details, email: details.email.toUpperCase() } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('ALREADY_IN_EVENT');
    expect(again.body.errors.user).toEqual([peopleMessages.alreadySpeaker]);
    const checkIn = await setup.people.create({
      event: setup.event.id,
      role: EVENT_ROLES.CHECK_IN_STAFF,
      ...details,
    });
    expect(checkIn.status).toBe(201);
  });

  it('refuses invalid LinkedIn and X links with field errors', async () => {
    const linkedIn = await speaker({
      user: speakerDetails('Linus', { linkedin_url: 'https://linkedin.com/feed' }),
    });
    expect(linkedIn.status).toBe(400);
    expect(JSON.stringify(linkedIn.body)).toContain(peopleMessages.invalidLinkedIn);
    const x = await speaker({
      user: speakerDetails('Linus', { twitter_url: 'http://x.com/a_name_far_too_long_for_x' }),
    });
    expect(x.status).toBe(400);
    expect(JSON.stringify(x.body)).toContain(peopleMessages.invalidTwitter);
  });

  it('refuses a session of another event or a role not offered, leaving nothing half-saved', async () => {
    const details = speakerDetails('Ken');
    const foreign = await speaker({ user: details, broadcasts: [other.sessions[0]] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.broadcasts).toEqual([peopleMessages.sessionNotInEvent]);
    const foreignRole = await speaker({
      user: details,
      permission_roles: [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [other.sessions[1]] }],
    });
    expect(foreignRole.body.errors.permission_roles).toEqual([peopleMessages.sessionNotInEvent]);
    // Staff roles are not offered to speakers.
    const staffRole = await speaker({ user: details, event_app_role: setup.producer });
    expect(staffRole.body.errors.event_app_role).toEqual([peopleMessages.roleNotOffered]);
    const staffRoleInSession = await speaker({
      user: details,
      permission_roles: [{ role: setup.coordinator, broadcasts: [setup.sessions[0]] }],
    });
    expect(staffRoleInSession.body.errors.permission_roles).toEqual([peopleMessages.roleNotOffered]);
    expect(await usersNamed(details.email)).toEqual([]);
  });

  it('changes hidden, sessions and roles per session; deletes', async () => {
    const created = (await speaker({ user: speakerDetails('Margaret'), broadcasts: [setup.sessions[0]] }))
      .body;
    const moved = await setup.people.patch(created.id, {
      hidden: true,
      permission_roles: [{ role: SPEAKER_ROLES.ShareAccess, broadcasts: [setup.sessions[1]] }],
    });
    expect(moved.status).toBe(200);
    expect(moved.body.hidden).toBe(true);
    expect([...moved.body.broadcasts].sort()).toEqual([...setup.sessions].sort());
    expect(moved.body.permission_roles).toEqual([
      { role: SPEAKER_ROLES.ShareAccess, broadcasts: [setup.sessions[1]] },
    ]);
    const narrowed = await setup.people.patch(created.id, { broadcasts: [setup.sessions[1]] });
    expect(narrowed.body.broadcasts).toEqual([setup.sessions[1]]);
    expect(narrowed.body.permission_roles).toEqual(moved.body.permission_roles);
    const refused = await setup.people.patch(created.id, { broadcasts: [other.sessions[0]] });
    expect(refused.status).toBe(400);
    expect((await setup.people.patch(created.id, {})).body.broadcasts).toEqual([setup.sessions[1]]);

    expect((await setup.people.remove(created.id)).status).toBe(204);
    expect((await setup.people.patch(created.id, { hidden: false })).status).toBe(404);
  });

  it('filters by search, company, hidden and session, pages 25 by default', async () => {
    const event = await newEvent(setup.api, {
      title: 'Filters',
      start: '2031-08-01T09:00:00Z',
      end: '2031-08-01T17:00:00Z',
    });
    for (let i = 0; i < SPEAKERS_PAGE_SIZE + 2; i += 1)
      await speaker({ user: speakerDetails(`P${i}`, { company: i % 2 ? 'Odd Co' : 'Even Co' }) }, event);
    const base = `event=${event.id}&role=4`;
    const first = await setup.people.list(base);
    expect(first.body.count).toBe(SPEAKERS_PAGE_SIZE + 2);
    expect(first.body.results).toHaveLength(SPEAKERS_PAGE_SIZE);
    expect(first.body.next).toBeTruthy();
    expect((await setup.people.list(`${base}&limit=1000`)).body.results).toHaveLength(SPEAKERS_PAGE_SIZE + 2);
    expect((await setup.people.list(`${base}&search=p1`)).body.results.map((r) => r.user.first_name)).toEqual(
      ['P1', ...Array.from({ length: 10 }, (_, i) => `P1${i}`)],
    );
    expect((await setup.people.list(`${base}&company__in=Odd%20Co&limit=100`)).body.count).toBe(13);
    const hiddenOne = first.body.results[3]!;
    await setup.people.patch(hiddenOne.id, { hidden: true });
    expect((await setup.people.list(`${base}&hidden=true`)).body.results.map((r) => r.id)).toEqual([
      hiddenOne.id,
    ]);
    expect(
      (await setup.people.list(`event=${setup.event.id}&role=4&broadcast=${setup.sessions[0]}`)).body.count,
    ).toBe(1);
  });

  it('answers another organisation 404 for its events and event roles', async () => {
    const mine = (await speaker({ user: speakerDetails('Private') })).body;
    expect((await other.people.list(`event=${setup.event.id}&role=4`)).status).toBe(404);
    expect(
      (await other.people.create({ event: setup.event.id, role: 4, user: speakerDetails('X') })).status,
    ).toBe(404);
    expect((await other.people.patch(mine.id, { hidden: true })).status).toBe(404);
    expect((await other.people.remove(mine.id)).status).toBe(404);
    expect((await other.people.defaultRole(setup.event.id)).status).toBe(404);
    expect((await other.people.setDefaultRole(setup.event.id, null)).status).toBe(404);
    expect(
      (await setup.people.list(`event=${setup.event.id}&role=4`)).body.results.map((r) => r.id),
    ).toContain(mine.id);
  });

  it('keeps a removed member’s event roles readable', async () => {
    const member = await newMember(studio, setup.organizationId, 'ORG_MEMBER');
    const added = (await speaker({ user: member.userId })).body;
    expect((await setup.api.delete(`/api/core/user/${member.userId}/`)).status).toBe(204);
    const listed = (await setup.people.list(`event=${setup.event.id}&role=4&limit=100`)).body.results;
    expect(listed.find((row) => row.id === added.id)?.user).toMatchObject({
      id: member.userId,
      email: member.user.email,
      first_name: added.user.first_name,
      is_member: false,
    });
  });
});
