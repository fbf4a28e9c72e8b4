import type { Activities } from '../../../platform/activities.ts';
import type { AttendeeBaseUrl } from '../../../platform/attendee-origin.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { addressOf } from '../../../platform/mail/mail.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { EmailComposer } from '../../email/email-composer.ts';
import type { EventMagicLinks } from '../../event-roles/event-people.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import { eventLandingPath, type PricingConfig } from '@studio/domain';
import type { RegistrantLinksOf } from '../registrant-links.ts';
import type { RegistrationFormFor } from '../registrant-answers.ts';
import { registerEventMembersRoutes } from './event-members.routes.ts';
import { createRegistrationMailer } from './registration-mails.ts';
import { registerRegistrationsJobs } from './registrations.jobs.ts';
import { createRegistrationsRepository } from './registrations.repository.ts';
import { createRegistrations, type RegistrationsDeps } from './registrations.service.ts';
import { createRegistrationSettingsRepository } from '../settings/registration-settings.repository.ts';

export interface RegistrantsDeps {
  db: Executor;
  jobs: JobQueue;
  /** The email module: registration's emails are the event's templates, rendered and sent by it. */
  emails: () => Pick<EmailComposer, 'composeTyped' | 'send' | 'switchedOn'>;
  /** The mail From address: the calendar invitation's ORGANIZER. */
  mailFrom: string;
  /** Where the organisation's attendee pages live: the calendar invitation links the event's page. */
  attendeeBaseUrl: AttendeeBaseUrl;
  events: Pick<EventCore, 'registrationEventOf' | 'programmeEventOf'>;
  eventRoles: Pick<EventRolesService, 'attendeeFor'>;
  planOf: (organizationId: string, tx: Executor) => Promise<PricingConfig>;
  magicLinks: () => EventMagicLinks;
  /** The cancel link and check-in code of a registrant's emails. */
  registrantLinks: RegistrantLinksOf;
  activities: () => Activities;
  realtime: RegistrationsDeps['realtime'];
  now?: () => Date;
}

/**
 * Registration's core (issue 16): the registrations service every part calls, its emails and
 * jobs, and the studio's status change and registration by hand. studio.ts builds it once; the
 * public register calls (public-registration.routes.ts) are mounted on both origins.
 */
export function createRegistrants(deps: RegistrantsDeps) {
  const now = deps.now ?? (() => new Date());
  const repository = createRegistrationsRepository(deps.db);
  const mailer = createRegistrationMailer({
    repository,
    emails: deps.emails,
    organizer: addressOf(deps.mailFrom),
    eventPageUrl: async (organizationId, eventId) =>
      `${await deps.attendeeBaseUrl(organizationId)}${eventLandingPath(eventId)}`,
    magicLinks: deps.magicLinks,
    registrantLinks: deps.registrantLinks,
    now,
  });
  const settings = createRegistrationSettingsRepository(deps.db);
  const registrations = createRegistrations({
    db: deps.db,
    jobs: deps.jobs,
    repository,
    mailer,
    events: deps.events,
    settingsOf: (eventId, tx) => settings.settingsOf(eventId, tx),
    eventRoles: deps.eventRoles,
    planOf: deps.planOf,
    activities: deps.activities,
    realtime: deps.realtime,
    now,
  });
  return {
    registrations,
    events: deps.events,
    /** The event dashboard's registrants figure. */
    registrantsSummary: (eventId: string) => repository.summaryOf(eventId),
  };
}

export type Registrants = ReturnType<typeof createRegistrants>;

export function registerRegistrants(
  app: HttpServer,
  area: Registrants,
  jobs: JobQueue,
  formFor: RegistrationFormFor,
): void {
  registerEventMembersRoutes(app, { registrations: area.registrations, events: area.events, formFor });
  registerRegistrationsJobs(jobs, area.registrations.work);
}
