import { describe, expect, it } from 'vitest';
import { EVENT_ROLES, peopleMessages, type Role, type StudioEvent } from '@studio/domain';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { peopleSetup, SPEAKER_ROLES, speakerDetails } from './event-roles.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';

const studio = fileStudio();
const setup = madeBeforeAll(() => peopleSetup(studio, 'Order Org'));
const other = madeBeforeAll(() => peopleSetup(studio, 'Order Other Org'));

async function speakersOf(event: StudioEvent, names: string[]) {
  const ids: string[] = [];
  for (const name of names) {
    const created = await setup.people.create({
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails(name),
    });
    ids.push(created.body.id);
  }
  return ids;
}
const order = async (event: StudioEvent) =>
  (await setup.people.list(`event=${event.id}&role=4`)).body.results.map((row) => row.user.first_name);
const freshEvent = (title: string) =>
  newEvent(setup.api, { title, start: '2031-09-01T09:00:00Z', end: '2031-09-01T17:00:00Z' });

describe('reordering speakers (002 §7.7 updated_ranks)', () => {
  it('applies new ranks in one go', async () => {
    const event = await freshEvent('Reorder');
    const [a, b, c] = await speakersOf(event, ['A', 'B', 'C']);
    const answer = await setup.people.reorder([
      { event_role: c!, rank: 0 },
      { event_role: a!, rank: 1 },
      { event_role: b!, rank: 2 },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.map((row) => row.user.first_name)).toEqual(['C', 'A', 'B']);
    expect(await order(event)).toEqual(['C', 'A', 'B']);
  });

  it('refuses an unknown id, ids of two events, another organisation’s people: 400 and the order unchanged', async () => {
    const event = await freshEvent('Refused');
    const [a, b] = await speakersOf(event, ['First', 'Second']);
    const [elsewhere] = await speakersOf(await freshEvent('Elsewhere'), ['Third']);
    const refusals = [
      [
        { event_role: b!, rank: 0 },
        { event_role: '00000000-0000-4000-8000-000000000000', rank: 1 },
      ],
      [
        { event_role: b!, rank: 0 },
        { event_role: elsewhere!, rank: 1 },
      ],
    ];
    for (const ranks of refusals) {
      const refused = await setup.people.reorder(ranks);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'UNKNOWN_EVENT_ROLES',
        message: peopleMessages.unknownEventRoles,
      });
    }
    const outsider = await other.people.reorder([
      { event_role: b!, rank: 0 },
      { event_role: a!, rank: 1 },
    ]);
    expect(outsider.status).toBe(400);
    expect(outsider.body.code).toBe('UNKNOWN_EVENT_ROLES');
    expect(await order(event)).toEqual(['First', 'Second']);
  });
});

describe('bulk actions on a selection (002 §4.7)', () => {
  it('hides, shows and removes all but the exclusions, or the listed ids', async () => {
    const event = await freshEvent('Bulk');
    const [a, b, c, d] = await speakersOf(event, ['A', 'B', 'C', 'D']);
    const bulk = (action: string, selection: Record<string, unknown>) =>
      setup.people.bulk({ event: event.id, role: EVENT_ROLES.SPEAKER, action, selection });

    expect((await bulk('hide', { all: true, excluded: [b] })).body).toEqual({ count: 3, job: null });
    const hidden = await setup.people.list(`event=${event.id}&role=4&hidden=true`);
    expect(hidden.body.results.map((row) => row.id)).toEqual([a, c, d]);
    expect((await bulk('show', { all: false, ids: [c] })).body).toEqual({ count: 1, job: null });
    expect(
      (await setup.people.list(`event=${event.id}&role=4&hidden=false`)).body.results.map((r) => r.id),
    ).toEqual([b, c]);

    expect((await bulk('remove', { all: true, excluded: [a, d] })).body).toEqual({ count: 2, job: null });
    expect(await order(event)).toEqual(['A', 'D']);
    // Ids of another event are simply not part of this event's selection.
    const [foreign] = await speakersOf(await freshEvent('Untouched'), ['Kept']);
    expect((await bulk('remove', { all: false, ids: [foreign] })).body.count).toBe(0);
    expect(
      (await other.people.bulk({ event: event.id, role: 4, action: 'remove', selection: { all: true } }))
        .status,
    ).toBe(404);
    expect(await order(event)).toEqual(['A', 'D']);
  });
});

describe('speaker roles: the default, the fallback, custom roles', () => {
  it('reads and sets the event’s default speaker role; only speaker roles are offered', async () => {
    const event = await freshEvent('Defaults');
    expect((await setup.people.defaultRole(event.id)).body).toEqual({ event: event.id, role: null });
    const set = await setup.people.setDefaultRole(event.id, SPEAKER_ROLES.ShareAccess);
    expect(set.body).toEqual({ event: event.id, role: SPEAKER_ROLES.ShareAccess });
    expect((await setup.people.defaultRole(event.id)).body.role).toBe(SPEAKER_ROLES.ShareAccess);
    const staffRole = await setup.people.setDefaultRole(event.id, setup.producer);
    expect(staffRole.status).toBe(400);
    expect(staffRole.body.errors.role).toEqual([peopleMessages.roleNotOffered]);
    expect((await setup.people.setDefaultRole(event.id, null)).body.role).toBeNull();
  });

  it('offers the organisation’s custom speaker role only while the switch is on', async () => {
    const event = await freshEvent('Custom');
    const flags = (value: boolean) =>
      setOperatorFlags(studio, setup.organizationId, { isCustomSpeakerRolesEnabled: value });
    await flags(true);
    const custom = await setup.api.post<Role>('/api/core/roles/', {
      display_name: 'Moderator',
      realm: 'event_app',
      role_group: 'Speaker Roles',
      permission_list: ['chat:moderate'],
    });
    expect(custom.status).toBe(201);
    const listed = await setup.api.get<{ results: Role[] }>(
      '/api/core/roles/?realm=event_app&role_group=Speaker%20Roles&limit=10',
    );
    expect(listed.body.results.map((role) => role.display_name)).toEqual([
      'Full Access',
      'Share Access',
      'Stage Access',
      'Moderator',
    ]);
    const withCustom = await setup.people.create({
      event: event.id,
      role: EVENT_ROLES.SPEAKER,
      user: speakerDetails('Mod'),
      event_app_role: custom.body.id,
    });
    expect(withCustom.status).toBe(201);

    await flags(false);
    const refused = await setup.people.patch(withCustom.body.id, {
      permission_roles: [{ role: custom.body.id, broadcasts: [] }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.permission_roles).toEqual([peopleMessages.roleNotOffered]);
    expect((await setup.people.setDefaultRole(event.id, custom.body.id)).status).toBe(400);
    // Another organisation never sees it.
    const foreign = await other.people.setDefaultRole(other.event.id, custom.body.id);
    expect(foreign.status).toBe(400);
  });
});
