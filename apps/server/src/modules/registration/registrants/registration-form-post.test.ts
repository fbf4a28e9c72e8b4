import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationCodeMessages, registrationOutcomeMessages, serverMessages } from '@studio/domain';
import { createTestStudio, type TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller } from '../../back-office/back-office.fixtures.ts';
import { nextAddress, registrant, registrationEvent, registrationsOf } from './registrants.fixtures.ts';

/**
 * The registration form without JavaScript (issue 34 §8): the browser posts the form itself, and
 * the attendee origin answers with the page to go to, never the API's JSON.
 */
let studio: TestStudio;
let eventId: string;

beforeAll(async () => {
  studio = await createTestStudio();
  const api = caller(studio, (await newAdmin(studio, 'Form Post Org')).access);
  eventId = (await registrationEvent(api)).id;
});
afterAll(() => studio.close());

/** The form as a browser posts it: urlencoded, asking for a page. */
const formPost = (fields: Record<string, string>) =>
  studio.attendeeSite.inject({
    method: 'POST',
    url: `/api/event/${eventId}/register/`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: nextAddress(),
  });

const pageAt = async (location: string) => {
  const page = await studio.attendeeSite.inject({ method: 'GET', url: location });
  expect(page.statusCode).toBe(200);
  return page.body;
};

describe('the registration form posted without JavaScript', () => {
  it('registers and sends the browser to the confirmation page (303)', async () => {
    const ada = registrant('Ada');
    const posted = await formPost(ada);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/e/${eventId}/registered?status=REGISTRATION`);
    expect((await registrationsOf(studio, eventId)).get(ada.email)?.status).toBe('REGISTRATION');
    expect(await pageAt(posted.headers.location as string)).toContain(
      registrationOutcomeMessages.REGISTRATION.replace("'", '&#39;'),
    );

    // Again: refused, back to the form with the refusal's message.
    const again = await formPost(ada);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`/e/${eventId}/register?error=USER_ALREADY_IN_EVENT`);
    expect(await pageAt(again.headers.location as string)).toContain(
      `role="alert">${registrationCodeMessages.USER_ALREADY_IN_EVENT}</div>`,
    );
  });

  it('sends a form with invalid answers back with a message, registering nobody', async () => {
    const posted = await formPost({ first_name: 'Bob', last_name: 'Parks', email: 'not an address' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/e/${eventId}/register?error=VALIDATION_ERROR`);
    expect(await pageAt(posted.headers.location as string)).toContain(
      `role="alert">${serverMessages.validation}</div>`,
    );
    expect([...(await registrationsOf(studio, eventId)).keys()]).not.toContain('not an address');
  });

  it('still answers the script (JSON) with JSON, and shows no text an address makes up', async () => {
    const json = await studio.attendeeSite.inject({
      method: 'POST',
      url: `/api/event/${eventId}/register/`,
      payload: registrant('Cleo'),
      remoteAddress: nextAddress(),
    });
    expect(json.statusCode).toBe(201);
    expect(json.json()).toMatchObject({ event: eventId, event_user_status: 'REGISTRATION' });
    const made = await pageAt(`/e/${eventId}/register?error=${encodeURIComponent('Call 555-0100 now')}`);
    expect(made).not.toContain('555-0100');
    expect(made).toContain('role="alert"></div>');
  });
});
