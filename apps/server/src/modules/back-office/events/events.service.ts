import {
  EVENT_ACTIONS,
  eventServerMessages,
  hostTypePlanFeature,
  isScheduled,
  type StudioEventDetail,
  type UpdateEventRequest,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { EventCopyStep, RegistrationSettingsPort, TemplateCopyLink } from '../event-copy.ts';
import { requirePatchPermissions, type Scope, type Scopes } from '../event-scope.ts';
import { checkedStageMedia, type FillerSlideStates } from '../filler-slides.ts';
import { requirePlanFeature } from '../plan-gates.ts';
import type { LibraryVideos } from '../stage-roll-videos.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import { createEventCreation } from './create-event.ts';
import type { EventCore } from './event-core.service.ts';
import type { CalendarUpdates } from './calendar-updates.ts';
import {
  boothsTabOffered,
  brandingColumns,
  checkWistiaOffered,
  settingsColumns,
  type BrandingLink,
  type RegistrationPagesLink,
  type SeriesLink,
  type TemplateLink,
  type TrackingSnippetsLink,
} from './event-links.ts';
import { eventTimeStatus } from './events.answers.ts';
import type { EventRecord, EventsRepository } from './events.repository.ts';
import { createStudioEventSupport } from './studio-event-support.ts';

export type { Occurrences } from './occurrences.ts';
export {
  boothsTabOffered,
  brandingColumns,
  type BrandingLink,
  type PageOwnerRef,
  type RegistrationPagesLink,
  type SeriesLink,
  type TemplateLink,
  type TrackingSnippetsLink,
} from './event-links.ts';

export interface EventsServiceDeps {
  db: Executor;
  events: EventsRepository;
  /** The event core the use cases build on (visibility, series sync, the stage's listeners). */
  core: EventCore;
  scopes: Scopes;
  tags: TagsService;
  workflows: WorkflowsService;
  series: SeriesLink;
  templates: TemplateLink;
  videos: LibraryVideos;
  /** The filler-slides module (a link: it is built after the back office). */
  fillerSlides: () => FillerSlideStates;
  /** The later areas' copy steps (module links): an event made from a template copies its programme. */
  copySteps: () => readonly EventCopyStep[];
  /** Registration's settings (a module link): an event made from a template gets the template's. */
  registrationSettings: () => RegistrationSettingsPort;
  /** The pages area (module link): the registration page (`builder_raw_json`). */
  registrationPages: () => RegistrationPagesLink;
  /** Branding's rules and brand kit (the branding module). */
  branding: BrandingLink;
  /** The code areas (module link): an event's tracking snippet, answered with the event. */
  trackingSnippets: () => TrackingSnippetsLink;
  /** The code areas (module link): an event made from a template gets the template's tracking pixels. */
  templateCopies: () => readonly TemplateCopyLink[];
  /** Registrants' calendar entries: updated when only the place changed, withdrawn when the event is deleted. */
  calendar: Pick<CalendarUpdates, 'entryChanged' | 'ready' | 'deleting' | 'deleted'>;
}

/**
 * The studio's event use cases (`/api/event/`): show, create (create-event.ts), edit, apply the
 * brand kit, delete; the lists are the core's, duplication and the other actions event-actions.ts.
 */
export function createEventsService(deps: EventsServiceDeps) {
  const { db, events, core, scopes, tags, workflows } = deps;
  const { visibleEvent, syncSeriesHeldBy } = core;
  const { scopeFor, findVisible } = scopes.itemsOf(events);
  const support = createStudioEventSupport(deps);
  const { answeredEvent, detailOf, pageWriteOf, seriesIdFor } = support;

  return {
    // The core's reads too, for the wiring that still hands the whole service to other areas.
    ...core,
    answeredEvent,

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

    create: createEventCreation(deps, support),

    /** The route guard's scope and load of the event the path names. */
    scopeFor,
    findVisible,

    /** PATCH of the event the guard loaded with its scope; branding fields need branding:update. */
    async update(
      { scope, object: event }: { scope: Scope; object: EventRecord },
      request: UpdateEventRequest,
    ): Promise<StudioEventDetail> {
      requirePatchPermissions(scope, request);
      const brandingTarget = {
        eventType: request.event_type ?? event.event_type,
        boothsTab: boothsTabOffered(scope),
        startTime: event.start_time,
        // The filler slide is locked too, but kept in its own column.
        lockedValues: { filler_slide: event.filler_slide_id },
      };
      const brandingWrite = deps.branding.checked(event, request, brandingTarget);
      if (request.host_type && request.host_type !== event.host_type)
        requirePlanFeature(scope, hostTypePlanFeature(request.host_type));
      if (request.host_type !== undefined || request.wistia_project_id !== undefined)
        checkWistiaOffered({
          host_type: request.host_type ?? event.host_type,
          wistia_project_id:
            request.wistia_project_id === undefined ? event.wistia_project_id : request.wistia_project_id,
        });
      const { stageRollVideoId, fillerSlideId } = await checkedStageMedia(
        deps,
        scope.organizationId,
        request,
      );
      await workflows.assertReady(event.id, EVENT_ACTIONS.update);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, event.workspace_id);
      const start = request.start_time ?? event.start_time;
      const end = request.end_time ?? event.end_time;
      if (end < start) throw fieldError('end_time', eventServerMessages.endBeforeStart);
      const scheduled = isScheduled(request.event_type ?? event.event_type);
      const scheduleChanged =
        start.getTime() !== event.start_time.getTime() ||
        end.getTime() !== event.end_time.getTime() ||
        // A recording has no schedule: an event turned into one, or back, has another schedule.
        scheduled !== isScheduled(event.event_type);
      // The calendar entry says where too: a new place is an update of it (a higher SEQUENCE).
      const placeChanged = request.location !== undefined && request.location !== event.location;
      let seriesId: string | null | undefined;
      if (request.series !== undefined && request.series !== event.series_id) {
        if (event.occurrence_key) throw fieldError('series', eventServerMessages.occurrenceOfRepeatingSeries);
        seriesId = await seriesIdFor(scope, request.series);
      }
      const tagIds = request.tags ? await tags.checkTagIds(scope.organizationId, request.tags) : undefined;
      const pageWrite = await pageWriteOf(scope, request.builder_raw_json);
      await db.transaction().execute(async (tx) => {
        // The fields sent are merged into the branding as stored under the row's lock, not as the
        // guard read it: concurrent saves of different fields all stay.
        const stored = brandingWrite && (await events.lockedBranding(event.id, tx));
        const branding = stored ? deps.branding.checked(stored, request, brandingTarget) : brandingWrite;
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
            ...brandingColumns(branding),
          },
          tx,
        );
        if (scheduleChanged || placeChanged) await events.nextCalendarSequence(event.id, tx);
        if (tagIds) await events.setTags(event.id, tagIds, tx);
        await pageWrite?.(event.id, scope.userId, tx);
      });
      if (scheduleChanged || stageRollVideoId !== undefined || fillerSlideId !== undefined)
        await core.stageChanged(event.id);
      const timezoneChanged = request.timezone !== undefined && request.timezone !== event.timezone;
      if (
        scheduleChanged ||
        timezoneChanged ||
        (request.title !== undefined && request.title !== event.title)
      )
        await core.eventUpdated(scope.organizationId, event.id);
      if (scheduleChanged)
        await core.timesChanged(
          scope.organizationId,
          event.id,
          scheduled ? { startTime: start, endTime: end } : null,
        );
      else if (placeChanged) await deps.calendar.entryChanged(scope.organizationId, event.id);
      if (brandingWrite || fillerSlideId !== undefined) await syncSeriesHeldBy(event.id);
      return detailOf(await answeredEvent(scope, event.id));
    },

    /**
     * `POST /api/event/{id}/apply_brand_kit/`: the organisation's kit onto the event; within 60 minutes of its start the locked settings keep their values (002 §5.4).
     */
    /** The brand kit applied to the event the guard loaded with its scope (branding:update checked). */
    async applyBrandKit({
      scope,
      object: event,
    }: {
      scope: Scope;
      object: EventRecord;
    }): Promise<StudioEventDetail> {
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
      await deps.calendar.ready();
      await db.transaction().execute(async (tx) => {
        await deps.calendar.deleting(event, tx);
        const deleted = await events.delete(scope.organizationId, event.id, tx);
        if (!deleted) throw notFound();
        if (deleted.series_id && deleted.occurrence_key)
          await deps.series.excludeOccurrence(deleted.series_id, deleted.occurrence_key, tx);
      });
      deps.calendar.deleted();
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
