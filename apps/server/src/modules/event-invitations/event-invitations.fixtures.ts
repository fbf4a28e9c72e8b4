import { randomBytes } from 'node:crypto';
import { EVENT_ROLES, STAFF_USER_TYPE, type EventRole, type ServerSocketMessage } from '@studio/domain';
import type { TestStudio } from '../../../test/harness.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { createJobQueue } from '../../platform/jobs/job-queue.ts';
import { createMailService } from '../../platform/mail/mail.ts';
import { workerBackOffice } from '../back-office/back-office.fixtures.ts';
import { createSessionTimes } from '../programme/agenda/session-times.ts';
import { createEventRolesService, type EventRolesDeps } from '../event-roles/event-roles.service.ts';
import { testEmailComposer } from '../email/email-composer.fixtures.ts';
import { createEventInvitations, registerEventInvitationsJobs } from './event-invitations.ts';
import type {
  EventMagicLinks,
  EventPeopleDirectory,
  EventPersonRecord,
  PeopleAudience,
} from '../event-roles/event-people.ts';

/**
 * TEST FIXTURES ONLY. The event-roles and magic-links modules provide the real directory and
 * magic links; these stand-ins read the same tables so the invitations can be tested on their own.
 */

/** TEST FIXTURE: the people of events, straight from event_roles, event_role_sessions and users. */
export function testPeopleDirectory(db: Executor): EventPeopleDirectory {
  // Roles read the event-roles tables alone: its service over the database answers them.
  const eventRoles = createEventRolesService({ db } as EventRolesDeps);
  const people = (tx: Executor) =>
    tx
      .selectFrom('event_roles')
      .innerJoin('users', 'users.id', 'event_roles.user_id')
      .innerJoin('events', 'events.id', 'event_roles.event_id')
      .select((eb) => [
        'event_roles.id as eventRoleId',
        'event_roles.event_id as eventId',
        'events.organization_id as organizationId',
        'event_roles.user_id as userId',
        'event_roles.role',
        'event_roles.user_type as userType',
        'users.email',
        'users.first_name as firstName',
        'users.last_name as lastName',
        'event_roles.invited_at as invitedAt',
        eb
          .selectFrom('event_role_sessions')
          .select((inner) =>
            inner.fn.agg<string[]>('array_agg', ['event_role_sessions.broadcast_id']).as('ids'),
          )
          .whereRef('event_role_sessions.event_role_id', '=', 'event_roles.id')
          .as('broadcastIds'),
      ])
      .orderBy('event_roles.rank')
      .orderBy('event_roles.created_at');
  const record = (
    row: Omit<EventPersonRecord, 'role' | 'broadcastIds'> & { role: number; broadcastIds: string[] | null },
  ) => ({
    ...row,
    role: row.role as EventRole,
    broadcastIds: row.broadcastIds ?? [],
  });
  const audienceOf = (audience: PeopleAudience | undefined) => (row: EventPersonRecord) =>
    audience === undefined ||
    (audience === 'speaker'
      ? row.role === EVENT_ROLES.SPEAKER
      : row.role === EVENT_ROLES.ORGANIZER && row.userType === STAFF_USER_TYPE);

  return {
    rolesOf: (eventId, userId, tx = db) => eventRoles.rolesOf(eventId, userId, tx),
    async userIdByEmail(eventId, email, tx = db) {
      const row = await tx
        .selectFrom('event_roles')
        .innerJoin('users', 'users.id', 'event_roles.user_id')
        .select('users.id')
        .where('event_roles.event_id', '=', eventId)
        .where('users.email', '=', email.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },
    async peopleOf(eventId, filter, tx = db) {
      let query = people(tx).where('event_roles.event_id', '=', eventId);
      if (filter.eventRoleIds) {
        if (filter.eventRoleIds.length === 0) return [];
        query = query.where('event_roles.id', 'in', filter.eventRoleIds);
      }
      return (await query.execute()).map(record).filter(audienceOf(filter.audience));
    },
    async peopleInSessions(broadcastIds, tx = db) {
      if (broadcastIds.length === 0) return [];
      const rows = await people(tx)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('event_role_sessions')
              .select('event_role_sessions.broadcast_id')
              .whereRef('event_role_sessions.event_role_id', '=', 'event_roles.id')
              .where('event_role_sessions.broadcast_id', 'in', broadcastIds),
          ),
        )
        .execute();
      return rows.map(record).filter((row) => audienceOf('speaker')(row) || audienceOf('staff')(row));
    },
    async markInvited(eventRoleIds, at, tx = db) {
      if (eventRoleIds.length > 0)
        await tx.updateTable('event_roles').set({ invited_at: at }).where('id', 'in', eventRoleIds).execute();
    },
  };
}

/** TEST FIXTURE: a magic link stand-in on the attendee origin. */
const testMagicLinkOf = (eventId: string, userId: string) =>
  `http://attendee.test/e/${eventId}/enter?token=t-${userId}`;
export const testMagicLinks: EventMagicLinks = {
  urlFor: (eventId, userId) => Promise.resolve(testMagicLinkOf(eventId, userId)),
  urlsFor: (eventId, userIds) =>
    Promise.resolve(new Map(userIds.map((userId) => [userId, testMagicLinkOf(eventId, userId)]))),
};

/** TEST FIXTURE: a person (a new user) added to an event with a role and sessions. */
export async function addTestPerson(
  db: Executor,
  person: {
    eventId: string;
    role: EventRole;
    userType?: string | null;
    firstName?: string;
    broadcastIds?: readonly string[];
  },
): Promise<{ userId: string; eventRoleId: string; email: string }> {
  const email = `person-${randomBytes(4).toString('hex')}@example.com`;
  const user = await db
    .insertInto('users')
    .values({
      email,
      password_hash: null,
      first_name: person.firstName ?? 'Grace',
      last_name: 'Hopper',
      company: null,
      organization_id: null,
      role: null,
      extra_data: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .insertInto('event_roles')
    .values({
      event_id: person.eventId,
      user_id: user.id,
      role: person.role,
      user_type: person.userType ?? null,
      event_app_role_id: null,
      invited_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessions = person.broadcastIds ?? [];
  if (sessions.length > 0)
    await db
      .insertInto('event_role_sessions')
      .values(sessions.map((id) => ({ event_role_id: role.id, broadcast_id: id, role_id: null })))
      .execute();
  return { userId: user.id, eventRoleId: role.id, email };
}

/** TEST FIXTURE: every socket push the worker made. */
export interface RecordedPush {
  organizationId: string;
  message: ServerSocketMessage;
  eventId: string | undefined;
}

/**
 * TEST FIXTURE: a worker process's invitations area beside an API-only studio, not started — its
 * own job queue on the studio's database, the area over the fixture directory and magic links, the
 * email module's composer sending to `smtpUrl`. A test that sweeps reminders by hand at its own
 * clock uses it as it is: a started worker sweeps on its schedule too, at the same clock, and
 * the mail the test waits for could be on its way from that sweep when the test looks.
 */
export function invitationsArea(studio: TestStudio, smtpUrl: string, now?: () => Date) {
  const quiet = { info() {}, warn() {}, error() {} };
  const { db } = studio.database;
  const queue = createJobQueue({ database: studio.database, log: quiet, pollIntervalMs: 50 });
  const backOffice = workerBackOffice(studio, queue);
  const pushes: RecordedPush[] = [];
  const realtime = {
    publish: (organizationId: string, message: ServerSocketMessage, scope?: { eventId?: string }) => {
      pushes.push({ organizationId, message, eventId: scope?.eventId });
      return Promise.resolve();
    },
    connections: () => 0,
  };
  const mail = createMailService({
    db,
    smtpUrl,
    from: 'Event Studio <studio@example.com>',
    log: () => quiet,
  });
  const { composer } = testEmailComposer(db, (message) => mail.deliver(message));
  const area = createEventInvitations({
    db,
    jobs: queue,
    emails: () => composer,
    mailFrom: 'Event Studio <studio@example.com>',
    realtime,
    events: backOffice.events,
    sessionTimes: createSessionTimes(db),
    directory: () => testPeopleDirectory(db),
    magicLinks: () => testMagicLinks,
    ...(now ? { now } : {}),
  });
  registerEventInvitationsJobs(queue, area);
  return { queue, area, pushes };
}

/** TEST FIXTURE: the invitations area's worker process (`invitationsArea`), started. */
export async function startInvitationsWorker(studio: TestStudio, smtpUrl: string) {
  const worker = invitationsArea(studio, smtpUrl);
  await worker.queue.startWorkers();
  return { ...worker, stop: () => worker.queue.stop({ timeoutMs: 1000 }) };
}
