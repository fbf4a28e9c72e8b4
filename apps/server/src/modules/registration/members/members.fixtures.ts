import type { EventUserStatus, StudioEvent } from '@studio/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../platform/db/executor.ts';
import { fileStudio, madeBeforeAll } from '../../../../test/file-studio.ts';
import type { TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, newEvent } from '../../back-office/back-office.fixtures.ts';
import { fixtureRegistrations, useFixtureDatabase } from './registrations.fixtures.ts';

/** An organisation with an event (and its admin's calls); the fixture's database set. */
export async function membersSetup(studio: TestStudio, name: string, fields: Record<string, unknown> = {}) {
  useFixtureDatabase(studio.database.db);
  const admin = await newAdmin(studio, name);
  const api = caller(studio, admin.access);
  const event: StudioEvent = await newEvent(api, {
    title: `${name} Conference`,
    start: '2031-06-01T09:00:00Z',
    end: '2031-06-01T17:00:00Z',
    event_type: 'Conference',
    ...fields,
  });
  return { admin, api, event, organizationId: admin.organization.id };
}

/** The test file's studio with the members set-ups of two organisations (`setup`, `other`), made before its tests. */
export function fileMembersSetups(name: string, otherName: string) {
  const studio = fileStudio();
  const setup = madeBeforeAll(() => membersSetup(studio, name));
  const other = madeBeforeAll(() => membersSetup(studio, otherName));
  return { studio, setup, other };
}

/** Registers people directly (the fixture's register), answers their registration ids. */
export async function registerPeople(
  organizationId: string,
  eventId: string,
  people: {
    email: string;
    first_name: string;
    last_name: string;
    company?: string;
    status?: EventUserStatus;
  }[],
  answers: (index: number) => Record<string, unknown> = () => ({}),
) {
  const ids: string[] = [];
  for (const [index, person] of people.entries()) {
    const { status, ...details } = person;
    const outcome = await fixtureRegistrations.register({
      organizationId,
      eventId,
      person: details,
      answers: answers(index),
      source: 'manual',
      ...(status ? { status } : {}),
      sendEmail: false,
    });
    if (!outcome.ok) throw new Error(outcome.code);
    ids.push(outcome.registrationId);
  }
  return ids;
}

export const person = (name: string, fields: Record<string, unknown> = {}) => ({
  email: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@people.test`,
  first_name: name,
  last_name: 'Doe',
  ...fields,
});

/**
 * `count` registrants written in three statements (for lists, exports and benchmarks at scale):
 * people `${prefix}-{n}@bulk.test` named First{n} Last{n % 997} at Company {n % 50}, every 10th
 * Waitlisted; registered in groups of 100 sharing the same instant (as one import's rows do).
 */
export async function insertRegistrants(
  db: Executor,
  target: { organizationId: string; eventId: string },
  count: number,
  prefix = 'bulk',
) {
  await sql`
    with people as (
      insert into users (email, first_name, last_name, company, organization_id, password_hash, role)
      select ${prefix} || '-' || n || '@bulk.test', 'First' || n, 'Last' || (n % 997), 'Company ' || (n % 50),
        null, null, null
      from generate_series(1, ${count}::int) as n
      returning id, email
    ), roles as (
      insert into event_roles (event_id, user_id, role)
      select ${target.eventId}, id, 0 from people
      returning id, user_id
    )
    insert into event_registrations (event_role_id, organization_id, event_id, user_id, status, source,
      answers, registered_at, waitlisted_at)
    select roles.id, ${target.organizationId}, ${target.eventId}, roles.user_id,
      case when n % 10 = 0 then 'WAITLISTED' else 'REGISTRATION' end, 'import', '{}',
      timestamptz '2031-01-01' + (n / 100) * interval '1 second',
      case when n % 10 = 0 then timestamptz '2031-01-01' + (n / 100) * interval '1 second' end
    from roles
    join people on people.id = roles.user_id
    cross join lateral (select split_part(split_part(people.email, '@', 1), '-', -1)::int as n) as numbered
  `.execute(db);
  // Fresh statistics, as autovacuum would gather them: the planner sees the rows just written.
  await sql`analyze users, event_roles, event_registrations`.execute(db);
}

/** The ids of `count` new seated registrants of the event (`insertRegistrants` waitlists one in ten). */
export async function seatedRegistrants(
  db: Executor,
  target: { organizationId: string; eventId: string },
  count: number,
): Promise<string[]> {
  await insertRegistrants(db, target, Math.ceil(count * 1.12) + 1);
  const rows = await db
    .selectFrom('event_registrations')
    .select('user_id')
    .where('event_id', '=', target.eventId)
    .where('status', '=', 'REGISTRATION')
    .limit(count)
    .execute();
  return rows.map((row) => row.user_id);
}
