import { EVENT_UPDATED } from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import type { EventCopyStep } from '../event-copy.ts';
import type { Scope, Scopes } from '../event-scope.ts';
import { createAttendeeEventReads } from './attendee-event-reads.ts';
import { createEventLists } from './event-lists.ts';
import {
  toProgrammeEvent,
  type ProgrammeEvent,
  type ScheduledEvent,
  type StageEvent,
} from './event-reads.ts';
import { syncSeriesProgrammeJob } from './events.jobs.ts';
import type { EventsRepository } from './events.repository.ts';
import { createSeriesEvents } from './series-events.ts';
import { createTemplateProgrammes } from './template-programmes.ts';

export type {
  ProgrammeEvent,
  PublicEvent,
  PublicSeries,
  RegistrationEvent,
  RegistrationFormLink,
  ScheduledEvent,
  StageEvent,
  StoredBranding,
} from './event-reads.ts';

/** Told after a committed change of what decides an event's stage: its times, buffer video or programme. */
export type StageChanged = (eventId: string) => Promise<void>;
/**
 * The event's start or end changed (an edit or a reschedule), or it became a recording or stopped
 * being one, after the change committed. `times` null: it has no schedule now (a recording).
 */
export type EventTimesChanged = (
  organizationId: string,
  eventId: string,
  times: { startTime: Date; endTime: Date } | null,
) => Promise<void>;

export interface EventCoreDeps {
  events: EventsRepository;
  scopes: Scopes;
  /** Repeating events' programme copies run as jobs (events.jobs.ts). */
  jobs: JobQueue;
  /** The later areas' copy steps (module links): templates carry the programme through them. */
  copySteps: () => readonly EventCopyStep[];
  /** The stage's listeners (module links): told after the event's times, buffer video or programme changed. */
  stageChanged: () => readonly StageChanged[];
  /** Listeners of an event's new times (module links): email schedules, registrants' calendar update. */
  timesChanged: () => readonly EventTimesChanged[];
  /** The templates area's read: whether a template the scope sees has branding set. */
  templatesBranded: (scope: Scope) => Promise<boolean>;
  /** Event-scoped pushes: an event's new title or times reach its studios and attendees. */
  realtime: Pick<Realtime, 'publish'>;
}

/**
 * The event core (issue 32): the event row as every other area reads it (the studio's lists and
 * visibility by scope; for the attendee origin, jobs and mails, by id), series' and templates'
 * holds on events, and the change events areas subscribe to. The studio's event use cases
 * (events.service.ts) build on it; other areas depend on `EventCore` only.
 */
export function createEventCore(deps: EventCoreDeps) {
  const { events, scopes } = deps;

  const { visible: visibleEvent } = scopes.itemsOf(events);

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

  /** Every listener of a committed change of what decides an event's stage. */
  async function stageChanged(eventId: string): Promise<void> {
    for (const listener of deps.stageChanged()) await listener(eventId);
  }

  /** Every listener of an event's committed new start or end (null: it has no schedule now). */
  async function timesChanged(...[organizationId, eventId, times]: Parameters<EventTimesChanged>) {
    for (const listener of deps.timesChanged()) await listener(organizationId, eventId, times);
  }

  /** After a committed change of the event's title or times: what shows them reads it again. */
  async function eventUpdated(organizationId: string, eventId: string): Promise<void> {
    await deps.realtime.publish(organizationId, { type: EVENT_UPDATED, data: { eventId } }, { eventId });
  }

  return {
    visibleEvent,
    eventUpdated,
    syncSeriesProgramme,
    syncSeriesHeldBy,
    stageChanged,
    timesChanged,
    ...createEventLists({ events, scopes }),
    ...createSeriesEvents(events),
    ...createTemplateProgrammes(events, deps.copySteps),
    ...createAttendeeEventReads(events),

    /** For the home's checklist: whether branding is set on any event or template the caller sees. */
    async brandingSet(caller: Caller): Promise<boolean> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      return (await events.anyBranded(scope)) || deps.templatesBranded(scope);
    },

    /** For workflow status and other modules: whether the caller sees this event. */
    async isVisible(caller: Caller, id: string): Promise<boolean> {
      const scope = await scopes.scopeOf(caller, 'event:read');
      return (await events.find(scope, id)) !== undefined;
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
     * permission (403 otherwise) and sees the event (404 otherwise, also for a malformed id);
     * `integration:update` for its integrations (`eventIntegrationRight`).
     */
    async programmeEventOf(
      caller: Caller,
      eventId: string,
      permission: 'event:read' | 'event:update' | 'integration:update',
    ): Promise<{ scope: Scope; event: ProgrammeEvent }> {
      const scope = await scopes.scopeOf(caller, permission);
      return { scope, event: toProgrammeEvent(await visibleEvent(scope, eventId)) };
    },

    /**
     * Every programme area calls this after a committed change of an event's programme: when the
     * event holds a repeating event's programme, its later occurrences get the change.
     */
    async programmeChanged(eventId: string): Promise<void> {
      await syncSeriesHeldBy(eventId);
      await stageChanged(eventId);
    },

    /** For the programme's video usage entries (no caller): these events of the organisation. */
    async programmeEventsByIds(organizationId: string, ids: readonly string[]): Promise<ProgrammeEvent[]> {
      return (await events.findManyOf(organizationId, ids)).map(toProgrammeEvent);
    },

    /** For the marketing connectors (no caller): the event's Marketo program, Pardot list and Wistia project. */
    async marketingIdsOf(id: string, tx?: Executor) {
      const event = isUuid(id) ? await events.marketingIdsOf(id, tx) : undefined;
      if (!event) throw notFound();
      return {
        marketoProgramId: event.marketo_campaign_id,
        pardotList: event.pardot_list,
        wistiaProjectId: event.wistia_project_id,
        /** Wistia is offered by it (`wistiaOffered`). */
        hostType: event.host_type,
      };
    },

    /** Stores what the marketing connectors found at the vendor for an event the caller manages. */
    async setMarketingIds(
      event: { organizationId: string; id: string },
      ids: {
        marketo_campaign_id?: string;
        pardot_list?: { list_id: number; activity_type: string };
        wistia_project_id?: string;
      },
    ): Promise<void> {
      const changes = {
        marketo_campaign_id: ids.marketo_campaign_id,
        wistia_project_id: ids.wistia_project_id,
        pardot_list: ids.pardot_list && JSON.stringify(ids.pardot_list),
      };
      if (!(await events.update(event.organizationId, event.id, changes))) throw notFound();
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
        location: row.location,
        host_type: row.host_type,
      }));
    },

    /** Of these ids, the events the scope sees (hub pages, series membership). */
    visibleIds: (scope: Scope, ids: string[], tx?: Executor) => events.visibleIds(scope, ids, tx),
  };
}

export type EventCore = ReturnType<typeof createEventCore>;
