import { reportsAvailable } from '@studio/domain';
import type { Studio } from '../../studio-area.ts';
import type { AttendeeSiteArea } from '../attendee-site/attendee-site.area.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { EngagementArea } from '../engagement/engagement.area.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { Programme } from '../programme/programme.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import { analyticsReadModel } from './analytics.read-model.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { registerAnalyticsAttendeeRoutes, registerAnalyticsStudioRoutes } from './analytics.routes.ts';
import { createAnalyticsService, type EmailFigures } from './analytics.service.ts';
import { createReportsRepository } from './reports.repository.ts';
import { registerReportsRoutes } from './reports.routes.ts';
import { createReportsService } from './reports.service.ts';

export type AnalyticsAreaPorts = Pick<AttendeeSiteArea, 'eventApp' | 'attendeeSite'> &
  Pick<RegistrationArea, 'registrations'> &
  EngagementArea &
  Pick<OrganizationsArea, 'organizations'> & {
    backOffice: BackOffice;
    programme: Programme;
    /** The email module's delivery log counts of an event. */
    emailsOf: (organizationId: string, eventId: string) => Promise<EmailFigures>;
  };

/**
 * Analytics (issue 35): attendance tracked on the attendee origin (beacons, appended only),
 * engagement's participation, and the studio's analytics pages over them.
 */
/**
 * Whether a person was ever present in the event's app, for areas built before analytics (the
 * check-in desk's undo): its read model, which they cannot import (analytics reads registration).
 */
export const presentInApp: typeof analyticsReadModel.presentInApp = (eventId, userId) =>
  analyticsReadModel.presentInApp(eventId, userId);

export function analyticsArea(studio: Studio, ports: AnalyticsAreaPorts) {
  const { events } = ports.backOffice;
  const { programme, engagement } = ports;
  const analytics = createAnalyticsService({
    analytics: createAnalyticsRepository(studio.database.db),
    sessionsOf: (eventId) => programme.agenda.attendeeSessionsOf(eventId),
    boothsOf: (eventId) => programme.booths.ofEvent(eventId),
    roomsOf: (eventId) => programme.rooms.allOfEvent(eventId),
    emailsOf: (organizationId, eventId) => ports.emailsOf(organizationId, eventId),
    viewersNow: (eventId) => engagement.presenceOf(eventId),
    attendedInApp: (organizationId, eventId, userId) =>
      ports.registrations.attendedInApp(organizationId, eventId, userId),
    activities: () => studio.activities.use(),
    clock: studio.clock,
  });
  engagement.onParticipation((act) =>
    analytics.participated(
      { id: act.eventId, organizationId: act.organizationId },
      act.userId,
      act.kind,
      act.sessionId,
    ),
  );
  const deps = {
    analytics,
    visibleEvent: async (caller: Parameters<typeof events.programmeEventOf>[0], eventId: string) =>
      (await events.programmeEventOf(caller, eventId, 'event:read')).event,
    publicEvent: (eventId: string) => events.programmeEventById(eventId),
  };
  registerAnalyticsStudioRoutes(studio.app, deps);
  const { organizations } = ports;
  const reports = createReportsService({
    reports: createReportsRepository(studio.database.db),
    clock: studio.clock,
    async eventsOf(caller, filter, page) {
      const { count, results } = await events.list(
        caller,
        {
          min: true,
          ordering: 'start_time',
          title: filter.title,
          series: filter.seriesId ? [filter.seriesId] : undefined,
          start_time_gte: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
          start_time_lte: filter.to ? new Date(`${filter.to}T23:59:59.999Z`) : undefined,
        },
        () => page,
      );
      return { count, events: results };
    },
    visibleSeries: async (caller, seriesId) => {
      await ports.backOffice.series.get(caller, seriesId, { min: true });
    },
    updatableEvent: async (caller, eventId) => {
      await events.programmeEventOf(caller, eventId, 'event:update');
    },
    async available(organizationId) {
      const { plan, featureFlags } = await organizations.featuresOf(organizationId);
      return reportsAvailable(plan, featureFlags);
    },
    planOf: (organizationId) => organizations.planOf(organizationId),
  });
  registerReportsRoutes(studio.app, reports, studio.publicUrl);
  registerAnalyticsAttendeeRoutes(ports.eventApp, ports.attendeeSite, deps);
  return { analytics, reports };
}
