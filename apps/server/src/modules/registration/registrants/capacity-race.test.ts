import { describe, expect, it } from 'vitest';
import { register, registrant, registrationEvent, statusCounts } from './registrants.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, api } = fileStudioWithAdmin('Race Org', { role: 'all' });

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
