import {
  BROADCAST_UPDATED,
  EVENT_UPDATED,
  fillBranding,
  type PageKind,
  type PageOwnerType,
} from '@studio/domain';
import { subscribeEventPushes } from '../../platform/realtime/gateway.ts';
import type { OrganizationsArea } from '../organizations/organizations.area.ts';
import type { Studio } from '../../studio-area.ts';
import type { AccessService } from '../access/access.service.ts';
import type { BackOffice } from '../back-office/back-office.ts';
import type { PublicEvent } from '../back-office/events/event-core.service.ts';
import type { ClipsService } from '../clips/clips.service.ts';
import type { CodeAreasService } from '../code-areas/code-areas.service.ts';
import { restrictDomainHosts } from '../domains/domain-hosts.ts';
import type { SessionTimes } from '../event-invitations/people-mailer.ts';
import type { EventRolesArea } from '../event-roles/event-roles.area.ts';
import type { MagicLinksService } from '../magic-links/magic-links.service.ts';
import { sendStoredFile } from '../files/files.routes.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LiveMedia } from '../live/live-media.ts';
import type { DomainsArea } from '../domains/domains.area.ts';
import { eventPageOwner, templatePageOwner, type PagesService } from '../pages/pages.ts';
import type { Programme } from '../programme/programme.ts';
import type { BrandingService } from '../branding/branding.service.ts';
import type { CheckInAccess } from '../registration/check-in/check-in-access.ts';
import { CHECK_IN_CHANNEL, type CheckInService } from '../registration/check-in/check-in.service.ts';
import type { RegistrationArea } from '../registration/registration.area.ts';
import type { AdmitNewRegistrant } from '../registration/registrants/public-registration.routes.ts';
import type { StageService } from '../stage/stage.service.ts';
import { createAttendeeSite } from './attendee-site.ts';
import { createEntranceRepository } from './entrance.repository.ts';
import type { BrandingOf, PageBrandings } from './branding/page-branding.ts';
import { createPreviewAccess } from './branding/preview-access.ts';
import { registerPreviewAccessRoutes } from './branding/preview-access.routes.ts';
import { createEventAppService } from './event-app/event-app.ts';
import type { EventAppExtension } from './event-app/event-app-extension.ts';

export type AttendeeSitePorts = Pick<DomainsArea, 'domains' | 'attendeeBaseUrl'> &
  Pick<OrganizationsArea, 'organizations'> &
  Pick<EventRolesArea, 'eventRoles'> &
  Pick<RegistrationArea, 'registrationForms' | 'registrations' | 'tokens' | 'registerPublicRoutes'> & {
    backOffice: BackOffice;
    access: AccessService;
    programme: Programme;
    stage: StageService;
    pages: PagesService;
    codeAreas: CodeAreasService;
    magicLinks: MagicLinksService;
    checkIn: { checkIn: CheckInService; access: CheckInAccess };
    files: FilesService;
    liveMedia: LiveMedia;
    sessionTimes: (eventId: string, ids: readonly string[]) => Promise<SessionTimes[]>;
    clips: Pick<ClipsService, 'sharedClip'>;
    branding: Pick<BrandingService, 'kitBranding'>;
  };

/** Whether an event's organisation's plan embeds events on other sites (002 §6 `embeddedEvents`). */
const embedAllowedOf =
  (
    ports: AttendeeSitePorts,
    publicEvent: (eventId: string) => Promise<{ organizationId: string } | undefined>,
  ) =>
  async (eventId: string) => {
    const event = await publicEvent(eventId);
    return event !== undefined && ports.organizations.planAllows(event.organizationId, 'embeddedEvents');
  };

/**
 * The attendee origin (ARCHITECTURE §1, §9): registration and built pages, the event entrance and
 * app, the check-in desk, the branding preview; closed with the studio, kept to the organisation
 * on its verified custom domains. The studio mints the branding preview's token (002 §2.1).
 */
export async function attendeeSiteArea(studio: Studio, ports: AttendeeSitePorts) {
  const { app, publicRead, config, platform } = studio;
  const { backOffice, pages, domains } = ports;
  const { events, hubPages } = backOffice;
  const studioOrigin = new URL(studio.publicUrl).origin;
  const publicEvent = publicRead((eventId: string) => events.publicEventById(eventId), String);
  // An event's branding, from the same kept read as its page's own: a page reads its event once.
  const brandingOf = async (eventId: string) => {
    const event = await publicEvent(eventId);
    return event && fillBranding(event.branding.branding, event.branding.theme_obj);
  };
  const previewAccess = previewAccessOf(studio, ports, studioOrigin);
  const entranceReads = createEntranceRepository(studio.database.db);
  const extended: { eventApp?: EventAppExtension; admitNewRegistrant?: AdmitNewRegistrant } = {};
  const attendeeSite = await createAttendeeSite({
    logLevel: config.logLevel,
    onRoute: config.onAttendeeRoute,
    trustProxy: config.trustProxy,
    webDistDir: config.webDistDir,
    registration: registrationPagesOf(studio, ports, publicEvent),
    checkInDesk: {
      ...ports.checkIn,
      eventById: (eventId) => events.publicEventById(eventId),
      subscribe: (listener) =>
        platform.pubsub.subscribe(CHECK_IN_CHANNEL, listener as (message: unknown) => void),
    },
    links: ports.magicLinks,
    admissionOf: (eventId, linkId) => entranceReads.admissionOf(eventId, linkId),
    // The same kept read as the event's pages and engagement's: a call into the event app reads its event once.
    eventById: publicEvent,
    personInEvent: ports.eventRoles.personInEvent,
    roleOf: (organizationId, roleId) => ports.access.findRole(organizationId, roleId),
    sessionsOf: ports.sessionTimes,
    clock: studio.clock,
    attendeeBaseUrl: ports.attendeeBaseUrl,
    ...pageCodeReadsOf(studio, ports),
    publicPages: {
      renderedPage: publicRead(
        (ownerType: PageOwnerType, id: string, kind: PageKind) => pages.renderedPage(ownerType, id, kind),
        (ownerType, id, kind) => `${ownerType}:${id}:${kind}`,
      ),
      embedAllowed: publicRead(embedAllowedOf(ports, publicEvent), String),
      studioOrigin,
    },
    sharedClips: { sharedClip: (clipId) => ports.clips.sharedClip(clipId), studioOrigin },
    eventApp: {
      eventApp: eventAppOf(studio, ports, brandingOf),
      subscribeStage: (listener) =>
        ports.stage.subscribe((change) => listener(change.eventId, change.source)),
      subscribeSessions: (listener) =>
        subscribeEventPushes(platform.pubsub, BROADCAST_UPDATED, (eventId) => listener(eventId)),
      subscribeEvent: (listener) =>
        subscribeEventPushes(platform.pubsub, EVENT_UPDATED, (eventId) => listener(eventId)),
      studioOrigin,
      liveMedia: ports.liveMedia,
    },
    eventAppExtended: (extension) => (extended.eventApp = extension),
    newRegistrantsAdmitted: (admit) => (extended.admitNewRegistrant = admit),
    brandingPreview: { access: previewAccess, studioOrigin, templateById: previewTemplateOf(ports) },
    branding: { brandings: pageBrandingsOf(studio, ports, brandingOf), studioOrigin },
    storedFile: (reply, path, width) =>
      sendStoredFile(reply, { files: ports.files, storage: platform.storage }, path, width),
  });
  app.addHook('onClose', () => attendeeSite.close());
  restrictDomainHosts(attendeeSite, {
    organizationOfHost: publicRead((hostname: string) => domains.organizationOfHost(hostname), String),
    organizationOfEvent: async (eventId) => (await events.programmeEventById(eventId))?.organizationId,
    organizationOfSeries: organizationOfSeriesIn(events),
    organizationOfHubPage: (hubPageId) => hubPages.organizationOfPage(hubPageId),
  });
  const { eventApp, admitNewRegistrant } = extended;
  if (!eventApp || !admitNewRegistrant)
    throw new Error('The attendee site was built without its event app or its registrant admission.');
  ports.registerPublicRoutes(attendeeSite, admitNewRegistrant);
  return { attendeeSite, eventApp, publicEvent };
}

export type AttendeeSiteArea = Awaited<ReturnType<typeof attendeeSiteArea>>;

/** The organisers' custom code of an event's, a series' and a hub's pages, kept like the pages. */
function pageCodeReadsOf({ publicRead }: Studio, { codeAreas, backOffice }: AttendeeSitePorts) {
  return {
    pageCodeOf: publicRead((eventId: string) => codeAreas.pageCodeOf({ kind: 'event', id: eventId }), String),
    seriesPageCodeOf: publicRead(
      (seriesId: string) => codeAreas.pageCodeOf({ kind: 'series', id: seriesId }),
      String,
    ),
    hubPageCodeOf: publicRead(async (hubPageId: string) => {
      const organizationId = await backOffice.hubPages.organizationOfPage(hubPageId);
      return organizationId === undefined ? undefined : codeAreas.hubPageCodeOf(organizationId);
    }, String),
  };
}

/** The organisation a public series belongs to, undefined for none. */
const organizationOfSeriesIn = (events: BackOffice['events']) => async (seriesId: string) =>
  (await events.publicSeries(seriesId))?.organization_id;

/**
 * The brandings the attendee origin's pages wear (page-branding.ts): an event's its own, a hub
 * page's and a series' their organisation's brand kit, kept as the pages' reads are.
 */
function pageBrandingsOf(studio: Studio, ports: AttendeeSitePorts, event: BrandingOf): PageBrandings {
  const kitOf = (organizationOf: (id: string) => Promise<string | undefined>) =>
    studio.publicRead(async (id: string) => {
      const organizationId = await organizationOf(id);
      return organizationId === undefined ? undefined : ports.branding.kitBranding(organizationId);
    }, String);
  return {
    event,
    hubPage: kitOf(ports.backOffice.hubPages.organizationOfPage),
    series: kitOf(organizationOfSeriesIn(ports.backOffice.events)),
  };
}

/** The branding preview's access: the studio mints a token for an event or template it may read (002 §2.1). */
function previewAccessOf(studio: Studio, ports: AttendeeSitePorts, studioOrigin: string) {
  const { events, templates } = ports.backOffice;
  const previewAccess = createPreviewAccess(studio.secretKey);
  registerPreviewAccessRoutes(studio.app, {
    access: previewAccess,
    studioOrigin,
    attendeeBaseUrl: ports.attendeeBaseUrl,
    visibleEvent: async (caller, eventId) =>
      (await events.programmeEventOf(caller, eventId, 'event:read')).event,
    visibleTemplate: async (caller, templateId) => {
      const template = await templates.get(caller, templateId);
      return { id: template.id, organizationId: template.organization };
    },
  });
  return previewAccess;
}

/** The registration pages: the event, its form and its built page, read once for every visitor at once. */
function registrationPagesOf(
  studio: Studio,
  ports: AttendeeSitePorts,
  publicEvent: (eventId: string) => Promise<PublicEvent | undefined>,
) {
  const { publicRead } = studio;
  const { registrationForms, registrations, pages } = ports;
  return {
    publicEvent,
    publicSeries: (seriesId: string) => ports.backOffice.events.publicSeries(seriesId),
    formOf: publicRead(
      async (event: Pick<PublicEvent, 'id' | 'organizationId' | 'registrationForm'>) =>
        (await registrationForms.formOfLink(event.organizationId, event.registrationForm)).formio_data,
      (event) => event.id,
    ),
    cancelRegistration: async (organizationId: string, registrationId: string) => {
      await registrations.changeStatus(organizationId, registrationId, 'CANCELED');
    },
    tokens: ports.tokens,
    builtPage: publicRead(
      (event: PublicEvent, kind: PageKind) =>
        pages.renderedPage('event', event.id, kind, eventPageOwner(event)),
      (event, kind) => `${event.id}:${kind}`,
    ),
    builtSeriesPage: publicRead(
      (seriesId: string) => pages.renderedPage('series', seriesId, 'registration'),
      (seriesId) => seriesId,
    ),
    clock: studio.clock,
  };
}

/** The event app (issue 17 §3): read and written through the owners' services. */
function eventAppOf(
  studio: Studio,
  ports: AttendeeSitePorts,
  brandingOf: Parameters<typeof createEventAppService>[0]['brandingOf'],
) {
  const { programme, eventRoles, stage } = ports;
  return createEventAppService({
    db: studio.database.db,
    sessionsOf: (eventId) => programme.agenda.attendeeSessionsOf(eventId),
    sessionSpeakers: (ids) => eventRoles.speakersOfBroadcasts(ids),
    speakersOf: (eventId) => eventRoles.visibleSpeakersOf(eventId),
    peopleOf: (eventId, page) => eventRoles.attendeeDirectoryOf(eventId, page),
    boothsOf: (eventId) => programme.booths.ofEvent(eventId),
    roomsOf: (eventId) => programme.rooms.ofEvent(eventId),
    stageOf: (eventId, track) => stage.trackStageOf(eventId, track),
    onDemandOf: (eventId) => stage.onDemandOf(eventId),
    profileOf: (eventId, userId) => eventRoles.profileInEvent(eventId, userId),
    saveProfile: (eventId, userId, profile) => eventRoles.saveProfileInEvent(eventId, userId, profile),
    brandingOf,
    clock: studio.clock,
  });
}

/** A template's branding preview: its landing page as built. */
function previewTemplateOf(ports: AttendeeSitePorts) {
  return async (templateId: string) => {
    const found = await ports.backOffice.templates.previewTemplate(templateId);
    if (!found) return undefined;
    const { template, programmeEvent } = found;
    return {
      id: template.id,
      title: template.title,
      eventType: template.settings.event_type,
      programmeEvent,
      landingPage: () =>
        ports.pages.renderedPage('template', template.id, 'landing', templatePageOwner(template)),
    };
  };
}
