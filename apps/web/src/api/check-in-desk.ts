import { checkInLinkAnswerSchema } from '@studio/domain';
import { studioApi } from './studio-api.ts';

/** POST /api/event/{id}/check_in_link/ → the check-in manager's short-lived signed URL (the organiser's way in). */
const fetchCheckInLink = async (eventId: string) =>
  (
    await studioApi.request({
      method: 'POST',
      path: `/event/${encodeURIComponent(eventId)}/check_in_link/`,
      schema: checkInLinkAnswerSchema,
    })
  ).url;

/**
 * Opens an event's check-in manager (or its self check-in kiosk) in a new tab for the signed-in
 * organiser, through the signed link that lets them in on the attendee origin. Call it from the
 * click: the tab opens at once, so the browser does not take it for a pop-up. Throws when the
 * studio refuses the link (the tab is closed then).
 */
export async function openCheckInDesk(eventId: string, selfCheckIn = false): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = `${await fetchCheckInLink(eventId)}${selfCheckIn ? '&selfCheckIn=true' : ''}`;
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
