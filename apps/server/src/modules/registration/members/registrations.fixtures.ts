import { SEAT_HOLDING_STATUSES, type EventUserStatus } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import type { RegistrationRequest, Registrations } from '../registrations.ts';
import { createRegistrationSettingsRepository } from '../settings/registration-settings.repository.ts';

/**
 * A plain Registrations for the registrant lists' tests (the real one is another part's): register
 * finds or creates the person and writes the ATTENDEE role and the registration (Waitlisted past the
 * event's capacity); seatsFreed promotes the waitlist up to the capacity and is recorded.
 */
let database: Executor | undefined;
export const seatsFreedCalls: { organizationId: string; eventId: string }[] = [];

export function useFixtureDatabase(db: Executor) {
  database = db;
}

async function seatsTaken(eventId: string, tx: Executor) {
  const { count } = await tx
    .selectFrom('event_registrations')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('event_id', '=', eventId)
    .where('status', 'in', SEAT_HOLDING_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function register(request: RegistrationRequest, tx: Executor) {
  const email = request.person.email.toLowerCase();
  await tx.selectFrom('events').select('id').where('id', '=', request.eventId).forUpdate().execute();
  const event = await createRegistrationSettingsRepository(tx).settingsOf(request.eventId);
  const known = await tx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  const user =
    known ??
    (await tx
      .insertInto('users')
      .values({
        email,
        first_name: request.person.first_name,
        last_name: request.person.last_name,
        company: request.person.company ?? null,
        organization_id: null,
        password_hash: null,
        role: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  const existing = await tx
    .selectFrom('event_registrations')
    .select(['event_role_id', 'status', 'is_blocked'])
    .where('event_id', '=', request.eventId)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (existing?.is_blocked) return { ok: false as const, code: 'USER_BLOCKED_FROM_EVENT' as const };
  if (existing)
    return {
      ok: true as const,
      registrationId: existing.event_role_id,
      userId: user.id,
      status: existing.status,
      awaitingApproval: false,
      created: false,
      newPerson: false,
    };
  let status: EventUserStatus = request.status ?? 'REGISTRATION';
  if (
    status === 'REGISTRATION' &&
    event.registration_capacity !== null &&
    (await seatsTaken(request.eventId, tx)) >= event.registration_capacity
  )
    status = 'WAITLISTED';
  const role = await tx
    .insertInto('event_roles')
    .values({ event_id: request.eventId, user_id: user.id, role: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('event_registrations')
    .values({
      event_role_id: role.id,
      organization_id: request.organizationId,
      event_id: request.eventId,
      user_id: user.id,
      status,
      source: request.source,
      answers: JSON.stringify(request.answers),
      waitlisted_at: status === 'WAITLISTED' ? new Date() : null,
    })
    .execute();
  return {
    ok: true as const,
    registrationId: role.id,
    userId: user.id,
    status,
    awaitingApproval: false,
    created: true,
    newPerson: known === undefined,
  };
}

export const fixtureRegistrations: Registrations = {
  ready: () => Promise.resolve(),
  async register(request, tx) {
    const db = database!;
    return tx ? await register(request, tx) : await db.transaction().execute((own) => register(request, own));
  },
  async registerMany(organizationId, eventId, requests, tx) {
    const outcomes = [];
    for (const request of requests)
      outcomes.push(await register({ ...request, organizationId, eventId }, tx));
    return outcomes;
  },
  changeStatus() {
    throw new Error('not in the registrant lists fixture');
  },
  attendedInApp() {
    throw new Error('not in the registrant lists fixture');
  },
  async seatsFreed(organizationId, eventId, tx = database!) {
    seatsFreedCalls.push({ organizationId, eventId });
    const event = await createRegistrationSettingsRepository(tx).settingsOf(eventId);
    const free =
      event.registration_capacity === null
        ? Infinity
        : event.registration_capacity - (await seatsTaken(eventId, tx));
    if (free <= 0) return;
    const waiting = await tx
      .selectFrom('event_registrations')
      .select('event_role_id')
      .where('event_id', '=', eventId)
      .where('status', '=', 'WAITLISTED')
      .orderBy('waitlisted_at')
      .limit(Number.isFinite(free) ? free : 100_000)
      .execute();
    if (waiting.length > 0)
      await tx
        .updateTable('event_registrations')
        .set({ status: 'REGISTRATION', status_changed_at: sql`now()` })
        .where(
          'event_role_id',
          'in',
          waiting.map((row) => row.event_role_id),
        )
        .execute();
  },
  member: () => Promise.resolve(null),
};
