import type { Config, MediaConfig, RtmpConfig } from './config.ts';
import type { DatabaseHandle } from './platform/db/database.ts';
import type { Authenticator, SessionClaimsReader } from './platform/http/caller.ts';
import { createHttpServer, type HttpServer } from './platform/http/server.ts';
import { sanitizePageHtml } from './platform/http/rich-text.ts';
import { serveStudio } from './platform/http/spa.ts';
import { moduleLink, moduleLinks } from './platform/module-links.ts';
import { createPlatform, type PlatformConfig, type VisibleWorkspaces } from './platform/platform.ts';
import { subscribeEventPushes } from './platform/realtime/gateway.ts';
import {
  BROADCAST_UPDATED,
  fillBranding,
  SEAT_HOLDING_STATUSES,
  type PageKind,
  type PageOwnerType,
} from '@studio/domain';
import { createAccessRepository } from './modules/access/access.repository.ts';
import { registerAccessRoutes } from './modules/access/access.routes.ts';
import { createAccessService } from './modules/access/access.service.ts';
import { createApiTokensRepository } from './modules/api-tokens/api-tokens.repository.ts';
import { registerApiTokensRoutes } from './modules/api-tokens/api-tokens.routes.ts';
import { createApiTokensService, isApiTokenSecret } from './modules/api-tokens/api-tokens.service.ts';
import { createAccessTokens } from './modules/auth/access-tokens.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSignIn, type SignInConfig } from './modules/auth/sign-in-area.ts';
import { createSso } from './modules/sso/sso.ts';
import { registerSsoRoutes } from './modules/sso/sso.routes.ts';
import {
  createBackOffice,
  registerBackOffice,
  registerBackOfficeJobs,
} from './modules/back-office/back-office.ts';
import type { EventMagicLinks, EventPeopleDirectory } from './modules/event-roles/event-people.ts';
import {
  createEventInvitations,
  registerEventInvitations,
  registerEventInvitationsJobs,
} from './modules/event-invitations/event-invitations.ts';
import type { PeopleInvitations } from './modules/event-roles/event-people.ts';
import { registerEventRolesRoutes } from './modules/event-roles/event-roles.routes.ts';
import { createEventRolesService, type SessionsChanged } from './modules/event-roles/event-roles.service.ts';
import {
  createCodeAreas,
  registerCodeAreasRoutes,
  registerJavascriptEmbedsRoutes,
} from './modules/code-areas/code-areas.ts';
import { createTxtLookup } from './modules/domains/dns-lookup.ts';
import { restrictDomainHosts } from './modules/domains/domain-hosts.ts';
import { createDomainsRepository } from './modules/domains/domains.repository.ts';
import { registerDomainsRoutes } from './modules/domains/domains.routes.ts';
import { createDomainsService } from './modules/domains/domains.service.ts';
import { registerFiles } from './modules/files/files.ts';
import { sendStoredFile } from './modules/files/files.routes.ts';
import type { OwnsEvent } from './modules/files/files.service.ts';
import { registerFillerSlides } from './modules/filler-slides/filler-slides.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { registerHomeArea } from './modules/home/home.routes.ts';
import { createOrganizationsRepository } from './modules/organizations/organizations.repository.ts';
import { registerOrganizationsRoutes } from './modules/organizations/organizations.routes.ts';
import { createOrganizationsService } from './modules/organizations/organizations.service.ts';
import type { SessionSpeakers, SessionsMoved } from './modules/programme/agenda/agenda-access.ts';
import { createProgramme, registerProgramme } from './modules/programme/programme.ts';
import { createSessionTimes } from './modules/programme/agenda/session-times.ts';
import { sharedReads } from './platform/single-flight.ts';
import { attendeeBaseUrlFor, attendeeSiteUrl } from './modules/attendee-site/attendee-origin.ts';
import { createAttendeeSite, type AttendeeSite } from './modules/attendee-site/attendee-site.ts';
import { createPreviewAccess } from './modules/attendee-site/branding/preview-access.ts';
import { registerPreviewAccessRoutes } from './modules/attendee-site/branding/preview-access.routes.ts';
import { createEventAppService, eventAppMediaOrigins } from './modules/attendee-site/event-app/event-app.ts';
import { createMembers, registerMembers } from './modules/registration/members/members.ts';
import type { Registrations } from './modules/registration/registrations.ts';
import {
  createSeriesRegistrants,
  registerSeriesRegistrantsRoutes,
} from './modules/registration/series/series-registrants.ts';
import { registerMagicLinksRoutes } from './modules/magic-links/magic-links.routes.ts';
import { registerPublicRegistrationRoutes } from './modules/registration/registrants/public-registration.routes.ts';
import { createRegistrants, registerRegistrants } from './modules/registration/registrants/registrants.ts';
import { createMagicLinksService } from './modules/magic-links/magic-links.service.ts';
import {
  createRegistrationForms,
  registerRegistrationFormsRoutes,
} from './modules/registration/forms/forms.ts';
import { createPageContent } from './modules/pages/page-content.ts';
import type { PublicEvent } from './modules/back-office/events/events.service.ts';
import {
  createPages,
  eventPageOwner,
  registerPagesRoutes,
  templatePageOwner,
} from './modules/pages/pages.ts';
import { createStage, registerStage } from './modules/stage/stage.ts';
import {
  createLive,
  registerLive,
  registerLiveJobs,
  stageLiveUrl,
  startLiveIngest,
} from './modules/live/live.ts';
import { createRtmpSessions } from './modules/programme/agenda/rtmp-sessions.ts';
import { registerUploads } from './modules/uploads/uploads.module.ts';
import { registerOrganizationUsers, type OrgProfiles } from './modules/users/organization-users.routes.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import type { VideoUsageProvider } from './modules/video-library/usage.ts';
import { mediaDefaults, registerVideoLibrary } from './modules/video-library/video-library.module.ts';
import type { EventIdsMatching } from './modules/video-library/video-library.service.ts';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createCheckInAccess } from './modules/registration/check-in/check-in-access.ts';
import { registerCheckInRoutes } from './modules/registration/check-in/check-in.routes.ts';
import { registerPublicLinksRoutes } from './modules/public-links/public-links.routes.ts';
import { CHECK_IN_CHANNEL, createCheckInService } from './modules/registration/check-in/check-in.service.ts';
import { createRegistrationTokens } from './modules/registration/registration-tokens.ts';
import { registrationReadModel } from './modules/registration/registration.read-model.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';
import { createBranding, registerBrandingRoutes } from './modules/branding/branding.ts';
import type { EmailComposer } from './modules/email/email-composer.ts';
import { createEmailArea } from './modules/email/email.area.ts';
import type { MailMessage } from './platform/mail/mail.ts';
import type { EmailSuppressions } from './modules/email/unsubscribe.ts';

/** RTMP ingest settings; without them (tests) no listener starts and stream URLs name port 1935. */
export type StudioRtmpConfig = RtmpConfig & { host?: string };

export type StudioConfig = Pick<
  Config,
  'accessTokenTtlSeconds' | 'refreshTokenTtlDays' | 'logLevel' | 'trustProxy' | 'webDistDir'
> &
  // Answers checked against their schemas (tests); `npm start` sends them as built.
  Partial<Pick<Config, 'checkAnswers'>> &
  // Absolute next/previous links of pages; defaults to the configuration's own default.
  Partial<Pick<Config, 'publicUrl' | 'eventsPublicUrl' | 'eventsPort' | 'files' | 'dnsServers'>> &
  // Storage, mail, jobs (run when the role is worker or all), websocket.
  PlatformConfig &
  SignInConfig & {
    media?: Partial<MediaConfig>;
    /** Now, as the stage decides what plays (tests pass a fake clock); default the system's. */
    clock?: () => Date;
    rtmp?: StudioRtmpConfig;
    /** Tests cut live streams into shorter segments than encoders are advised (2 s). */
    liveSegmentSeconds?: number;
  };

/** The studio (organisers, `PUBLIC_URL`) and the attendee site (`EVENTS_PUBLIC_URL`), two origins. */
export interface StudioServers {
  studio: HttpServer;
  /** Closed with the studio (its onClose); listened on by main.ts in the roles api and all. */
  attendeeSite: AttendeeSite;
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
 * The composition root, the same for `npm start` and for tests: the platform is built once here
 * and each module gets only the services it needs. Modules that need each other meet through
 * module links (platform/module-links.ts), provided below. Adding a module: build it, register it.
 */
export async function buildStudioServers(
  config: StudioConfig,
  database: DatabaseHandle,
  secretKey: string,
): Promise<StudioServers> {
  const { db } = database;
  const publicUrl = config.publicUrl ?? 'http://localhost:8080';
  const links = {
    authenticate: moduleLink<Authenticator>('auth and API tokens → HTTP server: authenticate'),
    sessionClaims: moduleLink<SessionClaimsReader>('auth → HTTP server: access token claims'),
    visibleWorkspaces: moduleLink<VisibleWorkspaces>('video library → gateway: visible workspaces'),
    eventsMatching: moduleLink<EventIdsMatching>('back office → video library: events matching'),
    videoUsage: moduleLinks<VideoUsageProvider>('areas → video library: where a video is used'),
    eventAppRoleOf: moduleLink<
      (organizationId: string, eventId: string, userId: string) => Promise<string | null>
    >("people → access: a person's event_app role in an event"),
    orgProfiles: moduleLink<OrgProfiles>("people → users: the organisation's profile of an event's person"),
    sessionSpeakers: moduleLink<SessionSpeakers>("people → programme: the sessions' speakers"),
    eventPeople: moduleLink<EventPeopleDirectory>('event roles → invitations: the people of an event'),
    magicLinks: moduleLink<EventMagicLinks>('magic links → invitations: a person’s magic link'),
    sessionsMoved: moduleLink<SessionsMoved>('invitations → agenda: sessions moved'),
    invitations: moduleLink<PeopleInvitations>('invitations → people: invitations'),
    speakersChanged: moduleLinks<SessionsChanged>('agenda pushes → people: speakers of sessions changed'),
    ownsEvent: moduleLink<OwnsEvent>("back office → files: an event of the caller's organisation"),
    verifiedDomainOrigin: moduleLink<(origin: string) => Promise<boolean>>(
      'domains → HTTP server: media readable by verified custom domains',
    ),
    suppressions: moduleLink<EmailSuppressions>('suppression list → email: unsubscribe'),
    emails: moduleLink<EmailComposer>('email → senders: templates rendered and sent'),
    registrations: moduleLink<Registrations>(
      'registrations → registrants, series and the attendee site: register, status, seats freed',
    ),
  };

  // Every mail leaves through the email module (issue 33): it renders templates and owns sending.
  const emailSender = { send: (message: MailMessage) => links.emails.use().send(message) };
  const authenticate: Authenticator = (token) => links.authenticate.use()(token);
  const sessionClaims: SessionClaimsReader = (token) => links.sessionClaims.use()(token);
  const app = await createHttpServer({
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    authenticate,
    sessionClaims,
    checkAnswers: config.checkAnswers,
    // The attendee origin plays the stage's media in every configuration (its default too).
    mediaOrigins: eventAppMediaOrigins(config, publicUrl),
    // Attendee pages served on an organisation's verified custom domain play the same media.
    isMediaOrigin: (origin) => links.verifiedDomainOrigin.use()(origin),
  });
  const platform = await createPlatform(app, {
    database,
    config,
    authenticate,
    visibleWorkspaces: links.visibleWorkspaces,
  });
  registerHealthRoutes(app, database);

  // Identity: people, sessions, sign-in, organisations, roles, workspaces, API tokens.
  const workspaces = createWorkspacesService(db);
  const users = createUsersService(db);
  const auth = createAuthService({
    db,
    sessions: createAuthRepository(db),
    users,
    accessTokens: createAccessTokens(secretKey, config.accessTokenTtlSeconds),
    refreshTokenTtlDays: config.refreshTokenTtlDays,
  });
  const { settings: ssoSettings, sso } = createSso({ db, secretKey, publicUrl, users, auth });
  const signIn = createSignIn({
    db,
    config,
    publicUrl,
    secretKey,
    users,
    auth,
    mail: emailSender,
    log: () => app.log,
    onlySsoFor: (organizationId, email) => ssoSettings.onlySsoFor(organizationId, email),
  });
  // onClose hooks run last-registered first: the mail still being sent settles before the platform closes.
  app.addHook('onClose', () => signIn.settle());
  // Custom registration domains (issue 17 §6): verified by DNS, the attendee links' origin.
  const domains = createDomainsService({
    domains: createDomainsRepository(db),
    planOf: (id) => organizations.planOf(id),
    lookupTxt: createTxtLookup(config.dnsServers),
    attendeeHost: new URL(attendeeSiteUrl(config)).hostname,
  });
  const organizations = createOrganizationsService({
    db,
    organizations: createOrganizationsRepository(db),
    users,
    registrationDomainsOf: domains.settingsOf,
  });
  registerDomainsRoutes(app, domains, publicUrl);
  links.verifiedDomainOrigin.provide(domains.isVerifiedOrigin);
  const apiTokens = createApiTokensService({
    apiTokens: createApiTokensRepository(db),
    planOf: (id) => organizations.planOf(id),
  });
  links.authenticate.provide((token) =>
    isApiTokenSecret(token) ? apiTokens.authenticate(token) : auth.authenticate(token),
  );
  links.sessionClaims.provide((token) =>
    isApiTokenSecret(token) ? Promise.resolve(null) : auth.sessionClaims(token),
  );
  registerAuthRoutes(app, { auth, flows: signIn.flows, limits: signIn.limits });
  registerUsersRoutes(app, users, signIn.limits);
  const organizationUsers = registerOrganizationUsers(app, {
    db,
    publicUrl,
    workspaces: workspaces.memberships,
    invite: (invited, options) => signIn.flows.createInvitedUser(invited, options),
    endSessions: (userId, tx) => auth.endSessions(userId, tx),
    people: { updateOrgProfile: (...args) => links.orgProfiles.use().updateOrgProfile(...args) },
  });
  registerSsoRoutes(app, { sso, settings: ssoSettings, limits: signIn.limits });
  registerOrganizationsRoutes(app, organizations);
  const access = createAccessService({
    access: createAccessRepository(db),
    users,
    eventAppRoleOf: (...args) => links.eventAppRoleOf.use()(...args),
    customRoleFlagsOf: async (member, tx) => {
      const { featureFlags } = await organizations.scopeFactsOf(member, tx);
      return {
        isCustomRolesEnabled: featureFlags.isCustomRolesEnabled === true,
        isCustomSpeakerRolesEnabled: featureFlags.isCustomSpeakerRolesEnabled === true,
      };
    },
  });
  registerAccessRoutes(app, access, publicUrl);
  registerWorkspacesRoutes(app, workspaces, publicUrl);
  registerApiTokensRoutes(app, apiTokens, publicUrl);

  // Uploads and the video library.
  const media = mediaDefaults(config.media);
  const uploads = await registerUploads(app, {
    db,
    storage: platform.storage,
    settings: {
      dataDir: platform.dataDir,
      s3: config.s3,
      publicUrl,
      videoMaxBytes: media.videoUploadMaxBytes,
      expirationHours: media.uploadExpirationHours,
    },
  });
  const library = await registerVideoLibrary(app, {
    db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    uploads,
    dataDir: platform.dataDir,
    publicUrl,
    secretKey,
    media,
    eventsMatching: links.eventsMatching,
    usage: links.videoUsage,
    visibleWorkspaces: links.visibleWorkspaces,
  });

  // Images, fonts and other files that are not library videos, through signed upload URLs.
  const files = await registerFiles(app, {
    storage: platform.storage,
    secretKey,
    publicUrl,
    config: config.files,
    ownsEvent: (organizationId, eventId) => links.ownsEvent.use()(organizationId, eventId),
  });

  // Branding's rules (locks on the clock) and the brand kits (issue 18); events keep their branding.
  const branding = createBranding(db, config.clock);
  // Events, series, repeating events, templates, hub pages, tags, event workflows (issue 4).
  const backOffice = createBackOffice({
    db,
    jobs: platform.jobs,
    mailer: emailSender,
    mailFrom: platform.mailFrom,
    scopeFactsOf: async (caller) => {
      const facts = await organizations.scopeFactsOf(caller);
      return {
        settings: {
          isWorkspaceEnabled: facts.isWorkspaceEnabled,
          notUseRegistrantCounts: facts.featureFlags.notUseRegistrantCounts,
          pricing: facts.pricing,
        },
        teamIds: facts.teamIds,
      };
    },
    findWorkspace: (caller, id) => workspaces.get(caller, id),
    videos: library,
    branding,
  });
  registerBackOffice(app, backOffice, publicUrl);
  registerBackOfficeJobs(platform.jobs, backOffice);
  links.eventsMatching.provide((organizationId, filter) =>
    backOffice.events.eventIdsMatching(organizationId, filter),
  );
  links.videoUsage.provide(backOffice.videoUsage);
  links.ownsEvent.provide(
    async (organizationId, eventId) =>
      (await backOffice.events.programmeEventsByIds(organizationId, [eventId])).length > 0,
  );
  registerBrandingRoutes(app, branding, {
    visible: async (caller, id) => ((await backOffice.events.isVisible(caller, id)) ? id : undefined),
    applyBrandKit: (caller, id) => backOffice.events.applyBrandKit(caller, id),
  });

  // Filler slides (issue 18 §6): still images made into videos, shown by events and templates.
  const fillerSlides = registerFillerSlides(app, {
    db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    publicUrl,
    dataDir: platform.dataDir,
    files,
    visibleWorkspaces: (caller) => library.visibleWorkspaces(caller),
    workspaceExists: (caller, id) =>
      workspaces.get(caller, id).then(
        () => true,
        () => false,
      ),
    users: backOffice.fillerSlideUsers,
  });
  backOffice.fillerSlides.provide(fillerSlides);

  // People of an event (issue 15): speakers, staff, check-in staff, sponsors; the programme's
  // sessions are asked lazily (the programme takes the event roles in turn).
  const eventRoles = createEventRolesService({
    db,
    events: backOffice.events,
    users,
    access,
    sessionIdsOf: (eventId, ids, tx) => programme.agenda.sessionIdsOf(eventId, ids, tx),
    invitations: () => links.invitations.use(),
    onSessionsChanged: async (organizationId, eventId, broadcastIds) => {
      for (const listener of links.speakersChanged.all())
        await listener(organizationId, eventId, broadcastIds);
    },
    refusesEntry: (eventRoleId) => registrationReadModel.refusesEntry(eventRoleId),
  });

  // The programme: sessions, tracks and the agenda; rooms, booths, surveys (issue 14).
  const programme = createProgramme({
    db,
    events: backOffice.events,
    eventRoles,
    videos: library,
    jobs: platform.jobs,
    clock: config.clock ?? (() => new Date()),
    realtime: platform.realtime,
    publicUrl,
    inviteGuest: (guest, landingPath, tx) => signIn.flows.inviteEventGuest(guest, landingPath, tx),
    speakersOf: (ids, tx) => links.sessionSpeakers.use()(ids, tx),
    sessionsMoved: (organizationId, eventId, broadcastIds) =>
      links.sessionsMoved.use()(organizationId, eventId, broadcastIds),
    rtmpInputInEvent: async (eventId, inputId, tx) =>
      Boolean(await live.service.inputOfEvent(eventId, inputId, tx)),
  });
  links.sessionSpeakers.provide(eventRoles.speakersOfBroadcasts);
  links.orgProfiles.provide(eventRoles);
  links.eventAppRoleOf.provide(eventRoles.eventAppRoleOf);
  links.eventPeople.provide(eventRoles.directory);
  // After a change of a session's people: its `broadcast-updated` push.
  links.speakersChanged.provide((organizationId, eventId, broadcastIds) =>
    programme.broadcasts.pushSessions(organizationId, eventId, broadcastIds),
  );
  registerProgramme(app, programme, { videoUsage: links.videoUsage, copySteps: backOffice.eventCopySteps });

  // The stage (issue 17 §3): what plays now, from the event, its agenda and the clock; pushed when it changes.
  const stage = createStage({
    events: backOffice.events,
    agenda: programme.agenda,
    videos: library,
    fillerSlides,
    liveHlsUrl: (event, inputId) => stageLiveUrl(library.hlsGuard, event, inputId),
    realtime: platform.realtime,
    pubsub: platform.pubsub,
    jobs: platform.jobs,
    clock: config.clock ?? (() => new Date()),
    log: () => app.log,
  });
  registerStage(app, stage, {
    jobs: platform.jobs,
    visibleEvent: async (caller, eventId) =>
      (await backOffice.events.programmeEventOf(caller, eventId, 'event:read')).event,
  });
  backOffice.stageChanged.provide((eventId) => stage.changed(eventId));

  // Live (issue 19): RTMP inputs, their channels (ingest, failover, filler) and live sessions' recordings.
  const rtmpSessions = createRtmpSessions(db);
  const live = createLive({
    db,
    storage: platform.storage,
    jobs: platform.jobs,
    realtime: platform.realtime,
    clock: config.clock ?? (() => new Date()),
    publicUrl,
    dataDir: platform.dataDir,
    guard: library.hlsGuard,
    guardOn: (organizationId) => library.hlsGuardOn(organizationId),
    rtmp: {
      port: config.rtmp?.port ?? 1935,
      publicHost: config.rtmp?.publicHost ?? new URL(publicUrl).hostname,
      tlsPort: config.rtmp?.tls?.port ?? null,
    },
    events: backOffice.events,
    sessions: () => rtmpSessions,
    createRecording: (recording) => library.createRecording(recording),
    fillerImageOf: async (eventId) => {
      const event = await backOffice.events.stageEventById(eventId);
      const slide = event?.fillerSlideId
        ? await fillerSlides.imageKeyOf(event.organizationId, event.fillerSlideId)
        : null;
      if (event?.fillerSlideId && slide) return { id: event.fillerSlideId, key: slide };
      const frame = event?.bufferVideoId
        ? await library.thumbnailKeyOf(event.organizationId, event.bufferVideoId)
        : null;
      return event?.bufferVideoId && frame ? { id: event.bufferVideoId, key: frame } : null;
    },
    segmentSeconds: config.liveSegmentSeconds,
  });
  const liveMedia = registerLive(app, live, {
    storage: platform.storage,
    publicUrl,
    playlistOf: sharedReads(database.writes)((inputId: string) => live.channels.playlist(inputId), String),
  });
  registerLiveJobs(platform.jobs, live);
  backOffice.stageChanged.provide((eventId) => live.service.eventChanged(eventId));
  if (config.rtmp && (config.role === 'ingest' || config.role === 'all'))
    await startLiveIngest(app, live, {
      host: config.rtmp.host,
      port: config.rtmp.port,
      tls: config.rtmp.tls,
    });

  // People's emails: invitations with calendar invitations, reminders, bulk invitations (issue 15).
  const sessionTimes = createSessionTimes(db);
  const invitations = createEventInvitations({
    db,
    jobs: platform.jobs,
    mail: emailSender,
    mailFrom: platform.mailFrom,
    realtime: platform.realtime,
    events: backOffice.events,
    sessionTimes,
    directory: () => links.eventPeople.use(),
    magicLinks: () => links.magicLinks.use(),
  });
  registerEventInvitations(app, invitations, publicUrl);
  registerEventInvitationsJobs(platform.jobs, invitations);
  links.sessionsMoved.provide((organizationId, eventId, broadcastIds) =>
    invitations.service.sessionsMoved(organizationId, eventId, broadcastIds),
  );
  links.invitations.provide(invitations.invitations);
  registerEventRolesRoutes(app, eventRoles, publicUrl);
  // After the programme's steps: the people's sessions are re-pointed through the copied agenda.
  backOffice.eventCopySteps.provide(eventRoles.copyStep);
  registerHomeArea(app, {
    events: backOffice.events,
    videos: library,
    members: organizationUsers,
    workspaces,
    organizations,
  });

  // Registration forms (issue 16 §1); an event's own form is copied with the event, after the people.
  const registrationForms = createRegistrationForms({ db, events: backOffice.events });
  registerRegistrationFormsRoutes(app, registrationForms, publicUrl);
  backOffice.eventCopySteps.provide(registrationForms.copyStep);

  // Registrants for organisers: list, export, import, bulk moderation, counts, series (issue 16).
  const members = createMembers({
    db,
    databaseKind: database.kind,
    events: backOffice.events,
    registrations: () => links.registrations.use(),
    removeAttendees: (ids, tx) => eventRoles.removeAttendees(ids, tx),
    formOfEvent: async (eventId, tx) => {
      const link = await backOffice.events.registrationFormOf(eventId, tx);
      return link
        ? (await registrationForms.formOfEvent(link.organizationId, eventId, tx)).formio_data
        : null;
    },
    planOf: (id) => organizations.planOf(id),
  });
  await registerMembers(app, members, publicUrl);
  const seriesRegistrants = createSeriesRegistrants({
    db,
    seriesOf: async (caller, id) => {
      const series = await backOffice.series.get(caller, id, {});
      return 'events' in series ? series : { organization: caller.organizationId ?? '', events: [] };
    },
    personOf: async (organizationId, userId, tx) => {
      const user = await users.findById(userId, tx);
      const known =
        user &&
        (user.organization_id === organizationId ||
          (await members.members.isRegistrantOf(organizationId, userId, tx)));
      return known ? user : undefined;
    },
    registrations: () => links.registrations.use(),
  });
  registerSeriesRegistrantsRoutes(app, seriesRegistrants, publicUrl);

  // Magic links (002 §7.6) and the attendee origin they open (ARCHITECTURE §1, §9).
  // Public pages' reads, asked by every visitor outside a transaction: shared by the callers asking
  // at once, and kept on the embedded database until the next write (platform/single-flight.ts).
  const publicRead = sharedReads(database.writes);
  const sharedDefaultDomainOf = publicRead(
    (organizationId: string) => domains.defaultDomainOf(organizationId),
    String,
  );
  const attendeeBaseUrl = attendeeBaseUrlFor(config, (organizationId, tx) =>
    tx ? domains.defaultDomainOf(organizationId, tx) : sharedDefaultDomainOf(organizationId),
  );
  const magicLinks = createMagicLinksService({
    db,
    secretKey,
    people: eventRoles.directory,
    emailOf: async (userId, tx) => (await users.findById(userId, tx))?.email,
    organizationOfEvent: async (eventId, tx) =>
      (await backOffice.events.programmeEventById(eventId, tx))?.organizationId,
    visibleEvent: async (caller, eventId) =>
      (await backOffice.events.programmeEventOf(caller, eventId, 'event:read')).event,
    attendeeBaseUrl,
  });
  registerMagicLinksRoutes(app, magicLinks);
  // Built pages (issue 17 §1): page JSON per owner and kind, copied with events; rendered for the attendee site.
  const pages = createPages({
    db,
    backOffice,
    videos: library,
    sanitize: sanitizePageHtml,
    content: createPageContent({
      publicSeries: (seriesId) => backOffice.events.publicSeries(seriesId),
      sessionsOf: async (eventId) =>
        sessionTimes(
          eventId,
          (await programme.agenda.stageProgrammeOf(eventId)).sessions.map((s) => s.id),
        ),
      speakersOf: (eventId) => eventRoles.visibleSpeakersOf(eventId),
      boothsOf: (eventId) => programme.booths.ofEvent(eventId),
      hubPageEventsOf: async (id) => (await backOffice.hubPages.publicHubPage(id))?.events ?? [],
      recordingCandidatesOf: async (eventId) => {
        const [event, agenda] = await Promise.all([
          backOffice.events.stageEventById(eventId),
          programme.agenda.stageProgrammeOf(eventId),
        ]);
        const sessionVideos = agenda.sessions.flatMap((s) =>
          s.broadcast_type === 'SIMULIVE' ? s.videoIds : [],
        );
        return [...sessionVideos, ...(event?.bufferVideoId ? [event.bufferVideoId] : [])];
      },
      attendeeBaseUrl,
    }),
  });
  registerPagesRoutes(app, pages);
  backOffice.eventCopySteps.provide(pages.copyStep);
  backOffice.registrationPages.provide(pages.registrationPages);
  links.magicLinks.provide(magicLinks);
  // Check-in (issue 16 §6): the studio's attendance call and desk link, the desk on the attendee site.
  const registrationTokens = createRegistrationTokens(secretKey);
  const checkIn = createCheckInService({
    db,
    tokens: registrationTokens,
    realtime: platform.realtime,
    pubsub: platform.pubsub,
  });
  const checkInAccess = createCheckInAccess(secretKey);
  registerCheckInRoutes(app, {
    checkIn,
    access: checkInAccess,
    attendeeBaseUrl,
    managedEvent: async (caller, eventId) =>
      (await backOffice.events.programmeEventOf(caller, eventId, 'event:update')).event,
  });
  // 002 §2 public link helpers: the addresses of the public pages, on the attendee origin.
  registerPublicLinksRoutes(app, {
    attendeeBaseUrl,
    visibleEvent: async (caller, eventId) =>
      (await backOffice.events.programmeEventOf(caller, eventId, 'event:read')).event,
    visibleSeries: async (caller, seriesId) => {
      const series = await backOffice.series.get(caller, seriesId, {});
      return { id: series.id, organizationId: 'organization' in series ? series.organization : '' };
    },
    publicEvent: (eventId) => backOffice.events.publicEventById(eventId),
  });
  // Custom code areas and tracking snippets (issue 17 §4, §5): edited in the studio, run on the attendee site.
  const codeAreas = createCodeAreas(db);
  registerJavascriptEmbedsRoutes(
    app,
    codeAreas,
    async (caller) => (await organizations.scopeFactsOf(caller)).isWorkspaceEnabled,
  );
  registerCodeAreasRoutes(app, codeAreas, async (caller, eventId, permission) => {
    const { event } = await backOffice.events.programmeEventOf(caller, eventId, permission);
    return { id: event.id, organizationId: event.organizationId };
  });
  backOffice.eventCopySteps.provide(codeAreas.copyStep);
  backOffice.trackingSnippets.provide({
    trackingSnippetOf: async (event) => (await codeAreas.trackingSnippet(event)).body_section_script,
  });
  const publicEvent = publicRead((eventId: string) => backOffice.events.publicEventById(eventId), String);
  // An event's branding, from the same kept read as its page's own: a page reads its event once.
  const brandingOf = async (eventId: string) => {
    const event = await publicEvent(eventId);
    return event && fillBranding(event.branding.branding, event.branding.theme_obj);
  };
  // The event app (issue 17 §3): read and written through the owners' services.
  const eventApp = createEventAppService({
    db,
    sessionsOf: (eventId) => programme.agenda.attendeeSessionsOf(eventId),
    sessionSpeakers: (ids) => eventRoles.speakersOfBroadcasts(ids),
    speakersOf: (eventId) => eventRoles.visibleSpeakersOf(eventId),
    peopleOf: (eventId, page) => eventRoles.attendeeDirectoryOf(eventId, page),
    boothsOf: (eventId) => programme.booths.ofEvent(eventId),
    roomsOf: (eventId) => programme.rooms.ofEvent(eventId),
    stageOf: (eventId) => stage.stageOf(eventId),
    profileOf: (eventId, userId) => eventRoles.profileInEvent(eventId, userId),
    saveProfile: (eventId, userId, profile) => eventRoles.saveProfileInEvent(eventId, userId, profile),
    brandingOf,
    clock: config.clock ?? (() => new Date()),
  });
  // The branding editor's live preview (002 §2.1): a token minted here opens the attendee origin's preview.
  const previewAccess = createPreviewAccess(secretKey);
  registerPreviewAccessRoutes(app, {
    access: previewAccess,
    studioOrigin: new URL(publicUrl).origin,
    attendeeBaseUrl,
    visibleEvent: async (caller, eventId) =>
      (await backOffice.events.programmeEventOf(caller, eventId, 'event:read')).event,
    visibleTemplate: async (caller, templateId) => {
      const template = await backOffice.templates.get(caller, templateId);
      return { id: template.id, organizationId: template.organization };
    },
  });
  const attendeeSite = await createAttendeeSite({
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    webDistDir: config.webDistDir,
    registration: {
      publicEvent,
      publicSeries: (seriesId) => backOffice.events.publicSeries(seriesId),
      formOf: publicRead(
        async (event: Pick<PublicEvent, 'id' | 'organizationId' | 'registrationForm'>) =>
          (await registrationForms.formOfLink(event.organizationId, event.registrationForm)).formio_data,
        (event) => event.id,
      ),
      cancelRegistration: async (organizationId, registrationId) => {
        await links.registrations.use().changeStatus(organizationId, registrationId, 'CANCELED');
      },
      tokens: registrationTokens,
      builtPage: publicRead(
        (event: PublicEvent, kind: PageKind) =>
          pages.renderedPage('event', event.id, kind, eventPageOwner(event)),
        (event, kind) => `${event.id}:${kind}`,
      ),
    },
    checkInDesk: {
      checkIn,
      access: checkInAccess,
      eventById: (eventId) => backOffice.events.publicEventById(eventId),
      subscribe: (listener) =>
        platform.pubsub.subscribe(CHECK_IN_CHANNEL, listener as (message: unknown) => void),
    },
    links: magicLinks,
    eventById: (eventId) => backOffice.events.programmeEventById(eventId),
    personInEvent: eventRoles.personInEvent,
    roleOf: (organizationId, roleId) => access.findRole(organizationId, roleId),
    sessionsOf: sessionTimes,
    attendeeBaseUrl,
    pageCodeOf: publicRead((eventId: string) => codeAreas.pageCodeOf(eventId), String),
    hubPageCodeOf: publicRead(async (hubPageId: string) => {
      const organizationId = await backOffice.hubPages.organizationOfPage(hubPageId);
      return organizationId === undefined ? undefined : codeAreas.hubPageCodeOf(organizationId);
    }, String),
    publicPages: {
      renderedPage: publicRead(
        (ownerType: PageOwnerType, id: string, kind: PageKind) => pages.renderedPage(ownerType, id, kind),
        (ownerType, id, kind) => `${ownerType}:${id}:${kind}`,
      ),
      studioOrigin: new URL(publicUrl).origin,
    },
    eventApp: {
      eventApp,
      subscribeStage: (listener) => stage.subscribe((change) => listener(change.eventId, change.source)),
      subscribeSessions: (listener) =>
        subscribeEventPushes(platform.pubsub, BROADCAST_UPDATED, (eventId) => listener(eventId)),
      studioOrigin: new URL(publicUrl).origin,
      liveMedia,
    },
    brandingPreview: {
      access: previewAccess,
      studioOrigin: new URL(publicUrl).origin,
      templateById: async (templateId) => {
        const found = await backOffice.templates.previewTemplate(templateId);
        if (!found) return undefined;
        const { template, programmeEvent } = found;
        return {
          id: template.id,
          title: template.title,
          eventType: template.settings.event_type,
          programmeEvent,
          landingPage: () =>
            pages.renderedPage('template', template.id, 'landing', templatePageOwner(template)),
        };
      },
    },
    branding: {
      brandingOf,
      studioOrigin: new URL(publicUrl).origin,
    },
    storedFile: (reply, path, width) =>
      sendStoredFile(reply, { files, storage: platform.storage }, path, width),
  });
  app.addHook('onClose', () => attendeeSite.close());
  restrictDomainHosts(attendeeSite, {
    organizationOfHost: publicRead((hostname: string) => domains.organizationOfHost(hostname), String),
    organizationOfEvent: async (eventId) =>
      (await backOffice.events.programmeEventById(eventId))?.organizationId,
    organizationOfSeries: async (seriesId) =>
      (await backOffice.events.publicSeries(seriesId))?.organization_id,
    organizationOfHubPage: (hubPageId) => backOffice.hubPages.organizationOfPage(hubPageId),
  });

  // Registration (issue 16): the registrations service, its emails, moderation and public register calls.
  const registrants = createRegistrants({
    db,
    jobs: platform.jobs,
    emails: () => links.emails.use(),
    mailFrom: platform.mailFrom,
    tokens: registrationTokens,
    events: backOffice.events,
    eventRoles,
    planOf: async (organizationId, tx) => (await organizations.featuresOf(organizationId, tx)).pricing,
    magicLinks: () => magicLinks,
    attendeeBaseUrl,
  });
  registerRegistrants(app, registrants, platform.jobs);
  links.registrations.provide(registrants.registrations);
  backOffice.registrationSettingsChanged.provide((organizationId, eventId, tx) =>
    registrants.registrations.seatsFreed(organizationId, eventId, tx),
  );
  const publicRegistration = {
    db,
    registrations: registrants.registrations,
    events: backOffice.events,
    formOfEvent: async (organizationId: string, eventId: string) => {
      const form = await registrationForms.formOfEvent(organizationId, eventId);
      return { ...form.formio_data, id: form.formId ?? undefined };
    },
    oneClickEnabled: async (organizationId: string) => {
      const { featureFlags, pricing } = await organizations.featuresOf(organizationId);
      return featureFlags.isOneClickRegisterEnabled === true && pricing.oneClick;
    },
    personOf: async (userId: string) => {
      const user = await users.findById(userId);
      return user && { email: user.email, first_name: user.first_name, last_name: user.last_name };
    },
    tokens: registrationTokens,
  };
  registerPublicRegistrationRoutes(app, publicRegistration);
  registerPublicRegistrationRoutes(attendeeSite, publicRegistration);

  // Email (issue 33): templates per context, rendering, the composer every sender calls, test/custom/bulk sends.
  const personOf = (user: { id: string; email: string; first_name: string; last_name: string }) => ({
    userId: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
  });
  const email = createEmailArea({
    app,
    db,
    jobs: platform.jobs,
    mail: platform.mail,
    secretKey,
    publicUrl,
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
    organizationName: (organizationId) => organizations.nameOf(organizationId),
    suppressions: () => links.suppressions.use(),
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
        ? magicLinks.urlFor(eventId, userId)
        : null,
    registrantsOf: async (eventId, page) => {
      const query = { event: eventId, event_user_status: [...SEAT_HOLDING_STATUSES], is_blocked: false };
      const listed = await members.members.startList(query, page);
      const results = (listed?.results ?? []).map((member) => ({
        ...personOf({ ...member, id: member.user }),
        registrationId: member.id,
      }));
      return { count: listed?.count ?? 0, results };
    },
    checkInCodeFor: (eventId, registrationId) => registrationTokens.tokenFor('ci', eventId, registrationId),
    log: () => app.log,
  });
  links.emails.provide(email.composer);

  await serveStudio(app, config.webDistDir);
  return { studio: app, attendeeSite };
}
