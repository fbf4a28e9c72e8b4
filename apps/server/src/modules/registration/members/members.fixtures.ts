import type { EventUserStatus, StudioEvent } from '@studio/domain';
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
