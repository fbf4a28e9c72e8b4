import { hasCheckInDesk, type HostType } from '@studio/domain';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { RegistrationTokens } from './registration-tokens.ts';

/** What a registrant's links need of their event. */
export interface RegistrantLinksEvent {
  id: string;
  organizationId: string;
  host_type: HostType;
}

/** The links of one registration an email carries. */
export interface RegistrantLinks {
  /** The registrant's cancel page on the attendee origin. */
  cancelLink: string;
  /** The check-in code (shown as a QR image) where the event has a check-in desk; else null. */
  checkInCode: string | null;
}

/** The registrant's cancel page on the attendee origin (served by the attendee site). */
const cancelUrl = (base: string, eventId: string, token: string) =>
  `${base}/e/${eventId}/cancel?token=${encodeURIComponent(token)}`;

/**
 * The links every email to a registrant carries, whoever sends it (registration's own emails,
 * scheduled reminders, custom and bulk sends): answers, for one event, the links of each of its
 * registrations (the organisation's attendee address is read once per event).
 */
export function createRegistrantLinks(tokens: RegistrationTokens, attendeeBaseUrl: AttendeeBaseUrl) {
  return async (event: RegistrantLinksEvent) => {
    const base = await attendeeBaseUrl(event.organizationId);
    return (registrationId: string): RegistrantLinks => ({
      cancelLink: cancelUrl(base, event.id, tokens.tokenFor('cancel', event.id, registrationId)),
      checkInCode: hasCheckInDesk(event.host_type) ? tokens.tokenFor('ci', event.id, registrationId) : null,
    });
  };
}
export type RegistrantLinksOf = ReturnType<typeof createRegistrantLinks>;
