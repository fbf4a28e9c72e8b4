import type { FastifyInstance } from 'fastify';
import type { Studio } from '../../studio-area.ts';
import type { AuthArea } from '../auth/auth.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { EventMagicLinks } from '../event-roles/event-people.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import { createRegistrationForms, registerRegistrationFormsRoutes } from './forms/forms.ts';
import {
  registerPublicRegistrationRoutes,
  type AdmitNewRegistrant,
  type PublicRegistrationDeps,
} from './registrants/public-registration.routes.ts';
import { createRegistrants, registerRegistrants } from './registrants/registrants.ts';
import { registerRegistrantActivity } from './activity/registrant-activity.ts';
import { createRegistrationTokens } from './registration-tokens.ts';
import { createRegistrantLinks } from './registrant-links.ts';
import {
  createRegistrationSettings,
  registerRegistrationSettingsRoutes,
} from './settings/registration-settings.ts';

/** What registration takes from the areas built before it. */
type RegistrationPorts = Pick<AuthArea, 'users'> &
  Pick<OrganizationsArea, 'organizations'> &
  Pick<DomainsArea, 'attendeeBaseUrl'> &
  Pick<EventRolesArea, 'eventRoles' | 'profileChanged'> & {
    backOffice: BackOffice;
    magicLinks: EventMagicLinks;
  };

/**
 * Registration (issue 16): registration forms (§1; an event's own form is copied with the event,
 * after the people), the registrations service with its emails and moderation, and the public
 * register calls, mounted on the studio here and on the attendee site by it.
 */
export function registrationArea(studio: Studio, ports: RegistrationPorts) {
  const { app, platform } = studio;
  const { db } = studio.database;
  const { organizations, users, magicLinks } = ports;
  const { events } = ports.backOffice;
  const registrationForms = createRegistrationForms({ db, events });
  registerRegistrationFormsRoutes(app, registrationForms, studio.publicUrl);
  ports.backOffice.eventCopySteps.provide(registrationForms.copyStep);

  const tokens = createRegistrationTokens(studio.secretKey);
  const registrantLinks = createRegistrantLinks(tokens, ports.attendeeBaseUrl);
  const registrants = createRegistrants({
    db,
    jobs: platform.jobs,
    emails: () => studio.emails.use(),
    mailFrom: platform.mailFrom,
    attendeeBaseUrl: ports.attendeeBaseUrl,
    events,
    eventRoles: ports.eventRoles,
    planOf: async (organizationId, tx) => (await organizations.featuresOf(organizationId, tx)).pricing,
    magicLinks: () => magicLinks,
    registrantLinks,
    activities: () => studio.activities.use(),
    realtime: platform.realtime,
  });
  registerRegistrants(app, registrants, platform.jobs, (organizationId, eventId, formId) =>
    registrationForms.formForRegistration(organizationId, eventId, formId),
  );
  // A registrant's profile changed by them or an organiser (the people's): told to the webhooks.
  ports.profileChanged.provide((organizationId, userId) =>
    registrants.registrations.profileUpdated(organizationId, userId),
  );
  registerRegistrantActivity(app, db, studio.publicUrl);
  // An event's seats, waitlist and approval mode; a change promotes the waitlist (registrations).
  const registrationSettings = createRegistrationSettings({
    db,
    events,
    registrations: () => registrants.registrations,
  });
  ports.backOffice.summary.parts.registrants.provide(async (eventId) => {
    const [counts, settings] = await Promise.all([
      registrants.registrantsSummary(eventId),
      registrationSettings.port.settingsOf(eventId),
    ]);
    return { ...counts, capacity: settings.registration_capacity };
  });
  registerRegistrationSettingsRoutes(app, registrationSettings, events);
  ports.backOffice.registrationSettings.provide(registrationSettings.port);

  const publicRegistration: PublicRegistrationDeps = {
    db,
    registrations: registrants.registrations,
    events,
    formOfEvent: async (organizationId, eventId) => {
      const form = await registrationForms.formOfEvent(organizationId, eventId);
      return { ...form.formio_data, id: form.formId ?? undefined };
    },
    oneClickEnabled: async (organizationId) => {
      const { featureFlags, pricing } = await organizations.featuresOf(organizationId);
      return featureFlags.isOneClickRegisterEnabled === true && pricing.oneClick;
    },
    personOf: async (userId) => {
      const user = await users.findById(userId);
      return user && { email: user.email, first_name: user.first_name, last_name: user.last_name };
    },
    tokens,
  };
  registerPublicRegistrationRoutes(app, publicRegistration);
  return {
    registrationForms,
    registrations: registrants.registrations,
    tokens,
    registrantLinks,
    /** The public register calls, on the attendee site too. */
    registerPublicRoutes: (site: FastifyInstance, admitNewRegistrant: AdmitNewRegistrant) =>
      registerPublicRegistrationRoutes(site, publicRegistration, admitNewRegistrant),
  };
}

export type RegistrationArea = ReturnType<typeof registrationArea>;
