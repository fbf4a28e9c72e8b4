import {
  EVENT_ACTIONS,
  eventServerMessages,
  type CreateEventRequest,
  type PageDocument,
  planAllows,
  type StudioEvent,
  type StudioEventDetail,
  type TemplateSettings,
  type UpdateEventRequest,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import { checkOrganization, requirePatchPermissions, type Scope, type Scopes } from '../event-scope.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { OrganizationCaller } from '../../../platform/http/guard.ts';
import { createEventLists } from './event-lists.ts';
import { eventTimeStatus, toEvent, toMinimal } from './events.answers.ts';
import type {
  AnsweredEventRecord,
  EventChanges,
  EventRecord,
  EventsRepository,
} from './events.repository.ts';
import { syncSeriesProgrammeJob } from './events.jobs.ts';
import { copyProgramme, type EventCopyStep } from '../event-copy.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
export type { Occurrences } from './occurrences.ts';
import { checkedStageRollVideo, type LibraryVideos } from '../stage-roll-videos.ts';
import { checkedFillerSlide, type FillerSlideStates } from '../filler-slides.ts';
import {
  hostTypePlanFeature,
  type BrandingAnswer,
  type BrandingRequest,
  type EventType,
  type HostType,
} from '@studio/domain';
import { requirePlanFeature } from '../plan-gates.ts';

/** What events need from series (provided by the series module, wired in compose). */
export interface SeriesLink {
  /** The series if the scope sees it, else 400 on `series`. */
  seriesFor(scope: Scope, id: string, tx?: Executor): Promise<{ id: string; is_repeating: boolean }>;
  /** A deleted occurrence is not re-created by later edits of its rule. */
  excludeOccurrence(seriesId: string, key: string, tx: Executor): Promise<void>;
}

/** What events need from templates (provided by the templates module). */
export interface TemplateLink {
  templateFor(
    scope: Scope,
    id: string,
  ): Promise<
    {
      id: string;
      settings: TemplateSettings;
      registration_form_data: { id: string; is_global_form: boolean } | null;
      stage_roll_video_asset_id: string | null;
      filler_slide_id: string | null;
      /** The hidden event holding the template's programme. */
      programme_event_id: string | null;
    } & StoredBranding
  >;
}

/** An event or template as an owner of pages. */
export interface PageOwnerRef {
  ownerType: 'event' | 'template';
  ownerId: string;
}

/** A checked registration page's write (null: the page removed), run in the caller's transaction. */
export type RegistrationPageWrite = (ownerId: string, userId: string | null, tx: Executor) => Promise<void>;

/**
 * What events and templates need from the pages area (provided by it): their `builder_raw_json`
 * is their registration page, which the pages area keeps and copies.
 */
export interface RegistrationPagesLink {
  /**
   * Checks the page as a page PUT does (400 on `builder_raw_json`) — before the caller's
   * transaction, as the check reads the video library — and answers its write.
   */
  checked(
    organizationId: string,
    ownerType: PageOwnerRef['ownerType'],
    page: PageDocument | null,
  ): Promise<RegistrationPageWrite>;
  /** Every page of one owner onto another (templates' pages to and from events and templates). */
  copy(from: PageOwnerRef, to: PageOwnerRef, tx: Executor): Promise<void>;
}

/** What the programme (agenda, rooms, booths, surveys) knows of the event it belongs to. */
export interface ProgrammeEvent {
  id: string;
  title: string;
  organizationId: string;
  workspaceId: string | null;
  start_time: Date;
  end_time: Date;
  timezone: string;
  event_type: EventRecord['event_type'];
  series_id: string | null;
  created_at: Date;
  description: string | null;
  location: string | null;
}

/** An event's registration form (`registration_form_data`). */
export type RegistrationFormLink = { id: string; is_global_form: boolean };

/** An event as its public pages show it. */
export interface PublicEvent extends ProgrammeEvent {
  /** What its pages wear (the documents as stored; the attendee site fills the defaults). */
  branding: StoredBranding;
  /** The form its registration page asks (none: the base fields only). */
  registrationForm: RegistrationFormLink | null;
}

/** A series as its public registration page shows it. */
export interface PublicSeries {
  id: string;
  name: string;
  description: string | null;
  organization_id: string;
  events: {
    id: string;
    title: string;
    start_time: Date;
    end_time: Date;
    timezone: string;
    registrationForm: RegistrationFormLink | null;
  }[];
}

/** An event's schedule, as the people's emails tell it. */
export type ScheduledEvent = Pick<
  ProgrammeEvent,
  'id' | 'title' | 'organizationId' | 'start_time' | 'end_time' | 'timezone'
>;

const toProgrammeEvent = (event: EventRecord): ProgrammeEvent => ({
  id: event.id,
  title: event.title,
  organizationId: event.organization_id,
  workspaceId: event.workspace_id,
  start_time: event.start_time,
  end_time: event.end_time,
  timezone: event.timezone,
  event_type: event.event_type,
  series_id: event.series_id,
  created_at: event.created_at,
  description: event.description,
  location: event.location,
});

/** What registration knows of an event: its schedule, state and registration settings. */
export interface RegistrationEvent extends ProgrammeEvent {
  host_type: EventRecord['host_type'];
  is_ready: boolean;
  is_blueprint: boolean;
  registration_capacity: number | null;
  waitlist_enabled: boolean;
  registration_approval_required: boolean;
}

/** Told in the writing transaction when an event's capacity, waitlist or approval mode changed. */
export type RegistrationSettingsChanged = (
  organizationId: string,
  eventId: string,
  tx: Executor,
) => Promise<void>;

/** Told after a committed change of what decides an event's stage: its times, buffer video or programme. */
export type StageChanged = (eventId: string) => Promise<void>;
/** The event's start or end changed (an edit or a reschedule), after the change committed. */
export type EventTimesChanged = (
  organizationId: string,
  eventId: string,
  times: { startTime: Date; endTime: Date },
) => Promise<void>;

/** An event as its stage reads it (no caller). */
export interface StageEvent extends ProgrammeEvent {
  bufferVideoId: string | null;
  fillerSlideId: string | null;
}

export interface EventsServiceDeps {
  db: Executor;
  events: EventsRepository;
  scopes: Scopes;
  tags: TagsService;
  workflows: WorkflowsService;
  series: SeriesLink;
  templates: TemplateLink;
  videos: LibraryVideos;
  /** The filler-slides module (a link: it is built after the back office). */
  fillerSlides: () => FillerSlideStates;
  /** Repeating events' programme copies run as jobs (events.jobs.ts). */
  jobs: JobQueue;
  /** The later areas' copy steps (module links): templates carry the programme through them. */
  copySteps: () => readonly EventCopyStep[];
  /** Registration's listeners (module links): the waitlist is promoted when seats were added. */
  registrationSettingsChanged: () => readonly RegistrationSettingsChanged[];
  /** The stage's listeners (module links): told after the event's times, buffer video or programme changed. */
  stageChanged: () => readonly StageChanged[];
  timesChanged: () => readonly EventTimesChanged[];
  /** The pages area (module link): the registration page (`builder_raw_json`). */
  registrationPages: () => RegistrationPagesLink;
  /** Branding's rules and brand kit (the branding module). */
  branding: BrandingLink;
  /** The code areas (module link): an event's tracking snippet, answered with the event. */
  trackingSnippets: () => TrackingSnippetsLink;
}

/** An event's or template's stored branding (its two jsonb documents). */
export interface StoredBranding {
  branding: Readonly<Record<string, unknown>>;
  theme_obj: Readonly<Record<string, unknown>>;
}

/** What events and templates need from the branding module. */
export interface BrandingLink {
  answer(stored: StoredBranding): BrandingAnswer;
  /** The documents to store after a PATCH (undefined: no branding in it); 400 on a rule or lock. */
  checked(
    stored: StoredBranding,
    request: Readonly<Record<string, unknown>>,
    target: {
      eventType: EventType;
      boothsTab: boolean;
      startTime: Date | null;
      /** Stored values of locked fields kept outside the branding documents (the filler slide). */
      lockedValues?: Readonly<Record<string, unknown>>;
    },
  ): StoredBranding | undefined;
  /** What a new event or template starts from: the organisation's brand kit. */
  startingBranding(organizationId: string, tx?: Executor): Promise<StoredBranding>;
  /** The brand kit as a PATCH onto an event starting then (locked settings left out). */
  kitRequest(organizationId: string, startTime: Date | null): Promise<BrandingRequest>;
}

/** What the events area needs from the code areas: an event's tracking snippet ('' if none). */
export interface TrackingSnippetsLink {
  trackingSnippetOf(event: { id: string; organizationId: string }): Promise<string>;
}

/** The branding columns to write (JSON text), from checked documents. */
export const brandingColumns = (stored: StoredBranding | undefined) =>
  stored && { branding: JSON.stringify(stored.branding), theme_obj: JSON.stringify(stored.theme_obj) };

/** Whether the scope's plan offers the booths tab (no known plan: everything). */
export const boothsTabOffered = (scope: Scope): boolean =>
  !scope.settings.pricing || planAllows(scope.settings.pricing, 'boothsTab');

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value ?? null));

/** The columns of the settings an event shares with templates, from a request or template. */
export function settingsColumns(
  settings: Partial<Omit<TemplateSettings, 'tags' | 'duration_minutes' | 'event_type'>> & {
    registration_form_data?: unknown;
  },
): EventChanges {
  return {
    description: settings.description,
    location: settings.location,
    host_type: settings.host_type,
    is_blueprint: settings.is_blueprint,
    registration_form: settings.registration_form,
    marketo_campaign_id: settings.marketo_campaign_id,
    salesforce_campaign_id: settings.salesforce_campaign_id,
    wistia_project_id: settings.wistia_project_id,
    pardot_list: json(settings.pardot_list),
    registration_form_data: json(settings.registration_form_data),
    registration_capacity: settings.registration_capacity,
    waitlist_enabled: settings.waitlist_enabled,
    registration_approval_required: settings.registration_approval_required,
  };
}

/**
 * The plan gates of an event's registration settings (a capacity needs registrantCap, a waitlist
 * needs waitlist); answers whether seats may have been added (then the waitlist is promoted).
 */
function checkRegistrationSettings(scope: Scope, event: EventRecord, request: UpdateEventRequest): boolean {
  const { registration_capacity: capacity, waitlist_enabled: waitlist } = request;
  const approval = request.registration_approval_required;
  if (capacity !== undefined && capacity !== null && capacity !== event.registration_capacity)
    requirePlanFeature(scope, 'registrantCap');
  if (waitlist === true && !event.waitlist_enabled) requirePlanFeature(scope, 'waitlist');
  return (
    (capacity !== undefined && capacity !== event.registration_capacity) ||
    (waitlist !== undefined && waitlist !== event.waitlist_enabled) ||
    (approval !== undefined && approval !== event.registration_approval_required)
  );
}

export function createEventsService(deps: EventsServiceDeps) {
  const { db, events, scopes, tags, workflows } = deps;

  async function visibleEvent(scope: Scope, id: string, tx?: Executor): Promise<EventRecord> {
    const event = await events.find(scope, id, tx);
    if (!event) throw notFound();
    return event;
  }

  /** The event as the studio answers it (its registration page too), if the scope sees it. */
  async function answeredEvent(scope: Scope, id: string): Promise<AnsweredEventRecord> {
    const event = await events.findAnswered(scope, id);
    if (!event) throw notFound();
    return event;
  }

  /** One event as its GET and PATCH answer it: with its branding and its tracking snippet. */
  async function detailOf(record: AnsweredEventRecord): Promise<StudioEventDetail> {
    const snippet = await deps
      .trackingSnippets()
      .trackingSnippetOf({ id: record.id, organizationId: record.organization_id });
    return {
      ...toEvent(record),
      ...deps.branding.answer(record),
      splash_tracking_pixel_snippet: { body_section_script: snippet },
    };
  }

  /** The registration page a request gives (undefined: left as it is), checked before the transaction. */
  const pageWriteOf = (scope: Scope, page: PageDocument | null | undefined) =>
    page === undefined ? undefined : deps.registrationPages().checked(scope.organizationId, 'event', page);

  async function seriesIdFor(
    scope: Scope,
    series: string | null | undefined,
    tx?: Executor,
  ): Promise<string | null | undefined> {
    if (!series) return series;
    const found = await deps.series.seriesFor(scope, series, tx);
    if (found.is_repeating) throw fieldError('series', eventServerMessages.repeatingSeriesEvents);
    return found.id;
  }

  /** Copies a repeating event's programme and branding to its later occurrences, in a job. */
  async function syncSeriesProgramme(seriesId: string): Promise<void> {
    await deps.jobs.ready();
    await deps.jobs.send(syncSeriesProgrammeJob, { seriesId });
    deps.jobs.nudge(syncSeriesProgrammeJob);
  }

  /** After a committed change of what a repeating event's holder carries: the later occurrences follow. */
  async function syncSeriesHeldBy(eventId: string): Promise<void> {
    const seriesId = await events.seriesHoldingProgramme(eventId, new Date());
    if (seriesId) await syncSeriesProgramme(seriesId);
  }

  return {
    visibleEvent,
    answeredEvent,
    ...createEventLists({ events, scopes }),

    async get(caller: Caller, id: string, withMetadata = false): Promise<StudioEventDetail> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      const event = await answeredEvent(scope, id);
      if (!withMetadata) return detailOf(event);
      const [hubPages, parentStatus] = await Promise.all([
        events.hubPagesOf(event.id),
        workflows.statusOf(event.id),
      ]);
      return {
        ...(await detailOf(event)),
        metadata: {
          time_status: eventTimeStatus(event, new Date()),
          is_repeating: Boolean(event.series_is_repeating),
          occurrence_key: event.occurrence_key,
          duplicated_from: event.duplicated_from,
          workflow_status: parentStatus === 'RUNNING' || !event.is_ready ? 'RUNNING' : 'COMPLETED',
          hub_pages: hubPages,
          calendar_sequence: event.calendar_sequence,
        },
      };
    },

    async create(caller: Caller, request: CreateEventRequest): Promise<StudioEvent> {
      const scope = await scopes.scopeOf(caller, 'event:create');
      checkOrganization(scope, request.organization);
      const template = request.template
        ? await deps.templates.templateFor(scope, request.template)
        : undefined;
      const settings = template?.settings;
      const workspaceId = await scopes.workspaceFor(scope, request.workspace);
      const seriesId = (await seriesIdFor(scope, request.series)) ?? null;
      const tagIds = await tags.checkTagIds(scope.organizationId, request.tags ?? settings?.tags ?? []);
      const now = new Date();
      const start = request.start_time ?? now;
      const end =
        request.end_time ?? new Date(start.getTime() + (settings ? settings.duration_minutes * 60_000 : 0));
      if (end < start) throw fieldError('end_time', eventServerMessages.endBeforeStart);
      requirePlanFeature(scope, hostTypePlanFeature(request.host_type ?? settings?.host_type));
      const fromTemplate = settings
        ? settingsColumns({ ...settings, registration_form_data: template?.registration_form_data })
        : {};
      const fromRequest = settingsColumns(request);
      const defined = Object.fromEntries(
        Object.entries(fromRequest).filter(([, value]) => value !== undefined),
      );
      const pageWrite = await pageWriteOf(scope, request.builder_raw_json);
      // The template's branding, else the organisation's brand kit.
      const branding = template ?? (await deps.branding.startingBranding(scope.organizationId));
      const id = await db.transaction().execute(async (tx) => {
        const eventId = await events.insert(
          {
            ...fromTemplate,
            ...defined,
            organization_id: scope.organizationId,
            workspace_id: workspaceId,
            series_id: seriesId,
            title: request.title,
            event_type: request.event_type ?? settings?.event_type ?? 'Conference',
            host_type: (defined.host_type as HostType | undefined) ?? settings?.host_type ?? 'Virtual',
            start_time: start,
            end_time: end,
            timezone: request.timezone ?? settings?.timezone ?? 'UTC',
            template_id: template?.id ?? null,
            stage_roll_video_asset_id: template?.stage_roll_video_asset_id ?? null,
            filler_slide_id: template?.filler_slide_id ?? null,
            ...brandingColumns(branding),
            created_by: scope.userId,
          },
          tx,
        );
        await events.setTags(eventId, tagIds, tx);
        const holder =
          template?.programme_event_id && (await events.findById(template.programme_event_id, tx));
        if (holder) await copyProgramme(deps.copySteps(), holder, { id: eventId, start_time: start }, tx);
        // The template's pages, then the page the request gives (given fields win).
        if (template)
          await deps
            .registrationPages()
            .copy(
              { ownerType: 'template', ownerId: template.id },
              { ownerType: 'event', ownerId: eventId },
              tx,
            );
        await pageWrite?.(eventId, scope.userId, tx);
        return eventId;
      });
      return toEvent(await answeredEvent(scope, id));
    },

    /** The scope of a member the route guard let in (computed once per request). */
    scopeFor: (member: OrganizationCaller) => scopes.scopeFor(member),

    /** The event if the scope sees it (the route guard's load). */
    findVisible: (scope: Scope, id: string) => events.find(scope, id),

    /** PATCH of the event the guard loaded with its scope; branding fields need branding:update. */
    async update(
      { scope, object: event }: { scope: Scope; object: EventRecord },
      request: UpdateEventRequest,
    ): Promise<StudioEventDetail> {
      requirePatchPermissions(scope, request);
      const brandingWrite = deps.branding.checked(event, request, {
        eventType: request.event_type ?? event.event_type,
        boothsTab: boothsTabOffered(scope),
        startTime: event.start_time,
        // The filler slide is locked too, but kept in its own column.
        lockedValues: { filler_slide: event.filler_slide_id },
      });
      const registrationChanged = checkRegistrationSettings(scope, event, request);
      if (request.host_type && request.host_type !== event.host_type)
        requirePlanFeature(scope, hostTypePlanFeature(request.host_type));
      const stageRollVideoId = await checkedStageRollVideo(
        deps.videos,
        scope.organizationId,
        request.stage_roll_video_asset,
      );
      const fillerSlideId = await checkedFillerSlide(
        deps.fillerSlides,
        scope.organizationId,
        request.filler_slide,
      );
      await workflows.assertReady(event.id, EVENT_ACTIONS.update);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, event.workspace_id);
      const start = request.start_time ?? event.start_time;
      const end = request.end_time ?? event.end_time;
      if (end < start) throw fieldError('end_time', eventServerMessages.endBeforeStart);
      const scheduleChanged =
        start.getTime() !== event.start_time.getTime() || end.getTime() !== event.end_time.getTime();
      let seriesId: string | null | undefined;
      if (request.series !== undefined && request.series !== event.series_id) {
        if (event.occurrence_key) throw fieldError('series', eventServerMessages.occurrenceOfRepeatingSeries);
        seriesId = await seriesIdFor(scope, request.series);
      }
      const tagIds = request.tags ? await tags.checkTagIds(scope.organizationId, request.tags) : undefined;
      const pageWrite = await pageWriteOf(scope, request.builder_raw_json);
      // Registration's listeners may enqueue emails in the transaction: the queue starts before it
      // (on the embedded database its first start needs the one connection the transaction holds).
      if (registrationChanged) await deps.jobs.ready();
      await db.transaction().execute(async (tx) => {
        await events.update(
          scope.organizationId,
          event.id,
          {
            ...settingsColumns(request),
            title: request.title,
            event_type: request.event_type,
            start_time: request.start_time,
            end_time: request.end_time,
            timezone: request.timezone,
            workspace_id: workspaceId,
            series_id: seriesId,
            stage_roll_video_asset_id: stageRollVideoId,
            filler_slide_id: fillerSlideId,
            ...brandingColumns(brandingWrite),
            ...(scheduleChanged ? { calendar_sequence: event.calendar_sequence + 1 } : {}),
          },
          tx,
        );
        if (tagIds) await events.setTags(event.id, tagIds, tx);
        await pageWrite?.(event.id, scope.userId, tx);
        if (registrationChanged)
          for (const listener of deps.registrationSettingsChanged())
            await listener(scope.organizationId, event.id, tx);
      });
      if (scheduleChanged || stageRollVideoId !== undefined || fillerSlideId !== undefined)
        for (const listener of deps.stageChanged()) await listener(event.id);
      if (scheduleChanged)
        for (const listener of deps.timesChanged())
          await listener(scope.organizationId, event.id, { startTime: start, endTime: end });
      if (brandingWrite || fillerSlideId !== undefined) await syncSeriesHeldBy(event.id);
      return detailOf(await answeredEvent(scope, event.id));
    },

    /**
     * `POST /api/event/{id}/apply_brand_kit/`: the organisation's kit onto the event; within 60 minutes of its start the locked settings keep their values (002 §5.4).
     */
    async applyBrandKit(caller: Caller, id: string): Promise<StudioEventDetail> {
      const scope = await scopes.scopeOf(caller, 'branding:update');
      const event = await visibleEvent(scope, id);
      await workflows.assertReady(event.id, EVENT_ACTIONS.update);
      const request = await deps.branding.kitRequest(scope.organizationId, event.start_time);
      const write = deps.branding.checked(event, request, {
        eventType: event.event_type,
        boothsTab: boothsTabOffered(scope),
        startTime: event.start_time,
      });
      await events.update(scope.organizationId, event.id, { ...brandingColumns(write) });
      await syncSeriesHeldBy(event.id);
      return detailOf(await answeredEvent(scope, event.id));
    },

    /** Deleting an occurrence of a repeating event keeps its date out of later edits of the rule. */
    async delete(caller: Caller, id: string): Promise<void> {
      const scope = await scopes.scopeOf(caller, 'event:delete');
      const event = await visibleEvent(scope, id);
      await workflows.assertReady(event.id, EVENT_ACTIONS.delete);
      await db.transaction().execute(async (tx) => {
        const deleted = await events.delete(scope.organizationId, event.id, tx);
        if (!deleted) throw notFound();
        if (deleted.series_id && deleted.occurrence_key)
          await deps.series.excludeOccurrence(deleted.series_id, deleted.occurrence_key, tx);
      });
    },

    /** For the home's checklist: whether branding is set on any event or template the caller sees. */
    async brandingSet(caller: Caller): Promise<boolean> {
      return events.anyBranded(await scopes.scopeOf(caller, 'event:read'));
    },

    /** For workflow status and other modules: whether the caller sees this event. */
    async isVisible(caller: Caller, id: string): Promise<boolean> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      return (await events.find(scope, id)) !== undefined;
    },

    /** A plain series takes these events (already checked visible). */
    attachToSeries: (scope: Scope, eventIds: string[], seriesId: string, tx?: Executor) =>
      events.setSeries(scope.organizationId, eventIds, seriesId, tx),

    /** A plain series' events become exactly these. */
    async setSeriesEvents(scope: Scope, seriesId: string, eventIds: string[], tx?: Executor): Promise<void> {
      await events.detachFromSeries(seriesId, eventIds, tx);
      await events.setSeries(scope.organizationId, eventIds, seriesId, tx);
    },

    /** get_cached_data of a series: upcoming and past counts (as the list filters say) and the next event. */
    async seriesCachedData(scope: Scope, seriesId: string, now: Date) {
      const one = { limit: 1, offset: 0 };
      const [upcoming, past, next] = await Promise.all([
        events.list(scope, { series: [seriesId], end_time_gte: now, ordering: 'start_time' }, one),
        events.list(scope, { series: [seriesId], end_time_lte: now, ordering: 'start_time' }, one),
        events.list(scope, { series: [seriesId], start_time_gte: now, ordering: 'start_time' }, one),
      ]);
      const first = next.rows[0];
      return {
        upcoming_events_count: upcoming.count,
        past_events_count: past.count,
        next_event: first ? toMinimal(first) : null,
      };
    },

    /**
     * For other areas (the video library's `event_ids`, `event_tag`, `series_id` filters): the
     * organisation's event ids matching every given criterion; the tag by id or name (any case).
     */
    eventIdsMatching: (
      organizationId: string,
      filter: { eventIds?: readonly string[]; eventTag?: string; seriesId?: string },
    ) => events.idsMatching(organizationId, filter),

    /**
     * For the programme's areas: the event with the caller's scope when the caller has the
     * permission (403 otherwise) and sees the event (404 otherwise, also for a malformed id).
     */
    async programmeEventOf(
      caller: Caller,
      eventId: string,
      permission: 'event:read' | 'event:update',
    ): Promise<{ scope: Scope; event: ProgrammeEvent }> {
      const scope = await scopes.scopeOf(caller, permission);
      return { scope, event: toProgrammeEvent(await visibleEvent(scope, eventId)) };
    },

    /**
     * A template's programme: a hidden event (in no list) at the source's times, holding a copy of
     * the source's programme; answers its id.
     */
    async holdTemplateProgramme(
      source: EventRecord,
      workspaceId: string | null,
      tx: Executor,
    ): Promise<string> {
      const holderId = await events.insert(
        {
          organization_id: source.organization_id,
          workspace_id: workspaceId,
          title: source.title,
          event_type: source.event_type,
          host_type: source.host_type,
          start_time: source.start_time,
          end_time: source.end_time,
          timezone: source.timezone,
          holds_template_programme: true,
        },
        tx,
      );
      await copyProgramme(
        deps.copySteps(),
        source,
        { id: holderId, start_time: source.start_time, holds_template_programme: true },
        tx,
      );
      return holderId;
    },

    /** The hidden event of a template's programme, by id (a template's copy and deletion). */
    templateProgrammeEvent: async (id: string, tx?: Executor) => {
      const event = await events.findById(id, tx);
      return event?.holds_template_programme ? event : undefined;
    },

    deleteTemplateProgramme: async (id: string, tx: Executor) => {
      const event = await events.findById(id, tx);
      if (event?.holds_template_programme) await events.deleteByIds([id], tx);
    },

    /** The occurrence a repeating event's programme is edited on (its first not started). */
    async programmeEventOfSeries(seriesId: string): Promise<string | null> {
      const [holder] = await events.notStartedOccurrences(seriesId, new Date());
      return holder?.id ?? null;
    },

    syncSeriesProgramme,

    /**
     * Every programme area calls this after a committed change of an event's programme: when the
     * event holds a repeating event's programme, its later occurrences get the change.
     */
    async programmeChanged(eventId: string): Promise<void> {
      await syncSeriesHeldBy(eventId);
      for (const listener of deps.stageChanged()) await listener(eventId);
    },

    /** For the programme's video usage entries (no caller): these events of the organisation. */
    async programmeEventsByIds(organizationId: string, ids: readonly string[]): Promise<ProgrammeEvent[]> {
      const found = await Promise.all([...new Set(ids)].map((id) => events.findById(id)));
      return found.flatMap((event) =>
        event?.organization_id === organizationId ? [toProgrammeEvent(event)] : [],
      );
    },

    /**
     * For registration (no caller): the event with its registration settings, by id; with `lock`,
     * its row stays locked until `tx` ends (capacity is checked one writer at a time).
     */
    async registrationEventOf(
      id: string,
      tx: Executor,
      lock: boolean,
    ): Promise<RegistrationEvent | undefined> {
      if (!isUuid(id)) return undefined;
      const event = lock ? await events.lockForRegistration(id, tx) : await events.findById(id, tx);
      if (!event || event.holds_template_programme) return undefined;
      return {
        ...toProgrammeEvent(event),
        host_type: event.host_type,
        is_ready: event.is_ready,
        is_blueprint: event.is_blueprint,
        registration_capacity: event.registration_capacity,
        waitlist_enabled: event.waitlist_enabled,
        registration_approval_required: event.registration_approval_required,
      };
    },

    /** For a series registration (no caller): the ids of a series' events that have not ended. */
    async registrableEventsOfSeries(
      seriesId: string,
      now: Date,
    ): Promise<{ organizationId: string; eventIds: string[] } | undefined> {
      if (!isUuid(seriesId)) return undefined;
      const rows = await events.notEndedOfSeries(seriesId, now);
      const first = rows[0];
      return first && { organizationId: first.organization_id, eventIds: rows.map((row) => row.id) };
    },

    /** For pages with no studio caller (the attendee origin, magic links): the event, by id. */
    async programmeEventById(id: string, tx?: Executor): Promise<ProgrammeEvent | undefined> {
      const event = isUuid(id) ? await events.findById(id, tx) : undefined;
      return event && !event.holds_template_programme ? toProgrammeEvent(event) : undefined;
    },

    /** For the stage (no caller): the event with its buffer video, by id. */
    async stageEventById(id: string): Promise<StageEvent | undefined> {
      const event = isUuid(id) ? await events.findById(id) : undefined;
      return event && !event.holds_template_programme
        ? {
            ...toProgrammeEvent(event),
            bufferVideoId: event.stage_roll_video_asset_id,
            fillerSlideId: event.filler_slide_id,
          }
        : undefined;
    },

    /** Registration forms (issue 16): the form an event asks (`registration_form_data`), any organisation. */
    async registrationFormOf(
      eventId: string,
      tx?: Executor,
    ): Promise<{ organizationId: string; form: RegistrationFormLink | null } | undefined> {
      const event = await events.findById(eventId, tx);
      return event && { organizationId: event.organization_id, form: event.registration_form_data };
    },

    /** Makes `form` (or none) the event's registration form. */
    async setRegistrationForm(
      organizationId: string,
      eventId: string,
      form: RegistrationFormLink | null,
      tx?: Executor,
    ): Promise<void> {
      await events.update(
        organizationId,
        eventId,
        { registration_form: form?.id ?? null, registration_form_data: JSON.stringify(form) },
        tx,
      );
    },

    /** How many events ask each of these forms (forms not asked are absent). */
    async registrationFormUsage(
      organizationId: string,
      formIds: readonly string[],
      tx?: Executor,
    ): Promise<Map<string, number>> {
      const rows = await events.registrationFormUsage(organizationId, formIds, tx);
      return new Map(rows.map((row) => [row.registration_form ?? '', Number(row.count)]));
    },

    /**
     * For the attendee origin's public pages (no caller): the event with what its pages show;
     * undefined for blueprints and templates' programmes, which are never public.
     */
    async publicEventById(id: string): Promise<PublicEvent | undefined> {
      const event = isUuid(id) ? await events.findById(id) : undefined;
      if (!event || event.holds_template_programme || event.is_blueprint) return undefined;
      return {
        ...toProgrammeEvent(event),
        branding: { branding: event.branding, theme_obj: event.theme_obj },
        registrationForm: event.registration_form_data,
      };
    },

    /** For the attendee origin's series page: the series and its events not yet ended. */
    publicSeries: (seriesId: string): Promise<PublicSeries | undefined> =>
      isUuid(seriesId) ? events.publicSeries(seriesId, new Date()) : Promise.resolve(undefined),

    /** For the people's reminders (no caller): scheduled events starting in (from, to], any organisation. */
    async startingBetween(from: Date, to: Date): Promise<ScheduledEvent[]> {
      const rows = await events.startingBetween(from, to);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        organizationId: row.organization_id,
        start_time: row.start_time,
        end_time: row.end_time,
        timezone: row.timezone,
      }));
    },

    /** Of these ids, the events the scope sees (hub pages, series membership). */
    visibleIds: (scope: Scope, ids: string[], tx?: Executor) => events.visibleIds(scope, ids, tx),
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
