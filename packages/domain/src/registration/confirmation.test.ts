import { describe, expect, it } from 'vitest';
import { REGISTRATION_CONFIRMATION_ATTRIBUTE } from './attendee-pages.ts';
import { registrationFormHtml } from './form-html.ts';
import {
  isRegistrationOutcomeKey,
  registrationOutcomeKeyOf,
  registrationOutcomeMessages,
} from './messages.ts';

describe('the outcome of a register call', () => {
  it('is waiting for approval first, then waitlisted, else registered', () => {
    expect(registrationOutcomeKeyOf({ event_user_status: 'REGISTRATION', awaiting_approval: false })).toBe(
      'REGISTRATION',
    );
    expect(registrationOutcomeKeyOf({ event_user_status: 'WAITLISTED', awaiting_approval: false })).toBe(
      'WAITLISTED',
    );
    expect(registrationOutcomeKeyOf({ event_user_status: 'WAITLISTED', awaiting_approval: true })).toBe(
      'AWAITING_APPROVAL',
    );
  });

  it('is named by its message key only (an address cannot name anything else)', () => {
    for (const key of Object.keys(registrationOutcomeMessages))
      expect(isRegistrationOutcomeKey(key)).toBe(true);
    for (const other of ['toString', '__proto__', 'registered', '', undefined, ['REGISTRATION']])
      expect(isRegistrationOutcomeKey(other)).toBe(false);
  });
});

describe("an event's register form", () => {
  it('names its confirmation page for the script, escaped', () => {
    const html = registrationFormHtml({
      action: '/api/event/e-1/register/',
      form: { components: [] },
      query: {},
      confirmation: '/e/e-1/registered?x="y"',
    });
    expect(html).toContain(`${REGISTRATION_CONFIRMATION_ATTRIBUTE}="/e/e-1/registered?x=&quot;y&quot;"`);
    expect(
      registrationFormHtml({
        action: '/api/event/series/s-1/register/',
        form: { components: [] },
        query: {},
      }),
    ).not.toContain(REGISTRATION_CONFIRMATION_ATTRIBUTE);
  });
});
