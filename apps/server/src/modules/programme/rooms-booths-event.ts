import { offersRoomsAndBooths, roomsBoothsMessages } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError } from '../../platform/http/errors.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';

type ProgrammeEvents = Pick<EventCore, 'programmeEventOf' | 'programmeChanged'>;

/** The rooms' and booths' way to their event: the programme's, refused for webinars (002 §9). */
export async function roomsAndBoothsEventOf(
  events: Pick<EventCore, 'programmeEventOf'>,
  caller: Caller,
  eventId: string,
  permission: 'event:read' | 'event:update',
) {
  const access = await events.programmeEventOf(caller, eventId, permission);
  if (!offersRoomsAndBooths(access.event.event_type))
    throw new HttpError(400, 'NOT_FOR_WEBINARS', roomsBoothsMessages.notForWebinars);
  return access;
}

/** What the rooms and booths hand the kit of an event's parts (back-office/event-parts.ts). */
export const roomsAndBoothsParts = (events: ProgrammeEvents) => ({
  eventOf: (caller: Caller, eventId: string, permission: 'event:read' | 'event:update') =>
    roomsAndBoothsEventOf(events, caller, eventId, permission),
  changed: (event: { id: string }) => events.programmeChanged(event.id),
  reorderMismatch: () => fieldError('object_list', roomsBoothsMessages.reorderMismatch),
});
