import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, type TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, type Api } from '../../back-office/back-office.fixtures.ts';
import { register, registrant, registrationEvent, statusCounts } from './registrants.fixtures.ts';

let studio: TestStudio;
let api: Api;

beforeAll(async () => {
  studio = await createTestStudio({ role: 'all' });
  api = caller(studio, (await newAdmin(studio, 'Race Org')).access);
});
afterAll(() => studio.close());

describe('capacity under concurrency (issue 16)', () => {
  it('never oversells: 200 concurrent registrations for 50 seats give 50 Registered and 150 Waitlisted', async () => {
    const event = await registrationEvent(api, { registration_capacity: 50, waitlist_enabled: true });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => register(studio, event.id, registrant(`P${index}`))),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(answers.filter((answer) => answer.body.event_user_status === 'WAITLISTED')).toHaveLength(150);
    expect(await statusCounts(studio, event.id)).toEqual({ REGISTRATION: 50, WAITLISTED: 150 });
  });
});
