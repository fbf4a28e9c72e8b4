import { createHmac } from 'node:crypto';
import { CHECK_IN_LINK_TTL_SECONDS, CHECK_IN_SESSION_HOURS } from '@studio/domain';
import { sameSecret } from '../../../platform/secrets.ts';

/**
 * An organiser's way into an event's check-in desk on the attendee origin (which never sees studio
 * tokens): the studio signs a short-lived link (`link`), opening it leaves a desk session cookie
 * (`session`) valid on the check-in path for a working day. Both are `<purpose>.<event>.<user>.<expires>.<mac>`.
 */
type Purpose = 'link' | 'session';

export interface CheckInPass {
  eventId: string;
  userId: string;
}

export function createCheckInAccess(secretKey: string, now: () => number = Date.now) {
  const mac = (purpose: Purpose, eventId: string, userId: string, expires: string) =>
    createHmac('sha256', secretKey)
      .update(`check-in:${purpose}:${eventId}:${userId}:${expires}`)
      .digest('base64url');

  const sign = (purpose: Purpose, pass: CheckInPass, seconds: number) => {
    const expires = String(Math.floor(now() / 1000) + seconds);
    return `${purpose}.${pass.eventId}.${pass.userId}.${expires}.${mac(purpose, pass.eventId, pass.userId, expires)}`;
  };

  const read = (purpose: Purpose, eventId: string, token: string): CheckInPass | null => {
    const parts = token.split('.');
    if (parts.length !== 5 || parts[0] !== purpose || parts[1] !== eventId) return null;
    const [, , userId = '', expires = '', given = ''] = parts;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return null;
    return sameSecret(given, mac(purpose, eventId, userId, expires)) ? { eventId, userId } : null;
  };

  return {
    linkToken: (pass: CheckInPass) => sign('link', pass, CHECK_IN_LINK_TTL_SECONDS),
    sessionToken: (pass: CheckInPass) => sign('session', pass, CHECK_IN_SESSION_HOURS * 3600),
    readLink: (eventId: string, token: string) => read('link', eventId, token),
    readSession: (eventId: string, token: string) => read('session', eventId, token),
  };
}

export type CheckInAccess = ReturnType<typeof createCheckInAccess>;
