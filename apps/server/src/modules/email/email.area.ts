import { SEAT_HOLDING_STATUSES } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailMessage } from '../../platform/mail/mail.ts';
import { createEmailComposer } from './email-composer.ts';
import { registerEmailSendsRoutes } from './email-sends.routes.ts';
import { createEmailSendsService, registrantsEmailJob, type EmailSendsDeps } from './email-sends.service.ts';
import { registerEmailTemplatesRoutes } from './email-templates.routes.ts';
import { createEmailTemplatesService, type VisibleContext } from './email-templates.service.ts';
import { createUnsubscribeLinks, registerUnsubscribeRoutes, type EmailSuppressions } from './unsubscribe.ts';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { EventMagicLinks } from '../event-roles/event-people.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import type { MembersService } from '../registration/members/members.service.ts';

export interface EmailAreaDeps extends Omit<EmailSendsDeps, 'composer' | 'templates' | 'jobs'> {
  db: Executor;
  app: HttpServer;
  jobs: JobQueue;
  mail: { send(message: MailMessage): Promise<boolean> };
  secretKey: string;
  publicUrl: string;
  visibleContext: VisibleContext;
  organizationName: (organizationId: string) => Promise<string>;
  /** The suppression list (the schedules' side of the module); used when someone unsubscribes. */
  suppressions: () => EmailSuppressions;
}

/**
 * The email area (issue 33): templates per context, the one rendering path, the composer every
 * sender calls, test/custom/bulk sends and the unsubscribe link. Answers the composer (for the
 * senders, through module links) and the templates service.
 */
export function createEmailArea(deps: EmailAreaDeps) {
  const { app, db, jobs, publicUrl } = deps;
  const templates = createEmailTemplatesService({ db, visibleContext: deps.visibleContext });
  const unsubscribeLinks = createUnsubscribeLinks(deps.secretKey, publicUrl);
  const composer = createEmailComposer({
    templates,
    mail: deps.mail,
    organizationName: deps.organizationName,
    unsubscribeUrlFor: unsubscribeLinks.urlFor,
  });
  const sends = createEmailSendsService({ ...deps, composer, templates });

  registerEmailTemplatesRoutes(app, templates, publicUrl);
  registerEmailSendsRoutes(app, sends, deps.visibleContext);
  registerUnsubscribeRoutes(app, unsubscribeLinks, deps.suppressions);
  jobs.register(registrantsEmailJob, (payload) => sends.sendToRegistrants(payload));

  return { templates, composer, unsubscribeUrlFor: unsubscribeLinks.urlFor };
}

export type EmailArea = ReturnType<typeof createEmailArea>;

/**
 * The email area in the studio: built after the areas whose people it writes to (registrants,
 * event people, magic links); every other area's mail reaches it through `studio.mail`.
 */
export function emailArea(
  studio: Studio,
  ports: Pick<AuthArea, 'users'> &
    Pick<OrganizationsArea, 'organizations'> &
    Pick<EventRolesArea, 'eventRoles'> &
    Pick<RegistrationArea, 'tokens'> & {
      backOffice: BackOffice;
      magicLinks: EventMagicLinks;
      members: Pick<MembersService, 'startList'>;
      suppressions: () => EmailSuppressions;
    },
) {
  const { backOffice, users, eventRoles } = ports;
  const personOf = (user: { id: string; email: string; first_name: string; last_name: string }) => ({
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  });
  const area = createEmailArea({
    app: studio.app,
    db: studio.database.db,
    jobs: studio.platform.jobs,
    mail: studio.platform.mail,
    secretKey: studio.secretKey,
    publicUrl: studio.publicUrl,
    visibleContext: async (caller, context, id, access) => {
      if (context === 'event') {
        const permission = access === 'read' ? 'event:read' : 'event:update';
        const { event } = await backOffice.events.programmeEventOf(caller, id, permission);
        return { context, id: event.id, organizationId: event.organizationId };
      }
      const owner =
        context === 'series'
          ? await backOffice.series.get(caller, id, {})
          : await backOffice.templates.get(caller, id);
      return { context, id: owner.id, organizationId: caller.organizationId ?? '' };
    },
    organizationName: (organizationId) => ports.organizations.nameOf(organizationId),
    suppressions: ports.suppressions,
    eventFacts: (eventId) => backOffice.events.programmeEventById(eventId),
    registeredPerson: async (organizationId, eventId, address) => {
      const user = await users.findCredentialsByEmail(address);
      if (!user) return undefined;
      const inEvent = eventId !== null && (await eventRoles.directory.rolesOf(eventId, user.id)).length > 0;
      return user.organization_id === organizationId || inEvent ? personOf(user) : undefined;
    },
    personById: async (userId) => {
      const user = await users.findById(userId);
      return user && personOf(user);
    },
    magicLinkFor: async (eventId, userId) =>
      (await eventRoles.directory.rolesOf(eventId, userId)).length > 0
        ? ports.magicLinks.urlFor(eventId, userId)
        : null,
    registrantsOf: async (eventId, page) => {
      const query = { event: eventId, event_user_status: [...SEAT_HOLDING_STATUSES], is_blocked: false };
      const listed = await ports.members.startList(query, page);
      const results = (listed?.results ?? []).map((member) => ({
        ...personOf({ ...member, id: member.user }),
        registrationId: member.id,
      }));
      return { count: listed?.count ?? 0, results };
    },
    checkInCodeFor: (eventId, registrationId) => ports.tokens.tokenFor('ci', eventId, registrationId),
    log: () => studio.app.log,
  });
  studio.emails.provide(area.composer);
  return area;
}
