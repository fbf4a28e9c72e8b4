import { describe, expect, it } from 'vitest';
import { EVENT_USER_STATUSES } from '../registration/index.ts';
import {
  registrationActivityOf,
  trackedActivity,
  WEBHOOK_ACTIVITY_TYPES,
  WEBHOOK_PING,
  webhookDeliveryActivityLabel,
} from './webhooks.ts';

const ATTENDEE = '7f1c7c4e-2f6f-4d53-9a53-2b1f1f3c9a10';
const TARGET = '0b7e2b1e-5c0f-4a59-8f5e-3d2a6c1b9e42';

describe('webhook activities (spec 002 §3.17)', () => {
  it('names every registration status as an activity the subscription form offers', () => {
    for (const status of EVENT_USER_STATUSES)
      expect(WEBHOOK_ACTIVITY_TYPES).toContain(registrationActivityOf[status]);
    expect(registrationActivityOf.EVENT_NO_SHOW).toBe('user_engagement:event_no_show');
  });

  it("names a delivery's activity in words, the ping's too", () => {
    expect(webhookDeliveryActivityLabel('user_profile:registered')).toBe('Registered');
    expect(webhookDeliveryActivityLabel(WEBHOOK_PING)).toBe('Test ping');
  });

  it.each([
    ['session_joined', 'user_engagement:attended_broadcast', { session_id: TARGET }],
    ['booth_visit', 'user_engagement:attended_booth', { booth_id: TARGET }],
    ['room_visit', 'user_engagement:attended_discussion_group', { room_id: TARGET }],
  ] as const)('tells a %s as %s, naming its target', (action, type, target) => {
    expect(trackedActivity(ATTENDEE, { action, target: TARGET })).toEqual({
      type,
      data: { user_id: ATTENDEE, ...target },
    });
  });

  it('tells a call to action by its kind, and no other tracked action', () => {
    expect(trackedActivity(ATTENDEE, { action: 'cta_click', cta: 'demo_request' })).toEqual({
      type: 'user_engagement:event_cta_click',
      data: { user_id: ATTENDEE, cta: 'demo_request' },
    });
    expect(trackedActivity(ATTENDEE, { action: 'cta_click' })?.data).toEqual({
      user_id: ATTENDEE,
      cta: 'custom',
    });
    for (const action of ['watched', 'session_left', 'stage_visit'] as const)
      expect(trackedActivity(ATTENDEE, { action, target: TARGET })).toBeNull();
  });
});
