import { beforeAll, describe, expect, it } from 'vitest';
import {
  bulkEventRolesSchema,
  createEventRoleSchema,
  EVENT_ROLES,
  orgUserPatchSchema,
  type Role,
} from '@studio/domain';
import { fileStudio } from '../../../test/file-studio.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { ProgrammeEvent } from '../back-office/events/event-core.service.ts';
import { createUsersService } from '../users/users.service.ts';
import { authReadModel } from '../auth/auth.read-model.ts';
import { peopleSetup, SPEAKER_ROLES, speakerDetails } from './event-roles.fixtures.ts';
import { createEventRolesService } from './event-roles.service.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';

/**
 * What the rest of the system asks of the people: the directory, the sessions' speakers with the
 * role fallback, invitations enqueued in the caller's transaction, speaker changes told after the
 * commit, the organisation's profile. A service is built beside the studio on its database, with
 * the event lookup, the role catalogue and the invitations as recorders.
 */
const studio = fileStudio();
let setup: Awaited<ReturnType<typeof peopleSetup>>;
let service: ReturnType<typeof createEventRolesService>;
let organiser: Caller;
const changed: { eventId: string; broadcastIds: readonly string[] }[] = [];
const enqueued: { eventRoleIds: readonly string[]; calendar: boolean; inTransaction: boolean }[] = [];
const bulkJobs: (readonly string[])[] = [];
const speakerRoles = (['FullAccess', 'ShareAccess', 'StageAccess'] as const).map(
  (name) => ({ id: SPEAKER_ROLES[name], name }) as Role,
);

beforeAll(async () => {
  setup = await peopleSetup(studio, 'Directory Org');
  organiser = {
    userId: setup.admin.userId,
    organizationId: setup.organizationId,
    sessionId: null,
    role: 'ORG_ADMIN',
  };
  const { db } = studio.database;
  const event = { id: setup.event.id, organizationId: setup.organizationId } as ProgrammeEvent;
  service = createEventRolesService({
    db,
    events: {
      programmeEventOf: (caller, id) =>
        caller.organizationId === setup.organizationId && id === event.id
          ? Promise.resolve({ scope: {} as never, event })
          : Promise.reject(Object.assign(new Error('not found'), { status: 404 })),
      programmeChanged: () => Promise.resolve(),
    },
    users: createUsersService(db, authReadModel),
    access: {
      offers: (_member, group, id) => Promise.resolve(group === 'Speaker Roles' && id in byId()),
      listedRoles: () => Promise.resolve(speakerRoles),
      findRole: () => Promise.resolve(undefined),
    },
    sessionIdsOf: async (eventId, ids, tx = db) =>
      ids.length === 0
        ? []
        : (
            await tx
              .selectFrom('broadcasts')
              .select('id')
              .where('event_id', '=', eventId)
              .where('id', 'in', ids)
              .execute()
          ).map((row) => row.id),
    refusesEntry: (eventRoleId) => registrationReadModel.refusesEntry(eventRoleId),
    attendeeBaseUrl: () => Promise.resolve('http://attendees.test'),
    invitations: () => ({
      ready: () => Promise.resolve(),
      enqueue: (input, tx) => {
        enqueued.push({
          eventRoleIds: input.eventRoleIds,
          calendar: input.calendar,
          inTransaction: tx.isTransaction,
        });
        return Promise.resolve();
      },
      enqueueBulk: (input) => {
        bulkJobs.push(input.eventRoleIds);
        return Promise.resolve(`job-${bulkJobs.length}`);
      },
    }),
    onSessionsChanged: (_organizationId, eventId, broadcastIds) => {
      changed.push({ eventId, broadcastIds });
      return Promise.resolve();
    },
    onProfileChanged: () => Promise.resolve(),
  });
});

const byId = () => Object.fromEntries(speakerRoles.map((role) => [role.id, role]));
const addSpeaker = (fields: Record<string, unknown>) =>
  service.speakers.create(
    organiser,
    createEventRoleSchema.parse({ event: setup.event.id, role: EVENT_ROLES.SPEAKER, ...fields }),
  );

describe('the people as the rest of the system reads them', () => {
  it('resolves each session’s speakers’ roles: assigned, own, the event’s default, else the last listed', async () => {
    const [keynote, panel] = setup.sessions as [string, string];
    const assigned = await addSpeaker({
      user: speakerDetails('Assigned'),
      permission_roles: [{ role: SPEAKER_ROLES.FullAccess, broadcasts: [keynote] }],
    });
    const own = await addSpeaker({
      user: speakerDetails('Own'),
      broadcasts: [keynote, panel],
      event_app_role: SPEAKER_ROLES.ShareAccess,
      hidden: true,
    });
    const none = await addSpeaker({ user: speakerDetails('None'), broadcasts: [panel] });
    expect(changed.at(-1)).toEqual({ eventId: setup.event.id, broadcastIds: [panel] });

    const roles = async () => {
      const map = await service.speakersOfBroadcasts([keynote, panel, none.id]);
      return [...map].map(([id, list]) => [
        id,
        list.map((entry) => [entry.user.first_name, entry.role, entry.hidden]),
      ]);
    };
    expect(await roles()).toEqual([
      [
        keynote,
        [
          ['Assigned', SPEAKER_ROLES.FullAccess, false],
          ['Own', SPEAKER_ROLES.ShareAccess, true],
        ],
      ],
      [
        panel,
        [
          ['Own', SPEAKER_ROLES.ShareAccess, true],
          ['None', SPEAKER_ROLES.StageAccess, false],
        ],
      ],
      [none.id, []],
    ]);
    await service.speakers.setDefaultSpeakerRole(organiser, setup.event.id, SPEAKER_ROLES.FullAccess);
    expect((await service.speakersOfBroadcasts([panel])).get(panel)?.map((entry) => entry.role)).toEqual([
      SPEAKER_ROLES.ShareAccess,
      SPEAKER_ROLES.FullAccess,
    ]);
    expect(own.rank).toBe(assigned.rank + 1);
  });

  it('enqueues invitations in the transaction only when the call succeeds; bulk resend is a job', async () => {
    const before = enqueued.length;
    const invited = await addSpeaker({
      user: speakerDetails('Invited'),
      broadcasts: [setup.sessions[0]],
      send_email_invite: true,
      send_calendar_invite: true,
    });
    expect(enqueued.slice(before)).toEqual([
      { eventRoleIds: [invited.id], calendar: true, inTransaction: true },
    ]);
    await expect(
      addSpeaker({
        user: speakerDetails('Refused'),
        broadcasts: ['00000000-0000-4000-8000-000000000000'],
        send_email_invite: true,
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(enqueued).toHaveLength(before + 1);

    const all = await service.speakers.list(
      organiser,
      { event: setup.event.id, role: 4, ordering: 'rank' },
      { limit: 100, offset: 0 },
    );
    const answer = await service.speakers.bulk(
      organiser,
      bulkEventRolesSchema.parse({
        event: setup.event.id,
        role: EVENT_ROLES.SPEAKER,
        action: 'resend_invite',
        selection: { all: true, excluded: [invited.id] },
      }),
    );
    expect(answer).toEqual({ count: all.count - 1, job: `job-${bulkJobs.length}` });
    expect(bulkJobs.at(-1)).not.toContain(invited.id);
  });

  it('answers the directory of magic links and invitations', async () => {
    const person = await addSpeaker({ user: speakerDetails('Directory'), broadcasts: [setup.sessions[1]] });
    const { directory } = service;
    expect(await directory.rolesOf(setup.event.id, person.user.id)).toEqual([EVENT_ROLES.SPEAKER]);
    expect(await directory.userIdByEmail(setup.event.id, person.user.email.toUpperCase())).toBe(
      person.user.id,
    );
    expect(await directory.userIdByEmail(setup.event.id, 'nobody@example.com')).toBeUndefined();
    const [record] = await directory.peopleOf(setup.event.id, { eventRoleIds: [person.id] });
    expect(record).toEqual({
      eventRoleId: person.id,
      eventId: setup.event.id,
      organizationId: setup.organizationId,
      userId: person.user.id,
      role: EVENT_ROLES.SPEAKER,
      userType: null,
      email: person.user.email,
      firstName: 'Directory',
      lastName: 'Speaker',
      broadcastIds: [setup.sessions[1]],
      invitedAt: null,
    });
    expect((await directory.peopleOf(setup.event.id, { audience: 'staff' })).length).toBe(0);
    const inPanel = await directory.peopleInSessions([setup.sessions[1]!]);
    expect(inPanel.map((entry) => entry.eventRoleId)).toContain(person.id);
    const at = new Date('2031-01-01T00:00:00Z');
    await directory.markInvited([person.id], at);
    expect((await directory.peopleOf(setup.event.id, { eventRoleIds: [person.id] }))[0]?.invitedAt).toEqual(
      at,
    );
  });

  it('changes the organisation’s profile of a person of the event and tells their sessions', async () => {
    const person = await addSpeaker({ user: speakerDetails('Profiled'), broadcasts: [setup.sessions[0]] });
    const before = changed.length;
    const patch = orgUserPatchSchema.parse({
      event: setup.event.id,
      org_user_data: { title: 'CTO', bio: 'Builds things.', twitter_url: 'https://twitter.com/profiled' },
    });
    const updated = await service.updateOrgProfile(organiser, person.user.id, patch);
    expect(updated).toMatchObject({ first_name: 'Profiled', title: 'CTO', bio: 'Builds things.' });
    expect(changed.slice(before)).toEqual([{ eventId: setup.event.id, broadcastIds: [setup.sessions[0]] }]);
    const listed = await setup.people.list(`event=${setup.event.id}&role=4&search=profiled`);
    expect(listed.body.results[0]?.user).toMatchObject({
      title: 'CTO',
      twitter_url: 'https://twitter.com/profiled',
    });
    // The account itself is untouched.
    const account = await studio.database.db
      .selectFrom('users')
      .select('title')
      .where('id', '=', person.user.id)
      .executeTakeFirstOrThrow();
    expect(account.title).toBeNull();
    await expect(service.updateOrgProfile(organiser, setup.admin.userId, patch)).rejects.toMatchObject({
      status: 404,
    });
  });
});
