import { randomBytes } from 'node:crypto';
import jsQR from 'jsqr';
import sharp from 'sharp';
import {
  eventRegistrationSettingsShape,
  type EventMember,
  type Page,
  type RegisterAnswer,
  type StudioEvent,
} from '@studio/domain';
import { madeBeforeAll } from '../../../../test/file-studio.ts';
import type { TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import type { Api } from '../../back-office/back-office.fixtures.ts';
import { caller, newEvent } from '../../back-office/back-office.fixtures.ts';

/** The text of the QR code an image shows (a confirmation's check-in code), if it shows one. */
export async function qrCodeText(image: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

let address = 0;
/** A client address of its own (the register calls are rate-limited per address). */
export const nextAddress = () => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

export const registrant = (first = 'Rosa') => ({
  email: `${first.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`,
  first_name: first,
  last_name: 'Parks',
});

/** POST /api/event/{id}/register/ from a client address (a new one unless given). */
export async function register(
  studio: TestStudio,
  eventId: string,
  body: Record<string, unknown>,
  remoteAddress = nextAddress(),
) {
  const response = await studio.app.inject({
    method: 'POST',
    url: `/api/event/${eventId}/register/`,
    payload: body,
    remoteAddress,
  });
  return {
    status: response.statusCode,
    body: response.json<RegisterAnswer & { code?: string; message: string }>(),
  };
}

/**
 * An upcoming event with these settings: registration's (seats, waitlist, approval) through
 * `PATCH …/registration_settings/`, the others through the event's PATCH.
 */
export async function registrationEvent(api: Api, settings: Record<string, unknown> = {}, fields = {}) {
  const start = new Date(Date.now() + 7 * 86_400_000);
  let event = await newEvent(api, {
    title: `Meetup ${randomBytes(3).toString('hex')}`,
    start,
    end: new Date(start.getTime() + 2 * 3_600_000),
    ...fields,
  });
  const ofRegistration = (key: string) => key in eventRegistrationSettingsShape;
  const eventSettings = Object.entries(settings).filter(([key]) => !ofRegistration(key));
  const registrationSettings = Object.entries(settings).filter(([key]) => ofRegistration(key));
  if (eventSettings.length > 0) {
    const patched = await api.patch<StudioEvent>(
      `/api/event/${event.id}/`,
      Object.fromEntries(eventSettings),
    );
    if (patched.status !== 200) throw new Error(`settings failed: ${JSON.stringify(patched.body)}`);
    event = patched.body;
  }
  if (registrationSettings.length > 0) {
    const patched = await api.patch(
      `/api/event/${event.id}/registration_settings/`,
      Object.fromEntries(registrationSettings),
    );
    if (patched.status !== 200) throw new Error(`settings failed: ${JSON.stringify(patched.body)}`);
  }
  return event;
}

/**
 * A new organisation's admin (`admin`, and as a caller `api`) with a registration event of theirs
 * (`event`), made before the file's tests in its `studio`: filled in then, so a file may take them
 * apart at once.
 */
export function fileRegistrationOrganiser(studio: TestStudio) {
  const admin = madeBeforeAll(() => newAdmin(studio));
  const api = madeBeforeAll(() => caller(studio, admin.access));
  const event = madeBeforeAll(() => registrationEvent(api));
  return { admin, api, event };
}

/** The event's registrations by email. */
export async function registrationsOf(studio: TestStudio, eventId: string) {
  const rows = await studio.database.db
    .selectFrom('event_registrations')
    .innerJoin('users', 'users.id', 'event_registrations.user_id')
    .select(['event_registrations.event_role_id as id', 'users.email', 'event_registrations.status'])
    .where('event_registrations.event_id', '=', eventId)
    .execute();
  return new Map(rows.map((row) => [row.email, row]));
}

/** The form a registration's answers are to, as stored. */
export const storedFormId = async (studio: TestStudio, registrationId: string) =>
  (
    await studio.database.db
      .selectFrom('event_registrations')
      .select('form_id')
      .where('event_role_id', '=', registrationId)
      .executeTakeFirstOrThrow()
  ).form_id;

export const statusCounts = async (studio: TestStudio, eventId: string) => {
  const counts: Record<string, number> = {};
  for (const row of (await registrationsOf(studio, eventId)).values())
    counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
};

export const setStatus = (api: Api, id: string, status: string) =>
  api.patch<EventMember & { code?: string }>(`/api/event/event-members/${id}/`, {
    event_user_status: status,
  });

/** The event's member with this email, as the members list's search finds them. */
export async function memberByEmail(api: Api, eventId: string, email: string) {
  const members = await api.get<Page<EventMember>>(
    `/api/event/event-members/?event=${eventId}&search=${encodeURIComponent(email)}`,
  );
  return members.body.results[0]!;
}

/** Checks the event's member with this email in at the door; answers the check-in's status. */
export async function checkInByEmail(api: Api, eventId: string, email: string) {
  const member = await memberByEmail(api, eventId, email);
  return (await api.post(`/api/event/${eventId}/attendance/`, { member: member.id })).status;
}
