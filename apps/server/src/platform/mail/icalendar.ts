import { icalendar, type CalendarInvitation } from '@studio/domain';

/** The invitation as a message's calendar part (a text/calendar alternative and an .ics file). */
export const calendarPart = (invitation: CalendarInvitation, filename: string) => ({
  method: invitation.method,
  filename,
  content: icalendar(invitation),
});
