import { offersRoomsAndBooths, roomsBoothsMessages } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';

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
