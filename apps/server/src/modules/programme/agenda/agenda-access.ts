import {
  AGENDA_ITEM_UPDATED,
  BROADCAST_UPDATED,
  eventDays,
  overlapsByTrack,
  programmeTimeErrors,
  type AgendaItemUpdatedData,
  type Broadcast,
  type BroadcastSpeaker,
  type BroadcastUpdatedData,
  type PricingFeatureKey,
} from '@studio/domain';
import type { Scope } from '../../back-office/event-scope.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import { requirePlanFeature } from '../../back-office/plan-gates.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { studioUrlBase } from '../../../platform/http/studio-url.ts';
import { HttpError } from '../../../platform/http/errors.ts';
import type { OrganizationCaller } from '../../../platform/http/guard.ts';
import type { Realtime } from '../../../platform/realtime/gateway.ts';
import { toAgendaItem, toBroadcast } from './agenda.answers.ts';
import type { AgendaItemRecord, AgendaRepository, BroadcastRecord } from './agenda.repository.ts';

/** The speakers of sessions, by session (the people area provides them; issue 15). */
export type SessionSpeakers = (
  broadcastIds: readonly string[],
  tx?: Executor,
) => Promise<ReadonlyMap<string, readonly BroadcastSpeaker[]>>;

/** Told after a committed change of sessions' start or end (the people's calendar invitations follow). */
export type SessionsMoved = (
  organizationId: string,
  eventId: string,
  broadcastIds: readonly string[],
) => Promise<void>;

export interface AgendaDeps {
  db: Executor;
  agenda: AgendaRepository;
  events: Pick<EventCore, 'programmeEventOf' | 'programmeEventsByIds' | 'programmeChanged'>;
  realtime: Realtime;
  publicUrl: string;
  speakersOf: SessionSpeakers;
  sessionsMoved?: SessionsMoved | undefined;
  /** The live area: whether an RTMP input is one of the event's (an RTMP session plays it). */
  rtmpInputInEvent?: ((eventId: string, inputId: string, tx?: Executor) => Promise<boolean>) | undefined;
}

type Times = { start_time: Date; end_time: Date };
/** Whether a session's start or end differs. */
export const timesChanged = (before: Times, after: Times) =>
  before.start_time.getTime() !== after.start_time.getTime() ||
  before.end_time.getTime() !== after.end_time.getTime();

/** The event of a programme call and the caller's scope in it. */
export interface EventAccess {
  scope: Scope;
  event: ProgrammeEvent;
}

export type ProgrammePermission = 'event:read' | 'event:update';

/** What the guard loads for a path's object: the object with its event and the caller's scope. */
export type Loaded<T> = EventAccess & { object: T };

/** Access, rules and pushes the agenda's services share. */
export function createAgendaAccess(deps: AgendaDeps) {
  const { agenda, events, realtime } = deps;

  const pushBroadcast = (event: Pick<ProgrammeEvent, 'id' | 'organizationId'>, data: BroadcastUpdatedData) =>
    realtime.publish(event.organizationId, { type: BROADCAST_UPDATED, data }, { eventId: event.id });

  const speakersOf = async (
    rows: readonly BroadcastRecord[],
    tx?: Executor,
  ): Promise<ReadonlyMap<string, readonly BroadcastSpeaker[]>> =>
    rows.length > 0
      ? deps.speakersOf(
          rows.map((row) => row.id),
          tx,
        )
      : new Map();

  const access = (caller: Caller, eventId: string, permission: ProgrammePermission) =>
    events.programmeEventOf(caller, eventId, permission);

  return {
    access,

    /** The guard's load: the object if its event is one the caller may act on, else undefined (404). */
    async load<T extends { event_id: string }>(
      member: OrganizationCaller,
      object: T | undefined,
      permission: ProgrammePermission,
    ): Promise<Loaded<T> | undefined> {
      if (!object) return undefined;
      try {
        return { ...(await access(member, object.event_id, permission)), object };
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return undefined;
        throw error;
      }
    },

    /** 400 with every time field in error, when a block is outside its event or ends before it starts. */
    checkTimes(times: { start_time: Date; end_time: Date }, event: ProgrammeEvent): void {
      const errors = programmeTimeErrors(times, event);
      const [first] = Object.values(errors);
      if (first) throw new HttpError(400, 'VALIDATION_ERROR', first[0]!, errors);
    },

    requireFeatures(scope: Scope, features: readonly PricingFeatureKey[]): void {
      for (const feature of features) requirePlanFeature(scope, feature);
    },

    spansDays: (event: ProgrammeEvent) => eventDays(event, event.timezone).length > 1,

    /** The event's items with their overlaps; `ids` narrows the answer (not the computation). */
    async itemAnswers(eventId: string, ids?: readonly string[], tx?: Executor) {
      const rows = await agenda.itemsOf(eventId, tx);
      const overlaps = overlapsByTrack(rows.map((row) => ({ ...row, track: row.track_id })));
      const wanted = ids && new Set(ids);
      return rows.filter((row) => !wanted || wanted.has(row.id)).map((row) => toAgendaItem(row, overlaps));
    },

    /**
     * Sessions as answered to `caller` (their video thumbnails by studioUrlBase), with their speakers
     * read for all of them at once; with no caller (pushes, jobs), PUBLIC_URL's.
     */
    async sessionAnswers(
      rows: readonly BroadcastRecord[],
      tx?: Executor,
      caller: Caller | null = null,
    ): Promise<Broadcast[]> {
      const speakers = await speakersOf(rows, tx);
      const base = studioUrlBase(caller, deps.publicUrl);
      return rows.map((row) => toBroadcast(row, base, speakers.get(row.id)));
    },

    /** A session as pushed (PUBLIC_URL's) and as answered to the caller who changed it. */
    async sessionPushedAndAnswered(row: BroadcastRecord, caller: Caller) {
      const speakers = (await speakersOf([row])).get(row.id);
      return {
        pushed: toBroadcast(row, deps.publicUrl, speakers),
        answered: toBroadcast(row, studioUrlBase(caller, deps.publicUrl), speakers),
      };
    },

    /**
     * After a committed change: its pushes (`broadcast-updated`, then `agenda-item-updated`), with the
     * programme's listeners (a repeating event's later occurrences, the stage) told once between them.
     */
    async publish(
      event: ProgrammeEvent,
      pushes: { sessions?: readonly BroadcastUpdatedData[]; items?: readonly AgendaItemUpdatedData[] },
    ): Promise<void> {
      const { sessions = [], items = [] } = pushes;
      if (sessions.length === 0 && items.length === 0) return;
      for (const data of sessions) await pushBroadcast(event, data);
      await events.programmeChanged(event.id);
      for (const data of items)
        await realtime.publish(
          event.organizationId,
          { type: AGENDA_ITEM_UPDATED, data },
          { eventId: event.id },
        );
    },

    /** The push alone, for a change that is not the programme's (a simulive test run). */
    pushBroadcast,

    /** The pushes of deleted items. */
    deletedItems: (
      event: ProgrammeEvent,
      rows: readonly Pick<AgendaItemRecord, 'id'>[],
    ): AgendaItemUpdatedData[] =>
      rows.map((row) => ({ eventId: event.id, id: row.id, object: 'agenda_item', deleted: true })),
  };
}

export type AgendaAccess = ReturnType<typeof createAgendaAccess>;
