import { serveStudio } from './platform/http/spa.ts';
import { createStudio, type Studio, type StudioConfig } from './studio-area.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import type { HttpServer } from './platform/http/server.ts';
import { allActivities } from './platform/activities.ts';
import { accessArea } from './modules/access/access.area.ts';
import { analyticsArea, presentInApp } from './modules/analytics/analytics.area.ts';
import { apiTokensArea } from './modules/api-tokens/api-tokens.area.ts';
import type { AttendeeSite } from './modules/attendee-site/attendee-site.ts';
import type { OperatorFlags } from './modules/organizations/operator-flags.ts';
import { attendeeSiteArea } from './modules/attendee-site/attendee-site.area.ts';
import { clipsArea } from './modules/clips/clips.area.ts';
import { authArea } from './modules/auth/auth.area.ts';
import { backOfficeArea } from './modules/back-office/back-office.area.ts';
import { brandingArea, brandKitArea } from './modules/branding/branding.area.ts';
import { codeAreasArea } from './modules/code-areas/code-areas.area.ts';
import { eventInvitationsArea } from './modules/event-invitations/event-invitations.area.ts';
import { domainsArea } from './modules/domains/domains.area.ts';
import { emailArea } from './modules/email/email.area.ts';
import { engagementArea } from './modules/engagement/engagement.area.ts';
import { eventRolesArea } from './modules/event-roles/event-roles.area.ts';
import { filesArea } from './modules/files/files.area.ts';
import { fillerSlidesArea } from './modules/filler-slides/filler-slides.area.ts';
import { registerHomeArea } from './modules/home/home.routes.ts';
import { integrationsArea } from './modules/integrations/integrations.area.ts';
import { liveArea } from './modules/live/live.area.ts';
import { magicLinksArea } from './modules/magic-links/magic-links.area.ts';
import { organizationsArea } from './modules/organizations/organizations.area.ts';
import { pagesArea } from './modules/pages/pages.area.ts';
import { postsArea } from './modules/posts/posts.area.ts';
import { createSessionTimes } from './modules/programme/agenda/session-times.ts';
import { programmeArea, programmeEventAppArea } from './modules/programme/programme.area.ts';
import { publicLinksArea } from './modules/public-links/public-links.area.ts';
import { readinessArea } from './modules/readiness/readiness.area.ts';
import { checkInArea } from './modules/registration/check-in/check-in.area.ts';
import { membersArea } from './modules/registration/members/members.area.ts';
import { registrationArea } from './modules/registration/registration.area.ts';
import { slackArea } from './modules/slack/slack.area.ts';
import { stageArea } from './modules/stage/stage.area.ts';
import { studioUsageArea } from './modules/studio-usage/studio-usage.area.ts';
import { videoLibraryArea } from './modules/video-library/video-library.area.ts';
import { webhooksArea } from './modules/webhooks/webhooks.area.ts';

export type { StudioConfig, StudioRtmpConfig } from './studio-area.ts';

/** The studio (organisers, `PUBLIC_URL`) and the attendee site (`EVENTS_PUBLIC_URL`), two origins. */
export interface StudioServers {
  studio: HttpServer;
  /** Closed with the studio (its onClose); listened on by main.ts in the roles api and all. */
  attendeeSite: AttendeeSite;
  /** The operator's switches (`npm run admin -- flags`) through this process: its nodes forget their copies. */
  operatorFlags: OperatorFlags;
}

/** The studio alone (the attendee site is built beside it and closes with it). */
export async function buildStudio(
  config: StudioConfig,
  database: DatabaseHandle,
  secretKey: string,
): Promise<HttpServer> {
  return (await buildStudioServers(config, database, secretKey)).studio;
}

/**
 * The composition root, the same for `npm start` and for tests: the platform is built once, then
 * each area (`modules/<area>/<area>.area.ts`) in the order of what it uses, given only the ports
 * it needs. Adding an area: one line here, after the areas it uses.
 */
export async function buildStudioServers(
  config: StudioConfig,
  database: DatabaseHandle,
  secretKey: string,
): Promise<StudioServers> {
  const studio = await createStudio(config, database, secretKey);
  const office = await eventOfficeAreas(studio);
  const attendees = await attendeeAreas(studio, office);
  aroundTheEventAreas(studio, { ...office, ...attendees });
  await serveStudio(studio.app, config.webDistDir);
  return { studio: studio.app, attendeeSite: attendees.attendeeSite, operatorFlags: office.operatorFlags };
}

/** Identity (people, sign-in, organisations, roles, workspaces, API tokens), media, the events back office and what hangs off an event. */
async function eventOfficeAreas(studio: Studio) {
  const identity = authArea(studio);
  const domains = domainsArea(studio);
  const org = { ...domains, ...organizationsArea(studio, { ...identity, ...domains }) };
  apiTokensArea(studio, { ...identity, ...org });
  const { access, eventAppRoles, roleHolders } = accessArea(studio, { ...identity, ...org });
  const media = await videoLibraryArea(studio);
  const { clips, contentLab } = clipsArea(studio, { ...media, ...org });
  const branding = brandingArea(studio);
  const backOffice = backOfficeArea(studio, { ...org, ...media, branding });
  brandKitArea(studio, { branding, backOffice });
  const files = await filesArea(studio, { backOffice });
  const fillerSlides = fillerSlidesArea(studio, { ...org, ...media, files, backOffice });
  const { live, liveMedia } = await liveArea(studio, { ...media, backOffice, fillerSlides });
  const people = eventRolesArea(studio, {
    ...identity,
    ...org,
    access,
    eventAppRoles,
    roleHolders,
    backOffice,
  });
  const magicLinks = magicLinksArea(studio, { ...identity, ...org, ...people, backOffice });
  const sessionTimes = createSessionTimes(studio.database.db);
  const invitations = eventInvitationsArea(studio, { ...people, backOffice, magicLinks, sessionTimes });
  const programme = programmeArea(studio, {
    ...identity,
    ...media,
    ...people,
    backOffice,
    invitations: invitations.service,
    live,
  });
  people.copiedAfterTheProgramme();
  const stage = stageArea(studio, { ...media, backOffice, programme, fillerSlides, live });
  registerHomeArea(studio.app, {
    events: backOffice.events,
    videos: media.library,
    members: org.organizationUsers,
    workspaces: org.workspaces,
    organizations: org.organizations,
  });
  return {
    ...identity,
    ...org,
    ...media,
    ...people,
    access,
    backOffice,
    branding,
    files,
    fillerSlides,
    live,
    liveMedia,
    magicLinks,
    sessionTimes,
    programme,
    stage,
    clips,
    contentLab,
  };
}

/** Registration (issue 16), then what is shown on the attendee origin and engagement on its stage. */
async function attendeeAreas(studio: Studio, office: Awaited<ReturnType<typeof eventOfficeAreas>>) {
  const { backOffice, magicLinks } = office;
  const registration = registrationArea(studio, office);
  const { members } = await membersArea(studio, { ...office, ...registration });
  const checkIn = checkInArea(studio, {
    ...office,
    ...registration,
    presentInApp,
  });
  const pages = pagesArea(studio, office);
  publicLinksArea(studio, { ...office, backOffice });
  const codeAreas = codeAreasArea(studio, office);
  const { attendeeSite, eventApp, publicEvent } = await attendeeSiteArea(studio, {
    ...office,
    ...registration,
    pages,
    codeAreas,
    magicLinks,
    checkIn,
  });
  const engagement = engagementArea(studio, { ...office, eventApp, publicEvent });
  programmeEventAppArea(office.programme, { ...office, eventApp });
  return { ...registration, ...engagement, members, attendeeSite, eventApp, pages };
}

/** What an organiser does around an event: email, analytics, integrations, readiness, posts; the studio's own usage. */
function aroundTheEventAreas(
  studio: Studio,
  ports: Awaited<ReturnType<typeof eventOfficeAreas>> & Awaited<ReturnType<typeof attendeeAreas>>,
) {
  const email = emailArea(studio, { ...ports, members: ports.members.members });
  analyticsArea(studio, { ...ports, emailsOf: email.schedules.deliveryFiguresOf });
  const webhooks = webhooksArea(studio, ports);
  const crm = integrationsArea(studio, { ...ports, templateWebhooks: webhooks.templateWebhooks });
  const slack = slackArea(studio, { ...ports, salesforceOwners: crm.salesforceOwners });
  studio.activities.provide(allActivities(webhooks.activities, slack.activities, crm.activities));
  readinessArea(studio, { ...ports, email });
  postsArea(studio, ports);
  studioUsageArea(studio);
}
