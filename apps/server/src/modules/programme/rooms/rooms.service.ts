import {
  EVENT_ROLES,
  isCompleteReorder,
  roomsBoothsMessages,
  type CreateRoom,
  type Page,
  type Reorder,
  type Room,
  type UpdateRoom,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { roomsAndBoothsEventOf } from '../rooms-booths-event.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import { isUuid } from '../../../platform/db/uuid.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import { createRoomsRepository, type RoomRecord } from './rooms.repository.ts';

/** A room the caller may change, with its event. */
export interface EditableRoom {
  room: RoomRecord;
  event: ProgrammeEvent;
}

export interface RoomsDeps {
  db: Executor;
  events: EventCore;
  eventRoles: EventRolesService;
}

/** An event's rooms (001 §3 "Room"): read with `event:read`, changed with `event:update`. */
export function createRoomsService(deps: RoomsDeps) {
  const { db, events, eventRoles } = deps;
  const rooms = createRoomsRepository(db);

  /** The room and its event, when the caller sees the event; 404 otherwise. */
  async function roomOf(caller: Caller, id: string, tx?: Executor): Promise<EditableRoom> {
    const room = isUuid(id) ? await rooms.find(id, tx) : undefined;
    if (!room) throw notFound();
    const { event } = await roomsAndBoothsEventOf(events, caller, room.event_id, 'event:update');
    return { room, event };
  }

  async function checkOwner(eventId: string, owner: string | null | undefined, tx: Executor) {
    if (owner && !(await eventRoles.holds(eventId, owner, EVENT_ROLES.SPONSOR, tx)))
      throw fieldError('owner', roomsBoothsMessages.ownerNotSponsor);
  }

  return {
    /** Event duplication's step (issue 14): the rooms go with the copy. */
    copyStep: {
      copy: (copy) => rooms.copy(copy.sourceEventId, copy.targetEventId, copy.newIds, copy.tx),
      clear: (eventId, tx) => rooms.clear(eventId, tx),
    } satisfies EventCopyStep,

    /** For the guard: the room and its event, when the caller may change them (404 otherwise). */
    editableRoom: (caller: Caller, id: string) => roomOf(caller, id),

    async list(
      caller: Caller,
      eventId: string,
      page: PageRequest,
    ): Promise<Omit<Page<Room>, 'next' | 'previous'>> {
      const { event } = await roomsAndBoothsEventOf(events, caller, eventId, 'event:read');
      const { count, rows } = await rooms.list(event.id, page);
      return { count, results: rows.map(toRoom) };
    },

    /** For the event app (no caller): the event's rooms by rank. */
    async ofEvent(eventId: string): Promise<Room[]> {
      return (await rooms.list(eventId, { limit: 1000, offset: 0 })).rows.map(toRoom);
    },

    async create(caller: Caller, request: CreateRoom): Promise<Room> {
      const { event } = await roomsAndBoothsEventOf(events, caller, request.event, 'event:update');
      const { event: _event, owner, ...fields } = request;
      const room = await db.transaction().execute(async (tx) => {
        await checkOwner(event.id, owner, tx);
        return rooms.insert(event.id, { ...fields, owner_id: owner ?? null }, tx);
      });
      await events.programmeChanged(event.id);
      return toRoom(room);
    },

    /** The room the guard loaded (`editableRoom`), changed. */
    async update({ room, event }: EditableRoom, request: UpdateRoom): Promise<Room> {
      const { owner, ...fields } = request;
      const updated = await db.transaction().execute(async (tx) => {
        await checkOwner(event.id, owner, tx);
        return rooms.update(room.id, { ...fields, ...(owner === undefined ? {} : { owner_id: owner }) }, tx);
      });
      if (!updated) throw notFound();
      await events.programmeChanged(event.id);
      return toRoom(updated);
    },

    async delete(caller: Caller, id: string): Promise<void> {
      const { room, event } = await roomOf(caller, id);
      await rooms.delete(room.id);
      await events.programmeChanged(event.id);
    },

    /** Every room of the event once, with its new rank, in one transaction; else 400 and nothing saved. */
    async reorder(caller: Caller, request: Reorder): Promise<Room[]> {
      const first = request.object_list[0]?.pk ?? '';
      const { event } = await roomOf(caller, first).catch(() => {
        throw fieldError('object_list', roomsBoothsMessages.reorderMismatch);
      });
      const rows = await db.transaction().execute(async (tx) => {
        const ids = await rooms.idsForUpdate(event.id, tx);
        if (!isCompleteReorder(ids, request.object_list))
          throw fieldError('object_list', roomsBoothsMessages.reorderMismatch);
        for (const { pk, rank } of request.object_list) await rooms.setRank(pk, rank, tx);
        return (await rooms.list(event.id, { limit: 1000, offset: 0 }, tx)).rows;
      });
      await events.programmeChanged(event.id);
      return rows.map(toRoom);
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;

function toRoom(room: RoomRecord): Room {
  return {
    id: room.id,
    event: room.event_id,
    name: room.name,
    description: room.description,
    capacity: room.capacity,
    rank: room.rank,
    is_breakout: room.is_breakout,
    is_booth: room.is_booth,
    owner: room.owner_id,
  };
}
