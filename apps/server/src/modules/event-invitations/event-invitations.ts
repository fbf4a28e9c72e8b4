import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { addressOf } from '../../platform/mail/mail.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import type { EventMagicLinks, EventPeopleDirectory } from '../event-roles/event-people.ts';
import { registerInvitationsJobs, createInvitationsWork } from './event-invitations.jobs.ts';
import { createEventInvitationsRepository } from './event-invitations.repository.ts';
import { registerEventInvitationsRoutes } from './event-invitations.routes.ts';
import { createEventInvitationsService } from './event-invitations.service.ts';
import type { PeopleEmails } from './email-content.ts';
import { createPeopleMailer, type SessionTimes } from './people-mailer.ts';

export interface EventInvitationsDeps {
  db: Executor;
  jobs: JobQueue;
  /**
   * The email module (`studio.emails`): the event's templates and schedule of the people emails;
   * invitations and reminders are filed in the event's delivery log.
   */
  emails: () => PeopleEmails;
  /** The mail From address ('Name <address>' or an address): the calendar invitations' ORGANIZER. */
  mailFrom: string;
  realtime: Pick<Realtime, 'publish'>;
  events: Pick<EventCore, 'programmeEventOf' | 'programmeEventsByIds' | 'startingBetween'>;
  /** The agenda's sessions among these ids (broadcasts service `sessionTimes`). */
  sessionTimes: (eventId: string, ids: readonly string[]) => Promise<SessionTimes[]>;
  /** Who is in an event (event roles), read when a job runs. */
  directory: () => EventPeopleDirectory;
  /** The people's magic links, read when a job runs. */
  magicLinks: () => EventMagicLinks;
  /** The clock of the reminders and the calendar stamps (tests fix it). */
  now?: () => Date;
}

/**
 * People's emails (issue 15): SpkInvite and StaffInvite with their sessions' calendar invitations,
 * the invitations following a moved session, the 1 h and 1 d reminders, the email config list and
 * bulk invitations with progress. Built once by studio.ts (and by tests running a worker beside it).
 */
export function createEventInvitations(deps: EventInvitationsDeps) {
  const now = deps.now ?? (() => new Date());
  const repository = createEventInvitationsRepository(deps.db);
  const mailer = createPeopleMailer({
    repository,
    emails: deps.emails,
    organizer: addressOf(deps.mailFrom),
    magicLinks: deps.magicLinks,
    now,
  });
  const work = createInvitationsWork({
    repository,
    mailer,
    realtime: deps.realtime,
    eventsByIds: (organizationId, ids) => deps.events.programmeEventsByIds(organizationId, ids),
    startingBetween: (from, to) => deps.events.startingBetween(from, to),
    emails: deps.emails,
    sessionTimes: deps.sessionTimes,
    directory: deps.directory,
    now,
  });
  const service = createEventInvitationsService({
    db: deps.db,
    jobs: deps.jobs,
    repository,
    events: deps.events,
    emails: deps.emails,
  });
  return { service, invitations: service.invitations, work, now };
}

export type EventInvitations = ReturnType<typeof createEventInvitations>;

export function registerEventInvitations(app: HttpServer, area: EventInvitations, publicUrl: string): void {
  registerEventInvitationsRoutes(app, area.service, publicUrl);
}

/** The invitations' jobs and the reminders' schedule — registered by every process, run by workers. */
export function registerEventInvitationsJobs(queue: JobQueue, area: EventInvitations): void {
  registerInvitationsJobs(queue, area.work, area.now);
}
