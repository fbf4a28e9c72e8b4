import { beforeAll, describe, expect, it } from 'vitest';
import {
  registrationCodeMessages,
  registrationOutcomeMessages,
  serverMessages,
  SERIES_EVENTS_FIELD,
  type Series,
} from '@studio/domain';
import { nextAddress, registrant, registrationEvent, registrationsOf } from './registrants.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

/**
 * The registration form without JavaScript (issue 34 §8): the browser posts the form itself, and
 * the attendee origin answers with the page to go to, never the API's JSON.
 */
const { studio, api } = fileStudioWithAdmin('Form Post Org');
let eventId: string;

beforeAll(async () => {
  eventId = (await registrationEvent(api)).id;
});

/** The form as a browser posts it: urlencoded, asking for a page. */
const formPost = (
  fields: Record<string, string> | [string, string][],
  url = `/api/event/${eventId}/register/`,
) =>
  studio.attendeeSite.inject({
    method: 'POST',
    url,
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

describe("a series' registration form posted without JavaScript", () => {
  it('registers for the events ticked and shows each outcome (303); a refusal goes back to the form', async () => {
    const [first, second] = [await registrationEvent(api), await registrationEvent(api)];
    const series = await api.post<Series>('/api/event/series/', {
      name: 'Form Post Series',
      events: [first.id, second.id],
    });
    expect(series.status).toBe(201);
    const seriesId = series.body.id;
    const post = (person: Record<string, string>, ticked: string[]) =>
      formPost(
        [...Object.entries(person), ...ticked.map((id): [string, string] => [SERIES_EVENTS_FIELD, id])],
        `/api/event/series/${seriesId}/register/`,
      );

    // Both boxes ticked: registered for both, and the page tells it for each event.
    const ada = registrant('Ada');
    const both = await post(ada, [first.id, second.id]);
    expect(both.statusCode).toBe(303);
    expect(both.headers.location).toBe(
      `/s/${seriesId}/registered?results=${first.id}:REGISTRATION,${second.id}:REGISTRATION`,
    );
    expect((await registrationsOf(studio, first.id)).get(ada.email)?.status).toBe('REGISTRATION');
    expect((await registrationsOf(studio, second.id)).get(ada.email)?.status).toBe('REGISTRATION');
    const told = await pageAt(both.headers.location as string);
    const registered = registrationOutcomeMessages.REGISTRATION.replace("'", '&#39;');
    expect(told).toContain(`<li><strong>${first.title}</strong>: ${registered}</li>`);
    expect(told).toContain(`<li><strong>${second.title}</strong>: ${registered}</li>`);
    // Each registered event's add-to-calendar links, as an event's confirmation has them.
    expect(told).toContain(`<h2>Add to Calendar: ${first.title}</h2>`);
    expect(told).toContain(`<h2>Add to Calendar: ${second.title}</h2>`);
    expect(told).toContain(`href="/e/${first.id}/calendar.ics"`);
    expect(told).toContain(`href="/e/${second.id}/calendar.ics"`);
    // The series' form names this page for its script (the outcome is not told in place).
    expect(await pageAt(`/s/${seriesId}/register`)).toContain(
      `data-confirmation="/s/${seriesId}/registered"`,
    );

    // One box: that event only; Ada again for the first: refused there, with the spec's message.
    const bob = registrant('Bob');
    const one = await post(bob, [second.id]);
    expect(one.headers.location).toBe(`/s/${seriesId}/registered?results=${second.id}:REGISTRATION`);
    expect((await registrationsOf(studio, first.id)).has(bob.email)).toBe(false);
    const again = await post(ada, [first.id]);
    expect(again.headers.location).toBe(
      `/s/${seriesId}/registered?results=${first.id}:USER_ALREADY_IN_EVENT`,
    );
    expect(await pageAt(again.headers.location as string)).toContain(
      `<strong>${first.title}</strong>: ${registrationCodeMessages.USER_ALREADY_IN_EVENT}`,
    );
    // A refused event offers no calendar; one registered event's section is headed as an event's.
    expect(await pageAt(again.headers.location as string)).not.toContain('Add to Calendar');
    expect(await pageAt(one.headers.location as string)).toContain('<h2>Add to Calendar</h2>');

    // No box ticked: back to the form with the message, nobody registered.
    const cleo = registrant('Cleo');
    const none = await post(cleo, []);
    expect(none.statusCode).toBe(303);
    expect(none.headers.location).toBe(`/s/${seriesId}/register?error=VALIDATION_ERROR`);
    expect(await pageAt(none.headers.location as string)).toContain(
      `role="alert">${serverMessages.validation}</div>`,
    );
    expect((await registrationsOf(studio, first.id)).has(cleo.email)).toBe(false);
    expect((await registrationsOf(studio, second.id)).has(cleo.email)).toBe(false);

    // A made-up result shows nothing made up: the form again.
    const madeUp = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/s/${seriesId}/registered?results=${first.id}:${encodeURIComponent('Call 555-0100')}`,
    });
    expect(madeUp.body).not.toContain('555-0100');
  });
});
