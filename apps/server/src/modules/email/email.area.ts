import {
  eventLandingPath,
  SEAT_HOLDING_STATUSES,
  templateEmailTypesOf,
  templateHasSubject,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailSender } from '../../platform/mail/mail.ts';
import { createEmailComposer, type EmailComposerDeps } from './email-composer.ts';
import { registerEmailSendsRoutes } from './email-sends.routes.ts';
import {
  createEmailSendsService,
  RegistrantsEmailNotFinished,
  registrantsEmailJob,
  type EmailSendsDeps,
} from './email-sends.service.ts';
import { registerEmailTemplatesRoutes } from './email-templates.routes.ts';
import {
  createEmailTemplatesService,
  EmailTemplateNotFound,
  EmailTemplateWithoutSubject,
  type EmailTemplatesDeps,
  type VisibleContext,
} from './email-templates.service.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { createUnsubscribeLinks, registerUnsubscribeRoutes, type EmailSuppressions } from './unsubscribe.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { EventMagicLinks } from '../event-roles/event-people.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import { createEmailSchedulesArea, registerEmailSchedulesArea } from './email-schedules.area.ts';
import type { ScheduledBatchMessages, ScheduledEmailContext } from './email-scheduler.ts';
import type { MembersService } from '../registration/members/members.service.ts';

export interface EmailAreaDeps extends Omit<EmailSendsDeps, 'composer' | 'templates' | 'jobs'> {
  db: Executor;
  app: HttpServer;
  jobs: JobQueue;
  mail: EmailComposerDeps['mail'];
  deliveryLog: EmailComposerDeps['deliveryLog'];
  secretKey: string;
  publicUrl: string;
  visibleContext: VisibleContext;
  organizationName: (organizationId: string) => Promise<string>;
  /** The suppression list (the schedules' side of the module); used when someone unsubscribes. */
  suppressions: () => EmailSuppressions;
  senderOf: (organizationId: string) => Promise<MailSender | undefined>;
  templateDeleted: EmailTemplatesDeps['templateDeleted'];
  /** The event's schedule of each email type, which the composer's senders follow. */
  schedules: EmailComposerDeps['schedules'];
}

/**
 * The email area (issue 33): templates per context, the one rendering path, the composer every
 * sender calls, test/custom/bulk sends and the unsubscribe link. Answers the composer (for the
 * senders, through module links) and the templates service.
 */
export function createEmailArea(deps: EmailAreaDeps) {
  const { app, db, jobs, publicUrl } = deps;
  const templates = createEmailTemplatesService({
    db,
    visibleContext: deps.visibleContext,
    templateDeleted: deps.templateDeleted,
  });
  const unsubscribeLinks = createUnsubscribeLinks(deps.secretKey, publicUrl);
  const composer = createEmailComposer({
    templates,
    mail: deps.mail,
    deliveryLog: deps.deliveryLog,
    organizationName: deps.organizationName,
    unsubscribeUrlFor: unsubscribeLinks.urlFor,
    senderOf: deps.senderOf,
    schedules: deps.schedules,
  });
  const sends = createEmailSendsService({ ...deps, composer, templates });

  registerEmailTemplatesRoutes(app, templates, publicUrl);
  registerEmailSendsRoutes(app, sends, deps.visibleContext);
  registerUnsubscribeRoutes(app, unsubscribeLinks, deps.suppressions);
  jobs.register(registrantsEmailJob, async (payload, context) => {
    // Failing the try hands the waiting messages to pg-boss's retry with back-off.
    if ((await sends.sendToRegistrants(payload, context)) === 'retry')
      throw new RegistrantsEmailNotFinished(payload.sendId);
  });

  return { templates, composer, unsubscribeUrlFor: unsubscribeLinks.urlFor };
}

export type EmailArea = ReturnType<typeof createEmailArea>;

type EmailAreaPorts = Pick<AuthArea, 'users'> &
  Pick<OrganizationsArea, 'organizations'> &
  Pick<DomainsArea, 'senderDomains' | 'attendeeBaseUrl'> &
  Pick<EventRolesArea, 'eventRoles'> &
  Pick<RegistrationArea, 'registrantLinks'> & {
    backOffice: BackOffice;
    magicLinks: EventMagicLinks;
    members: Pick<MembersService, 'startList'>;
  };

const personOf = (user: { id: string; email: string; first_name: string; last_name: string }) => ({
  userId: user.id,
  email: user.email,
  firstName: user.first_name,
  lastName: user.last_name,
});

/**
 * The email area in the studio (issue 33): templates and sends, then schedules, the scheduler,
 * the delivery log and the suppression list. Built after the areas whose people it writes to;
 * every other area's mail reaches it through `studio.mail`, bounces through the platform's link.
 */
export function emailArea(studio: Studio, ports: EmailAreaPorts) {
  const { backOffice, senderDomains } = ports;
  const schedules = createEmailSchedulesArea({
    db: studio.database.db,
    secretKey: studio.secretKey,
    publicUrl: studio.publicUrl,
    jobs: studio.platform.jobs,
    mail: {
      deliver: (message) => studio.platform.mail.deliver(message),
      connections: studio.platform.mail.connections,
      senderOf: (organizationId) => senderDomains.mailSenderOf(organizationId),
    },
    backOffice,
    people: () => ports.eventRoles.directory,
    render: { rendererFor: (context) => scheduledMessages(area, ports, context) },
    onBounce: (bounce) =>
      studio.activities.use().record({
        organizationId: bounce.organizationId,
        eventId: bounce.eventId,
        type: bounce.outcome === 'bounced' ? 'email:bounced' : 'email:complained',
        data: { email: bounce.recipient, reason: bounce.reason },
      }),
  });
  registerEmailSchedulesArea(studio.app, studio.platform.jobs, schedules, studio.publicUrl);
  backOffice.timesChanged.provide((organizationId, eventId, times) =>
    schedules.service.eventTimesChanged(organizationId, eventId, times),
  );
  studio.platform.deliveryReports.provide(schedules.deliveryReported);

  const area = createEmailArea({
    app: studio.app,
    db: studio.database.db,
    jobs: studio.platform.jobs,
    mail: studio.platform.mail,
    deliveryLog: () => schedules.deliveryLog,
    secretKey: studio.secretKey,
    publicUrl: studio.publicUrl,
    claims: () => schedules.deliveries,
    connections: studio.platform.mail.connections,
    ...emailSendsPorts(studio, ports),
    suppressions: () => ({
      unsubscribe: (organizationId, email) =>
        schedules.suppression.suppress(organizationId, email, 'unsubscribed'),
      suppressedAmong: (organizationId, emails) =>
        schedules.suppression.suppressedAmong(organizationId, emails),
    }),
    senderOf: (organizationId) => senderDomains.mailSenderOf(organizationId),
    templateDeleted: schedules.service.templateDeleted,
    schedules: () => schedules.service,
  });
  studio.emails.provide(area.composer);
  backOffice.eventCopySteps.provide(schedules.service.copyStep(area.templates));
  return { ...area, schedules };
}

/**
 * A scheduled email: its chosen template, else the event's of its type (sent only with a subject),
 * compiled once for its recipients; each carries their magic link and, to a registrant, their cancel link and check-in code.
 */
async function scheduledMessages(
  area: Pick<EmailArea, 'templates' | 'composer'>,
  ports: EmailAreaPorts,
  context: ScheduledEmailContext,
): Promise<ScheduledBatchMessages> {
  const { event } = context;
  const owner = { context: 'event' as const, id: event.id, organizationId: event.organizationId };
  const { emailTemplateId } = context;
  const template = emailTemplateId
    ? await area.templates.templateForSend(owner, emailTemplateId).catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 404)
          throw new EmailTemplateNotFound(`The email template ${emailTemplateId} was not found.`);
        throw error;
      })
    : await area.templates.templateOfType(owner, context.emailType);
  if (!templateHasSubject(template))
    throw new EmailTemplateWithoutSubject(
      `The email template of schedule ${context.scheduleId} has no subject.`,
    );
  const [render, registrantLinks] = await Promise.all([
    area.composer.renderer(event.organizationId, template, event),
    ports.registrantLinks(event),
  ]);
  return async (batch) => {
    const userIds = batch.flatMap((recipient) => (recipient.userId ? [recipient.userId] : []));
    const magicLinks = await ports.magicLinks.urlsFor(event.id, userIds);
    return async (recipient) => {
      const { userId, registrationId } = recipient;
      // Someone whose account went since the audience was read fails as before (urlFor's 404).
      const magicLink = userId
        ? (magicLinks.get(userId) ?? (await ports.magicLinks.urlFor(event.id, userId)))
        : null;
      return render({ ...recipient, magicLink, ...(registrationId && registrantLinks(registrationId)) });
    };
  };
}

/** What test, custom and bulk sends read of the rest of the studio. */
function emailSendsPorts(studio: Studio, ports: EmailAreaPorts) {
  const { backOffice, users, eventRoles } = ports;
  const visibleContext: VisibleContext = async (caller, context, id, access) => {
    if (context === 'event') {
      const permission = access === 'read' ? 'event:read' : 'event:update';
      const { event } = await backOffice.events.programmeEventOf(caller, id, permission);
      const emailTypes = templateEmailTypesOf(event.event_type);
      return { context, id: event.id, organizationId: event.organizationId, emailTypes };
    }
    const owner =
      context === 'series'
        ? await backOffice.series.get(caller, id, {})
        : await backOffice.templates.get(caller, id);
    return { context, id: owner.id, organizationId: caller.organizationId ?? '' };
  };
  const inEvent = async (eventId: string | null, userId: string) =>
    eventId !== null && (await eventRoles.directory.rolesOf(eventId, userId)).length > 0;
  return {
    visibleContext,
    organizationName: (organizationId: string) => ports.organizations.nameOf(organizationId),
    eventFacts: (eventId: string) => backOffice.events.programmeEventById(eventId),
    registeredPerson: async (organizationId: string, eventId: string | null, address: string) => {
      const user = await users.findCredentialsByEmail(address);
      if (!user) return undefined;
      const known = user.organization_id === organizationId || (await inEvent(eventId, user.id));
      return known ? personOf(user) : undefined;
    },
    personById: async (userId: string) => {
      const user = await users.findById(userId);
      return user && personOf(user);
    },
    magicLinkFor: async (eventId: string, userId: string) =>
      (await inEvent(eventId, userId)) ? ports.magicLinks.urlFor(eventId, userId) : null,
    eventPageUrl: async (organizationId: string, eventId: string) =>
      `${await ports.attendeeBaseUrl(organizationId)}${eventLandingPath(eventId)}`,
    registrantsOf: async (eventId: string, page: { limit: number; offset: number }) => {
      const query = { event: eventId, event_user_status: [...SEAT_HOLDING_STATUSES], is_blocked: false };
      const listed = await ports.members.startList(query, page);
      const results = (listed?.results ?? []).map((member) => ({
        ...personOf({ ...member, id: member.user }),
        registrationId: member.id,
      }));
      return { count: listed?.count ?? 0, results };
    },
    registrantLinks: ports.registrantLinks,
    seriesEventsOf: async (caller: Caller, seriesId: string) => {
      const series = await backOffice.series.get(caller, seriesId, {});
      return 'events' in series ? series.events : [];
    },
  };
}
