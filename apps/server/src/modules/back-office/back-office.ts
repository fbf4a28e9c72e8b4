import { eventLandingPath } from '@studio/domain';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { Executor } from '../../platform/db/executor.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { addressOf } from '../../platform/mail/mail.ts';
import { moduleLink, moduleLinks } from '../../platform/module-links.ts';
import { createHubPagesRepository } from './hub-pages/hub-pages.repository.ts';
import { registerHubPagesRoutes } from './hub-pages/hub-pages.routes.ts';
import { createHubPagesService } from './hub-pages/hub-pages.service.ts';
import { createSeriesRepository } from './series/series.repository.ts';
import { registerSeriesRoutes } from './series/series.routes.ts';
import { createSeriesService } from './series/series.service.ts';
import { createTagsRepository } from './tags/tags.repository.ts';
import { registerTagsRoutes } from './tags/tags.routes.ts';
import { createTagsService } from './tags/tags.service.ts';
import { createTemplatesRepository } from './templates/templates.repository.ts';
import { registerTemplatesRoutes } from './templates/templates.routes.ts';
import { createTemplatesService } from './templates/templates.service.ts';
import { createWorkflowsRepository } from './workflows/workflows.repository.ts';
import { registerWorkflowsRoutes } from './workflows/workflows.routes.ts';
import { createWorkflowsService } from './workflows/workflows.service.ts';
import type { CalendarMailer } from './events/calendar-invite.ts';
import { createCalendarInvitesRepository } from './events/calendar-invites.repository.ts';
import { createEventActions } from './events/event-actions.ts';
import { createCalendarUpdates } from './events/calendar-updates.ts';
import { createEventSummary } from './events/event-summary.ts';
import { createScopes, type ScopeDeps } from './event-scope.ts';
import { createEventsRepository } from './events/events.repository.ts';
import { pagesReadModel } from '../pages/pages.read-model.ts';
import { registrationReadModel } from '../registration/registration.read-model.ts';
import { registerEventsRoutes } from './events/events.routes.ts';
import type {
  EventCopyStep,
  RegistrationSettingsPort,
  RescheduleStep,
  TemplateCopyLink,
} from './event-copy.ts';
import { registerEventsJobs } from './events/events.jobs.ts';
import {
  createEventsService,
  type BrandingLink,
  type EventsService,
  type TrackingSnippetsLink,
  type RegistrationPagesLink,
} from './events/events.service.ts';
import { createEventCore, type EventTimesChanged, type StageChanged } from './events/event-core.service.ts';
import { createOccurrences } from './events/occurrences.ts';
import { createStageRollUsage, type LibraryVideos } from './stage-roll-videos.ts';
import { createFillerSlideUsers, type FillerSlideStates } from './filler-slides.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';

export interface BackOfficeDeps extends ScopeDeps {
  db: Executor;
  /** The durable queue (platform/jobs); duplication jobs are sent there. */
  jobs: JobQueue;
  mailer: CalendarMailer;
  /** The mail From address ('Name <address>' or an address): the invitations' ORGANIZER. */
  mailFrom: string;
  /** Where an organisation's attendee pages live: the invitations link the event's public page there. */
  attendeeBaseUrl: AttendeeBaseUrl;
  /** The video library, asked before a buffer video is taken. */
  videos: LibraryVideos;
  /** The branding module: the rules of a branding save, and the brand kit new events start from. */
  branding: BrandingLink;
  /** The studios' pushes (a copy's workflows ending). */
  realtime: Pick<Realtime, 'publish'>;
}

/**
 * Events, series and repeating events, templates, hub pages, tags and event workflows (issue 4):
 * repositories and services, wired once for studio.ts (and for tests that run a worker beside an
 * API-only studio, with registerBackOfficeJobs).
 */
export function createBackOffice(deps: BackOfficeDeps) {
  const { db } = deps;
  const scopes = createScopes(deps);
  const eventsRepository = createEventsRepository(db, {
    registrationPageOf: (eventId) => pagesReadModel.registrationPageOf('event', eventId),
    registrantCountsOf: (eventId) => registrationReadModel.countsOf(eventId),
  });
  const templatesRepository = createTemplatesRepository(db, {
    registrationPageOf: (templateId) => pagesReadModel.registrationPageOf('template', templateId),
  });
  // What the later areas (the programme …) copy when an event is duplicated or made from a
  // template, and onto a repeating event's occurrences; studio.ts provides them.
  const eventCopySteps = moduleLinks<EventCopyStep>('areas → event duplication: copy steps');
  // Registration keeps an event's seats, waitlist and approval mode; duplicates and templates copy them.
  const registrationSettings = moduleLink<RegistrationSettingsPort>(
    'registration → events and templates: registration settings',
  );
  // The stage pushes what plays when an event's times, buffer video or programme changed.
  const stageChanged = moduleLinks<StageChanged>('stage → events: what decides the stage changed');
  // What follows an event's times: email schedules (their pending sends move) and, provided below,
  // the registrants' calendar update.
  const timesChanged = moduleLinks<EventTimesChanged>('areas → events: event times changed');
  const rescheduleSteps = moduleLinks<RescheduleStep>('areas → events: a reschedule moves the programme');
  // Events' and templates' `builder_raw_json` is their registration page, kept by the pages area.
  const registrationPages = moduleLink<RegistrationPagesLink>(
    'pages → events and templates: registration pages',
  );
  // The code areas answer an event's tracking snippet with the event.
  const trackingSnippets = moduleLink<TrackingSnippetsLink>('code areas → events: tracking snippets');
  // A template's own rows of later areas (tracking pixels, integrations) travel with it to and from events.
  const templateCopies = moduleLinks<TemplateCopyLink>('areas → templates: tracking pixels, integrations');
  // Events' and templates' `filler_slide` is one of the filler-slides module's slides.
  const fillerSlides = moduleLink<FillerSlideStates>('filler slides → events and templates: slide states');
  const tags = createTagsService({ tags: createTagsRepository(db), scopes });
  const calendar = createCalendarUpdates({
    events: eventsRepository,
    invites: createCalendarInvitesRepository(db, (eventId) => registrationReadModel.registrantIdsOf(eventId)),
    jobs: deps.jobs,
    mailer: deps.mailer,
    organizerEmail: addressOf(deps.mailFrom),
    eventPageUrl: async (organizationId, eventId) =>
      `${await deps.attendeeBaseUrl(organizationId)}${eventLandingPath(eventId)}`,
  });
  // A reschedule sends the registrants' calendar update by itself.
  timesChanged.provide((organizationId, eventId) => calendar.entryChanged(organizationId, eventId));
  // The event row as the other areas read it; series, templates and hub pages build on it.
  const eventCore = createEventCore({
    events: eventsRepository,
    scopes,
    jobs: deps.jobs,
    copySteps: () => eventCopySteps.all(),
    stageChanged: () => stageChanged.all(),
    timesChanged: () => timesChanged.all(),
    templatesBranded: (scope) => templatesRepository.anyBranded(scope),
    realtime: deps.realtime,
  });
  const workflows = createWorkflowsService({
    workflows: createWorkflowsRepository(db),
    scopes,
    eventVisible: (caller, eventId) => eventCore.isVisible(caller, eventId),
    workspaceOf: async (eventId) => (await eventsRepository.findById(eventId))?.workspace_id ?? null,
    realtime: deps.realtime,
  });
  const series = createSeriesService({
    db,
    series: createSeriesRepository(db),
    scopes,
    tags,
    occurrences: createOccurrences({ events: eventsRepository, branding: deps.branding, calendar }),
    events: eventCore,
    cachedData: (scope, seriesId, now) => eventCore.seriesCachedData(scope, seriesId, now),
  });
  // Events and templates refer to each other: an event is made from a template, which makes one.
  const eventsLink = moduleLink<EventsService>('back office: templates → events: create an event');
  const templates = createTemplatesService({
    db,
    templates: templatesRepository,
    scopes,
    tags,
    workflows,
    events: eventCore,
    createEvent: (caller, request) => eventsLink.use().create(caller, request),
    videos: deps.videos,
    fillerSlides: () => fillerSlides.use(),
    registrationPages: () => registrationPages.use(),
    registrationSettings: () => registrationSettings.use(),
    templateCopies: () => templateCopies.all(),
    branding: deps.branding,
  });
  const events = createEventsService({
    db,
    events: eventsRepository,
    core: eventCore,
    scopes,
    tags,
    workflows,
    series: series.link,
    templates: templates.link,
    videos: deps.videos,
    fillerSlides: () => fillerSlides.use(),
    copySteps: () => eventCopySteps.all(),
    registrationSettings: () => registrationSettings.use(),
    registrationPages: () => registrationPages.use(),
    branding: deps.branding,
    trackingSnippets: () => trackingSnippets.use(),
    templateCopies: () => templateCopies.all(),
    calendar,
  });
  eventsLink.provide(events);
  const actions = createEventActions({
    db,
    events: eventsRepository,
    eventsService: events,
    scopes,
    workflows,
    series: series.link,
    jobs: deps.jobs,
    calendar,
    rescheduleSteps: () => rescheduleSteps.all(),
  });
  const hubPages = createHubPagesService({
    db,
    hubPages: createHubPagesRepository(db),
    scopes,
    events: eventCore,
  });
  // The library's "where is this video used" for the buffer videos of events and templates.
  const videoUsage = createStageRollUsage(db);
  // The dashboard's figures, each provided by the area that owns it.
  const summary = createEventSummary(db);
  return {
    scopes,
    eventCore,
    events,
    actions,
    series,
    templates,
    hubPages,
    tags,
    workflows,
    videoUsage,
    summary,
    calendar,
    fillerSlides,
    fillerSlideUsers: createFillerSlideUsers(db),
    eventCopySteps,
    registrationSettings,
    stageChanged,
    timesChanged,
    rescheduleSteps,
    registrationPages,
    trackingSnippets,
    templateCopies,
    duplication: {
      db,
      events: eventsRepository,
      workflows,
      copySteps: () => eventCopySteps.all(),
      registrationSettings: () => registrationSettings.use(),
    },
  };
}

export type BackOffice = ReturnType<typeof createBackOffice>;

export function registerBackOffice(app: HttpServer, area: BackOffice, publicUrl: string): void {
  // Static paths under /api/event/ are registered beside /api/event/:id/; the router prefers them.
  registerEventsRoutes(app, { events: area.events, actions: area.actions, summary: area.summary }, publicUrl);
  registerSeriesRoutes(app, area.series, publicUrl);
  registerTemplatesRoutes(app, area.templates, publicUrl);
  registerHubPagesRoutes(app, area.hubPages, publicUrl);
  registerTagsRoutes(app, area.tags, publicUrl);
  registerWorkflowsRoutes(app, area.workflows);
}

/** The back office's jobs — registered by every process (the API sends them), run by workers. */
export function registerBackOfficeJobs(queue: JobQueue, area: BackOffice): void {
  registerEventsJobs(queue, area.duplication);
  area.calendar.register(queue);
}
