import {
  EVENT_ROLES,
  roomsBoothsMessages,
  type CreateRoom,
  type Reorder,
  type Room,
  type UpdateRoom,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { roomsAndBoothsParts } from '../rooms-booths-event.ts';
import { createEventParts } from '../../back-office/event-parts.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import { copyRooms, type RoomRecord } from './rooms.repository.ts';

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
  const rooms = createEventParts({ db, table: 'rooms', ranked: true, ...roomsAndBoothsParts(events) });

  /** The room and its event, when the caller may change it; 404 otherwise. */
  const roomOf = async (caller: Caller, id: string): Promise<EditableRoom> => {
    const { part: room, event } = await rooms.partOf(caller, id, 'event:update');
    return { room, event };
  };

  async function checkOwner(eventId: string, owner: string | null | undefined, tx?: Executor) {
    if (owner && !(await eventRoles.holds(eventId, owner, EVENT_ROLES.SPONSOR, tx)))
      throw fieldError('owner', roomsBoothsMessages.ownerNotSponsor);
  }

  return {
    /** Event duplication's step (issue 14): the rooms go with the copy. */
    copyStep: {
      copy: (copy) => copyRooms(copy.sourceEventId, copy.targetEventId, copy.newIds, copy.tx),
      clear: (eventId, tx) => rooms.table.clear(eventId, tx),
    } satisfies EventCopyStep,

    /** For the guard: the room and its event, when the caller may change them (404 otherwise). */
    editableRoom: roomOf,

    async list(caller: Caller, eventId: string, page: PageRequest): Promise<Counted<Room>> {
      const { count, rows } = await rooms.list(caller, eventId, page);
      return { count, results: rows.map(toRoom) };
    },

    /** For the event app (no caller): the event's rooms by rank. */
    ofEvent: async (eventId: string): Promise<Room[]> => (await rooms.table.all(eventId)).map(toRoom),

    async create(caller: Caller, request: CreateRoom): Promise<Room> {
      const { event: eventId, owner, ...fields } = request;
      const room = await rooms.create(caller, eventId, async ({ event }) => {
        await checkOwner(event.id, owner);
        return { ...fields, event_id: event.id, owner_id: owner ?? null };
      });
      return toRoom(room);
    },

    /** The room the guard loaded (`editableRoom`), changed. */
    async update({ room, event }: EditableRoom, request: UpdateRoom): Promise<Room> {
      const { owner, ...fields } = request;
      const updated = await db.transaction().execute(async (tx) => {
        await checkOwner(event.id, owner, tx);
        return rooms.table.update(
          room.id,
          { ...fields, ...(owner === undefined ? {} : { owner_id: owner }) },
          tx,
        );
      });
      if (!updated) throw notFound();
      await events.programmeChanged(event.id);
      return toRoom(updated);
    },

    delete: (caller: Caller, id: string) => rooms.delete(caller, id),

    /** Every room of the event once, with its new rank, in one transaction; else 400 and nothing saved. */
    reorder: async (caller: Caller, request: Reorder): Promise<Room[]> =>
      (await rooms.reorder(caller, request)).map(toRoom),
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
