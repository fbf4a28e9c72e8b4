import { eventCalendarEntry, type CalendarEvent, type CalendarInvitation } from '@studio/domain';

/** Who an event's invitation is for. */
export interface InviteRecipient {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The event's invitation (METHOD:REQUEST); UID stays, SEQUENCE rises with each schedule change.
 * METHOD:CANCEL withdraws it (the event was deleted). Like the event's download, its entry links
 * the event's public page (`pageUrl`: URL and description), never the recipient's own magic link.
 */
export function eventInvitation(
  event: CalendarEvent,
  recipient: InviteRecipient,
  organizer: string,
  pageUrl: string,
  now?: Date,
  method: 'REQUEST' | 'CANCEL' = 'REQUEST',
): CalendarInvitation {
  return {
    product: 'Events',
    method,
    organizer,
    attendee: { name: `${recipient.first_name} ${recipient.last_name}`, email: recipient.email },
    entries: [eventCalendarEntry(event, pageUrl)],
    ...(now && { now }),
  };
}
