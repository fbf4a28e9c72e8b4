import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { registrantListMessages, type EventMember, type Page, type StudioEvent } from '@studio/domain';
import { register, registrant, registrationEvent } from '../registrants/registrants.fixtures.ts';
import { fileAdminAndOutsider, fileMailCatcher } from '../../../../test/file-studio.ts';

/** Bulk block, unblock and delete (002 §4.9, §7.13, §8.10) through the real registrations service. */
const catcher = fileMailCatcher();
const { studio, api, outsider } = fileAdminAndOutsider('Moderation Org', 'Other Moderation Org', () => ({
  role: 'all',
  smtpUrl: catcher.url,
  jobs: { pollIntervalMs: 50 },
}));

type Answer<T> = T & { message: string; code: string; errors?: Record<string, string[]> };

const bulk = (eventId: string, action: string, body: unknown, as = api) =>
  as.post<Answer<{ count: number }>>(`/api/event/${eventId}/${action}/`, body);

const members = async (eventId: string) => {
  const page = await api.get<Page<EventMember>>(`/api/event/event-members/?event=${eventId}&limit=100`);
  return new Map(page.body.results.map((member) => [member.email, member]));
};
const statusOf = async (eventId: string, email: string) => {
  const member = (await members(eventId)).get(email);
  return member && { status: member.event_user_status, blocked: member.is_blocked };
};
const mailTo = (email: string, subject: string) =>
  catcher.waitFor((mail) => mail.envelopeTo.includes(email) && mail.subject.includes(subject));

/** Registers each person in turn (the waitlist's order is theirs). */
async function registerAll(event: StudioEvent, people: ReturnType<typeof registrant>[]) {
  for (const person of people) expect((await register(studio, event.id, person)).status).toBe(201);
}

describe('bulk moderation (002 §4.9)', () => {
  it('blocks listed people by user id, registration id or email; they can neither re-register nor enter', async () => {
    // Starting within the hour: the event app is open to attendees (the one-hour rule).
    const start = new Date(Date.now() + 30 * 60_000);
    const event = await registrationEvent(api, {}, { start, end: new Date(start.getTime() + 3_600_000) });
    const [ada, bob, cy, dee] = [registrant('Ada'), registrant('Bob'), registrant('Cy'), registrant('Dee')];
    await registerAll(event, [ada, bob, cy, dee]);
    const confirmation = await mailTo(ada.email, 'You are registered');
    const entrance = /\/e\/[\w-]+\/enter\?token=[\w.-]+/.exec(confirmation.text)![0];
    /** The event's page as the email's link opens it (the entrance sets the cookie, then redirects). */
    const enter = async () => {
      const door = await studio.attendeeSite.inject({ method: 'GET', url: entrance });
      if (door.statusCode !== 303) return door;
      return studio.attendeeSite.inject({
        method: 'GET',
        url: String(door.headers.location),
        headers: { cookie: String(door.headers['set-cookie']).split(';')[0]! },
      });
    };
    expect((await enter()).statusCode).toBe(200);
    const before = await members(event.id);

    const blocked = await bulk(event.id, 'bulk_block', {
      users: [before.get(ada.email)!.user, before.get(bob.email)!.id, cy.email.toUpperCase()],
    });
    expect(blocked).toMatchObject({ status: 200, body: { count: 3 } });
    expect(await statusOf(event.id, ada.email)).toEqual({ status: 'CANCELED', blocked: true });
    expect(await statusOf(event.id, dee.email)).toEqual({ status: 'REGISTRATION', blocked: false });
    const listed = await api.get<Page<EventMember>>(
      `/api/event/event-members/?event=${event.id}&is_blocked=true`,
    );
    expect(listed.body.count).toBe(3);

    expect(await register(studio, event.id, ada)).toMatchObject({
      status: 409,
      body: { code: 'USER_BLOCKED_FROM_EVENT' },
    });
    expect((await enter()).statusCode).toBe(401);
    // Blocking again changes nothing.
    expect((await bulk(event.id, 'appbase_bulk_block', { users: [ada.email] })).body.count).toBe(0);
  });

  it('unblock restores the status held before, a seat only when the event has one', async () => {
    const event = await registrationEvent(api, { registration_capacity: 2, waitlist_enabled: true });
    const [first, second, waiting, rejected] = ['First', 'Second', 'Waiting', 'Rejected'].map((name) =>
      registrant(name),
    );
    await registerAll(event, [first!, second!, waiting!, rejected!]);
    const ids = await members(event.id);
    await api.patch(`/api/event/event-members/${ids.get(rejected!.email)!.id}/`, {
      event_user_status: 'REJECTED',
    });
    const everyone = [first!, second!, waiting!, rejected!].map((person) => person.email);
    expect(
      (await bulk(event.id, 'bulk_block', { users: [first!.email, waiting!.email, rejected!.email] })).body
        .count,
    ).toBe(3);
    // First's seat went to the waitlist's first... who is blocked too: Second keeps theirs, nobody is promoted.
    expect(await statusOf(event.id, second!.email)).toEqual({ status: 'REGISTRATION', blocked: false });

    expect((await bulk(event.id, 'bulk_unblock', { users: everyone })).body).toEqual({ count: 3 });
    expect(await statusOf(event.id, rejected!.email)).toEqual({ status: 'REJECTED', blocked: false });
    // One seat is free: the unblocked seat holders wait again and the first of them takes it.
    const after = await members(event.id);
    const statuses = [first!, waiting!].map((person) => after.get(person.email)!.event_user_status).sort();
    expect(statuses).toEqual(['REGISTRATION', 'WAITLISTED']);
    expect([...after.values()].filter((m) => m.event_user_status === 'REGISTRATION')).toHaveLength(2);
    expect((await bulk(event.id, 'appbase_bulk_unblock', { users: everyone })).body.count).toBe(0);
  });

  it('delete and block free seats: the first of the waitlist is promoted and emailed each time', async () => {
    const event = await registrationEvent(api, { registration_capacity: 2, waitlist_enabled: true });
    const [seatedA, seatedB, waitingA, waitingB] = ['SeatedA', 'SeatedB', 'WaitingA', 'WaitingB'].map((n) =>
      registrant(n),
    );
    await registerAll(event, [seatedA!, seatedB!, waitingA!, waitingB!]);
    expect(await statusOf(event.id, waitingA!.email)).toEqual({ status: 'WAITLISTED', blocked: false });

    expect((await bulk(event.id, 'bulk_delete', { users: [seatedA!.email] })).body).toEqual({ count: 1 });
    expect((await members(event.id)).has(seatedA!.email)).toBe(false);
    expect(await statusOf(event.id, waitingA!.email)).toEqual({ status: 'REGISTRATION', blocked: false });
    expect(await statusOf(event.id, waitingB!.email)).toEqual({ status: 'WAITLISTED', blocked: false });
    await mailTo(waitingA!.email, 'A seat freed up');

    expect((await bulk(event.id, 'appbase_bulk_block', { search: 'seatedb' })).body).toEqual({ count: 1 });
    expect(await statusOf(event.id, waitingB!.email)).toEqual({ status: 'REGISTRATION', blocked: false });
    await mailTo(waitingB!.email, 'A seat freed up');
    // A deleted person is no registrant any more: they may register again (the event is full now).
    expect((await register(studio, event.id, seatedA!)).body.event_user_status).toBe('WAITLISTED');
  });

  it('by search: every match of the search and status filter, nobody else', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const people = ['Zed', 'Zoe', 'Zak', 'Amy'].map((name) => registrant(name));
    await registerAll(event, people);
    const deleted = await bulk(event.id, 'appbase_bulk_delete', {
      search: 'z',
      event_user_status: 'WAITLISTED',
    });
    expect(deleted.body).toEqual({ count: 2 });
    expect([...(await members(event.id)).keys()].sort()).toEqual([people[0]!.email, people[3]!.email].sort());
    // Amy was waiting behind the deleted ones; the only seat is still Zed's.
    expect(await statusOf(event.id, people[3]!.email)).toEqual({ status: 'WAITLISTED', blocked: false });
  });

  it('refuses without an event id (nothing changed), with a bad body, on another organisation', async () => {
    const event = await registrationEvent(api);
    const person = registrant('Kept');
    await registerAll(event, [person]);
    for (const missing of ['undefined', 'null', '%20'])
      expect(await bulk(missing, 'bulk_delete', { users: [person.email] })).toMatchObject({
        status: 400,
        body: { code: 'EVENT_ID_REQUIRED', message: registrantListMessages.eventIdRequired },
      });
    expect(await statusOf(event.id, person.email)).toEqual({ status: 'REGISTRATION', blocked: false });

    const empty = await bulk(event.id, 'bulk_block', { users: [] });
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await bulk(event.id, 'bulk_block', { users: ['not a person'] })).status).toBe(400);
    expect((await bulk(event.id, 'bulk_block', {})).status).toBe(400);
    expect((await bulk(event.id, 'bulk_block', { users: [person.email] }, outsider)).status).toBe(404);
    expect((await bulk('00000000-0000-4000-8000-000000000000', 'bulk_block', { search: '' })).status).toBe(
      404,
    );
    expect((await bulk('not-an-id', 'bulk_unblock', { search: '' })).status).toBe(404);
    // Someone registered elsewhere is not this event's registrant.
    expect((await bulk(event.id, 'bulk_delete', { users: ['nobody@else.test'] })).body.count).toBe(0);
    expect(await statusOf(event.id, person.email)).toEqual({ status: 'REGISTRATION', blocked: false });
  });

  it('is one transaction: when promoting the waitlist fails, the delete is undone too', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const [seated, waiting] = [registrant('Seated'), registrant('Doomed')];
    await registerAll(event, [seated, waiting]);
    const waitingId = (await members(event.id)).get(waiting.email)!.id;
    // The database refuses the promotion (as a failing disk or a lost connection would).
    await sql`create function refuse_promotion() returns trigger language plpgsql as $$
      begin raise exception 'promotion refused'; end $$`.execute(studio.database.db);
    await sql`create trigger refuse_promotion before update on event_registrations for each row
      when (new.event_role_id = ${sql.lit(waitingId)}::uuid) execute function refuse_promotion()`.execute(
      studio.database.db,
    );
    try {
      const failed = await bulk(event.id, 'bulk_delete', { users: [seated.email] });
      expect(failed.status).toBe(500);
      expect(await statusOf(event.id, seated.email)).toEqual({ status: 'REGISTRATION', blocked: false });
      expect(await statusOf(event.id, waiting.email)).toEqual({ status: 'WAITLISTED', blocked: false });
    } finally {
      await sql`drop trigger refuse_promotion on event_registrations`.execute(studio.database.db);
      await sql`drop function refuse_promotion`.execute(studio.database.db);
    }
  });
});
