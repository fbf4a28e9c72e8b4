import { createHmac } from 'node:crypto';
import { sameSecret } from '../../platform/secrets.ts';

/**
 * Signed tokens a registrant carries outside the studio: the check-in QR code (in the
 * confirmation email; read by the check-in desk) and the cancel link. Each names one registration
 * of one event and what it is for, so a code of another event, or a cancel token used as a
 * check-in code, is refused. Kept short (a QR code stays small): `<purpose>.<event>.<registration>.<mac>`.
 */
export type RegistrationTokenPurpose = 'ci' | 'cancel' | 'oneclick';

export interface RegistrationToken {
  eventId: string;
  /** The registration's id (its ATTENDEE event role's id); for one-click, the user's id. */
  subjectId: string;
}

export function createRegistrationTokens(secretKey: string) {
  const mac = (purpose: RegistrationTokenPurpose, eventId: string, subjectId: string) =>
    createHmac('sha256', secretKey)
      .update(`registration:${purpose}:${eventId}:${subjectId}`)
      .digest('base64url')
      .slice(0, 22);

  return {
    /** The token for a purpose. For one-click, `eventId` is the organisation's id. */
    tokenFor(purpose: RegistrationTokenPurpose, eventId: string, subjectId: string): string {
      return `${purpose}.${eventId}.${subjectId}.${mac(purpose, eventId, subjectId)}`;
    },
    /** The registration a token names, or null when it is malformed, forged or for another purpose. */
    read(purpose: RegistrationTokenPurpose, token: string): RegistrationToken | null {
      const parts = token.trim().split('.');
      if (parts.length !== 4 || parts[0] !== purpose) return null;
      const [, eventId = '', subjectId = '', given = ''] = parts;
      return sameSecret(given, mac(purpose, eventId, subjectId)) ? { eventId, subjectId } : null;
    },
  };
}
export type RegistrationTokens = ReturnType<typeof createRegistrationTokens>;
