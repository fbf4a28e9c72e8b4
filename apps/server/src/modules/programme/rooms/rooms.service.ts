import {
  EVENT_ROLES,
  roomsBoothsMessages,
  type CreateRoom,
  type DiscussionGroup,
  type DiscussionGroupsInput,
  type Reorder,
  type Room,
  type UpdateRoom,
} from '@studio/domain';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../../platform/http/errors.ts';
import { sameFields } from '../../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../../platform/http/pagination.ts';
import { roomsAndBoothsParts } from '../rooms-booths-event.ts';
import { createEventParts } from '../../back-office/event-parts.ts';
import type { EventCopyStep } from '../../back-office/event-copy.ts';
import type { EventCore, ProgrammeEvent } from '../../back-office/events/event-core.service.ts';
import type { EventRolesService } from '../../event-roles/event-roles.service.ts';
import { copyRooms, createBoothRoomsRepository, type RoomRecord } from './rooms.repository.ts';

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

/** The booth whose discussion rooms are saved. */
export interface RoomsBooth {
  id: string;
  event_id: string;
  owner_id: string | null;
}

/** The event's own rooms (the Rooms tab), apart from its booths' discussion rooms (`is_booth`). */
const EVENT_ROOMS = false;

/** A booth's discussion room reached through the event's Rooms routes: it is changed on its booth. */
const boothRoomElsewhere = () => new HttpError(409, 'BOOTH_ROOM', roomsBoothsMessages.boothRoomElsewhere);

/**
 * An event's rooms (001 §3 "Room"): read with `event:read`, changed with `event:update`. A booth's
 * discussion rooms are rooms too (`is_booth`, the booth's `booth_id`), saved through the booth
 * (`boothRooms`): they are not the event's Rooms tab (its list, reorder, change and delete refuse
 * them), but their chat, presence and visits are a room's.
 */
export function createRoomsService(deps: RoomsDeps) {
  const { db, events, eventRoles } = deps;
  const rooms = createEventParts({
    db,
    table: 'rooms',
    ranked: true,
    groupedBy: 'is_booth',
    ...roomsAndBoothsParts(events),
  });
  const boothRooms = createBoothRoomsRepository(db);

  /**
   * One of the event's own rooms and its event, when the caller may change it (404 otherwise); a
   * booth's discussion room is 409: its one write path is its booth's `discussion_group_objects`.
   */
  const roomOf = async (caller: Caller, id: string): Promise<EditableRoom> => {
    const { part: room, event } = await rooms.partOf(caller, id, 'event:update');
    if (room.is_booth || room.booth_id !== null) throw boothRoomElsewhere();
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

    /** For the guards of change and delete: the event's own room and its event (404, a booth's 409). */
    editableRoom: roomOf,

    async list(caller: Caller, eventId: string, page: PageRequest): Promise<Counted<Room>> {
      const { count, rows } = await rooms.list(caller, eventId, page, EVENT_ROOMS);
      return { count, results: rows.map(toRoom) };
    },

    /** For the event app (no caller): the event's Rooms tab, by rank (its booths' rooms are on their booths). */
    ofEvent: async (eventId: string): Promise<Room[]> =>
      (await rooms.table.all(eventId, EVENT_ROOMS)).map(toRoom),

    /** Every room of the event, its booths' discussion rooms after its own (analytics' visits). */
    allOfEvent: async (eventId: string): Promise<Room[]> => (await rooms.table.all(eventId)).map(toRoom),

    /** Whether the room is one of the event's: one of its own ('room') or a booth's ('booth_room'). */
    async placeOf(eventId: string, id: string): Promise<'room' | 'booth_room' | undefined> {
      const room = await rooms.table.find(id);
      if (room?.event_id !== eventId) return undefined;
      return room.booth_id ? 'booth_room' : 'room';
    },

    /** A booth's discussion rooms (the booths area reads and saves them through these). */
    boothRooms: {
      /** Each booth's discussion rooms, in the booth's order. */
      async of(boothIds: readonly string[], tx?: Executor): Promise<Map<string, DiscussionGroup[]>> {
        const byBooth = new Map<string, DiscussionGroup[]>();
        for (const room of await boothRooms.of(boothIds, tx)) {
          const boothId = room.booth_id ?? '';
          byBooth.set(boothId, [
            ...(byBooth.get(boothId) ?? []),
            { id: room.id, name: room.name, rank: room.rank },
          ]);
        }
        return byBooth;
      },

      /**
       * The booth's discussion rooms as listed, in the caller's transaction: an entry with the id
       * of one of the booth's rooms keeps it (renamed, ranked by its place), one without is a new
       * room run by the booth's sponsor, a room left out is deleted. An id that is not the booth's,
       * or one named twice, is refused (400) before anything changes.
       */
      async save(booth: RoomsBooth, list: DiscussionGroupsInput, tx: Executor): Promise<void> {
        const current = new Set((await boothRooms.of([booth.id], tx)).map((room) => room.id));
        const kept = list.flatMap((entry) => (entry.id === undefined ? [] : [entry.id]));
        if (kept.some((id) => !current.has(id)))
          throw fieldError('discussion_group_objects', roomsBoothsMessages.discussionRoomNotInBooth);
        if (new Set(kept).size !== kept.length)
          throw fieldError('discussion_group_objects', roomsBoothsMessages.discussionRoomNamedTwice);
        await boothRooms.deleteAllBut(booth.id, kept, tx);
        for (const [rank, entry] of list.entries())
          if (entry.id === undefined) await boothRooms.insert(booth, entry.name, rank, tx);
          else await boothRooms.rename(entry.id, entry.name, rank, tx);
      },

      setOwner: (boothId: string, ownerId: string | null, tx?: Executor) =>
        boothRooms.setOwner(boothId, ownerId, tx),
      copy: (fromBoothId: string, to: { id: string; event_id: string }, tx: Executor) =>
        boothRooms.copy(fromBoothId, to, tx),
    },

    async create(caller: Caller, request: CreateRoom): Promise<Room> {
      const { event: eventId, owner, ...fields } = request;
      const room = await rooms.create(caller, eventId, async ({ event }) => {
        await checkOwner(event.id, owner);
        return { ...fields, event_id: event.id, is_booth: false, owner_id: owner ?? null };
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

    /** The room the guard loaded (`editableRoom`), deleted. */
    async delete({ room, event }: EditableRoom): Promise<void> {
      await rooms.table.delete(room.id);
      await events.programmeChanged(event.id);
    },

    /**
     * Every one of the event's own rooms once, with its new rank, in one transaction; else (a booth's
     * room named too) 400 and nothing saved.
     */
    reorder: async (caller: Caller, request: Reorder): Promise<Room[]> =>
      (await rooms.reorder(caller, request, EVENT_ROOMS)).map(toRoom),
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;

function toRoom(room: RoomRecord): Room {
  return {
    ...sameFields(room, ['id', 'name', 'description', 'capacity', 'rank', 'is_breakout', 'is_booth']),
    event: room.event_id,
    owner: room.owner_id,
  };
}
