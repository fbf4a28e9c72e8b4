import {
  isScheduled,
  duplicationWorkflowIds,
  EVENT_ACTIONS,
  eventCopyTitle,
  eventMessages,
  eventNotReadyMessage,
  eventServerMessages,
  type CanRescheduleAnswer,
  type DuplicateEventRequest,
  type SendCalendarInvitesAnswer,
  type StudioEvent,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, HttpError } from '../../../platform/http/errors.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { RescheduleStep } from '../event-copy.ts';
import type { WorkflowsService } from '../workflows/workflows.service.ts';
import type { CalendarUpdates } from './calendar-updates.ts';
import type { Scope, Scopes } from '../event-scope.ts';
import { eventTimeStatus, toEvent } from './events.answers.ts';
import { duplicateEventJob } from './events.jobs.ts';
import type { EventRecord, EventsRepository } from './events.repository.ts';
import { brandingColumns, type EventsService, type SeriesLink } from './events.service.ts';

export interface EventActionsDeps {
  db: Executor;
  events: EventsRepository;
  eventsService: EventsService;
  scopes: Scopes;
  workflows: WorkflowsService;
  series: SeriesLink;
  /** The durable queue: the duplication job is enqueued with the copy (see events.jobs.ts). */
  jobs: JobQueue;
  /** The event's calendar invitations. */
  calendar: Pick<CalendarUpdates, 'sendInvites'>;
  /** The areas' parts of a reschedule (the programme moves with the event). */
  rescheduleSteps: () => readonly RescheduleStep[];
}

/** The event of the path and the caller's scope, as the route guard computed them once. */
type GuardedEvent = { scope: Scope; object: EventRecord };

const notReady = (action: string) => new HttpError(409, 'EVENT_NOT_READY', eventNotReadyMessage(action));

/** Reschedule, duplicate (as a job) and calendar invitations. */
export function createEventActions(deps: EventActionsDeps) {
  const { db, events, eventsService, scopes, workflows } = deps;

  function whyNotReschedule(event: EventRecord, now: Date): string | null {
    if (!event.is_ready) return eventNotReadyMessage(EVENT_ACTIONS.reschedule);
    if (!isScheduled(event.event_type)) return eventServerMessages.recordingCannotReschedule;
    const status = eventTimeStatus(event, now);
    if (status === 'past') return eventServerMessages.pastEventCannotReschedule;
    if (status === 'live') return eventServerMessages.liveEventCannotReschedule;
    return null;
  }

  return {
    async canReschedule(caller: Caller, id: string): Promise<CanRescheduleAnswer> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      const reason = whyNotReschedule(await eventsService.visibleEvent(scope, id), new Date());
      return { can_reschedule: reason === null, reason };
    },

    async reschedule(
      { scope, object: event }: GuardedEvent,
      request: { start_time: Date; end_time: Date; timezone?: string | undefined },
    ) {
      await workflows.assertReady(event.id, EVENT_ACTIONS.reschedule);
      const now = new Date();
      const reason = whyNotReschedule(event, now);
      if (reason) throw new HttpError(400, 'CANNOT_RESCHEDULE', reason);
      if (request.start_time <= now) throw fieldError('start_time', eventServerMessages.rescheduleToPast);
      // The event and its programme move together: a session keeps its place in the event.
      const shiftMs = request.start_time.getTime() - event.start_time.getTime();
      const moved = { id: event.id, organizationId: scope.organizationId };
      const committed = await db.transaction().execute(async (tx) => {
        await events.update(
          scope.organizationId,
          event.id,
          {
            start_time: request.start_time,
            end_time: request.end_time,
            timezone: request.timezone,
          },
          tx,
        );
        await events.nextCalendarSequence(event.id, tx);
        const told: (() => Promise<void>)[] = [];
        for (const step of deps.rescheduleSteps()) told.push(await step(moved, shiftMs, tx));
        return told;
      });
      for (const tell of committed) await tell();
      // What follows the event's times: the stage's schedule and the pending scheduled emails.
      await eventsService.stageChanged(event.id);
      await eventsService.eventUpdated(scope.organizationId, event.id);
      await eventsService.timesChanged(scope.organizationId, event.id, {
        startTime: request.start_time,
        endTime: request.end_time,
      });
      return {
        message: eventMessages.eventRescheduled,
        event: toEvent(await eventsService.answeredEvent(scope, event.id)),
      };
    },

    /** 202: the copy exists at once (not ready) and a job fills it; its workflows say when it is done. */
    async duplicate({ scope, object: source }: GuardedEvent, request: DuplicateEventRequest) {
      const { jobs } = deps;
      if (!source.is_ready) throw notReady(EVENT_ACTIONS.duplicate);
      const workspaceId = await scopes.workspaceFor(scope, request.workspace, source.workspace_id);
      let seriesId = source.occurrence_key ? null : source.series_id;
      if (request.series !== undefined) {
        seriesId = request.series === null ? null : (await deps.series.seriesFor(scope, request.series)).id;
      }
      const start = request.start_time ?? source.start_time;
      const end =
        request.end_time ??
        new Date(start.getTime() + (source.end_time.getTime() - source.start_time.getTime()));
      if (end < start) throw fieldError('end_time', eventServerMessages.endBeforeStart);
      // On PGlite the queue's first start cannot run inside the transaction below.
      await jobs.ready();
      const newId = await db.transaction().execute(async (tx) => {
        const eventId = await events.insert(
          {
            organization_id: scope.organizationId,
            workspace_id: workspaceId,
            series_id: seriesId,
            title: request.title ?? eventCopyTitle(source.title),
            event_type: source.event_type,
            host_type: source.host_type,
            start_time: start,
            end_time: end,
            timezone: request.timezone ?? source.timezone,
            stage_roll_video_asset_id: source.stage_roll_video_asset_id,
            filler_slide_id: source.filler_slide_id,
            ...brandingColumns(source),
            duplicated_from: source.id,
            created_by: scope.userId,
          },
          tx,
        );
        await workflows.startDuplication(scope.organizationId, eventId, tx);
        await jobs.send(duplicateEventJob, { eventId, sourceEventId: source.id }, { tx });
        return eventId;
      });
      jobs.nudge(duplicateEventJob);
      const ids = duplicationWorkflowIds(newId);
      const event: StudioEvent = toEvent(await eventsService.answeredEvent(scope, newId));
      return {
        id: newId,
        workflow_id: ids.parent,
        workflow_ids: [ids.parent, ids.eventDuplication, ids.asyncDuplication],
        status: 'RUNNING' as const,
        event,
      };
    },

    /**
     * Sends the event's current iCalendar invitation (METHOD:REQUEST, same UID, SEQUENCE of the
     * schedule) to its recipients. Without `forced`, people who already hold this version are
     * skipped; `only_attendees` leaves out the organisers.
     */
    async sendCalendarInvites(
      { object: event }: GuardedEvent,
      request: { forced: boolean; only_attendees: boolean },
    ): Promise<SendCalendarInvitesAnswer> {
      await workflows.assertReady(event.id, EVENT_ACTIONS.sendCalendarInvites);
      if (!isScheduled(event.event_type))
        throw new HttpError(400, 'NO_SCHEDULE', eventServerMessages.recordingCannotReschedule);
      return deps.calendar.sendInvites(event, request);
    },
  };
}

export type EventActions = ReturnType<typeof createEventActions>;
