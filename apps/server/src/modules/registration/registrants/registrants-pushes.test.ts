import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { REGISTRANTS_UPDATED } from '@studio/domain';
import { madeBeforeAll } from '../../../../test/file-studio.ts';
import { fileListeningStudio, watchEvent } from '../../../../test/listening.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller } from '../../back-office/back-office.fixtures.ts';
import { register, registrant, registrationEvent, registrationsOf } from './registrants.fixtures.ts';

const studio = fileListeningStudio({ role: 'all', jobs: { pollIntervalMs: 50 } });
const admin = madeBeforeAll(() => newAdmin(studio, 'Pushes Org'));
const api = madeBeforeAll(() => caller(studio, admin.access));

/** Until no push of the event's registrants waits or runs (each push is a job, sent on commit). */
async function pushesSent(eventId: string) {
  for (;;) {
    const { rows } = await sql<{ open: number }>`select count(*)::int as open from pgboss.job
      where name = 'registration.registrants-updated' and data->>'eventId' = ${eventId}
        and state in ('created', 'retry', 'active')`.execute(studio.database.db);
    if (rows[0]!.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("the event's Registrants hear of changes made elsewhere", () => {
  it('a registration on the attendee site is pushed once written, to the studio pages of its event only', async () => {
    const event = await registrationEvent(api);
    const other = await registrationEvent(api);
    const watching = await watchEvent(studio.publicUrl, admin, event.id);
    const elsewhere = await watchEvent(studio.publicUrl, admin, other.id);
    const person = registrant('Ada');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await watching.until(() => watching.of(REGISTRANTS_UPDATED).length > 0);
    expect(watching.of(REGISTRANTS_UPDATED)[0]).toEqual({ eventId: event.id });
    // Sent on commit: the page's re-read finds the registration.
    expect((await registrationsOf(studio, event.id)).get(person.email)?.status).toBe('REGISTRATION');
    await elsewhere.caughtUp();
    expect(elsewhere.of(REGISTRANTS_UPDATED)).toEqual([]);
    for (const client of [watching, elsewhere]) client.socket.close();
  });

  it('the waitlist moving up when the capacity is raised is pushed', async () => {
    const event = await registrationEvent(api, { registration_capacity: 1, waitlist_enabled: true });
    const [first, second] = [registrant('First'), registrant('Second')];
    for (const person of [first, second]) await register(studio, event.id, person);
    await pushesSent(event.id);
    const watching = await watchEvent(studio.publicUrl, admin, event.id);
    const raised = await api.patch(`/api/event/${event.id}/registration_settings/`, {
      registration_capacity: 2,
    });
    expect(raised.status).toBe(200);
    await watching.until(() => watching.of(REGISTRANTS_UPDATED).length > 0);
    expect((await registrationsOf(studio, event.id)).get(second.email)?.status).toBe('REGISTRATION');
    watching.socket.close();
  });
});
