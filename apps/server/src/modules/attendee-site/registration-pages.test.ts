import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendeePageMessages,
  registrationOutcomeMessages,
  REGISTRATION_CONFIRMATION_ATTRIBUTE,
  type FormioData,
} from '@studio/domain';
import { HttpError } from '../../platform/http/errors.ts';
import type { PublicEvent, PublicSeries } from '../back-office/events/event-core.service.ts';
import { createCheckInAccess } from '../registration/check-in/check-in-access.ts';
import type { CheckInService } from '../registration/check-in/check-in.service.ts';
import { createRegistrationTokens } from '../registration/registration-tokens.ts';
import { attendeeBaseUrlFor } from './attendee-origin.ts';
import { createAttendeeSite, type AttendeeSite } from './attendee-site.ts';
import type { BuiltPage } from './registration-pages.ts';

// The attendee site on its own, with stand-ins for the services it reads (events, forms, registrations).
const EVENT_ID = '11111111-1111-4111-8111-111111111111';
const SERIES_ID = '22222222-2222-4222-8222-222222222222';
const REGISTRATION_ID = '33333333-3333-4333-8333-333333333333';
const event: PublicEvent = {
  id: EVENT_ID,
  title: 'Summit <2031>',
  description: '<p>Talks &amp; <strong>workshops</strong></p>',
  organizationId: 'org-1',
  workspaceId: null,
  start_time: new Date('2031-05-01T13:00:00Z'),
  end_time: new Date('2031-05-01T21:00:00Z'),
  timezone: 'America/New_York',
  event_type: 'Conference',
  host_type: 'Virtual',
  series_id: SERIES_ID,
  repeatingSeriesId: null,
  created_at: new Date(),
  location: null,
  branding: { branding: {}, theme_obj: {} },
  registrationForm: null,
  calendar_sequence: 3,
  is_ready: true,
};
/** Events that take no registration: one over (at the test's clock, 1 April 2031), one not ready. */
const PAST_ID = '44444444-4444-4444-8444-444444444444';
const NOT_READY_ID = '55555555-5555-4555-8555-555555555555';
const closedEvents: Record<string, PublicEvent> = {
  [PAST_ID]: { ...event, id: PAST_ID, end_time: new Date('2031-03-01T21:00:00Z') },
  [NOT_READY_ID]: { ...event, id: NOT_READY_ID, is_ready: false },
};
const series: PublicSeries = {
  id: SERIES_ID,
  name: 'Summit series',
  // As stored before descriptions were sanitised on save: the page cleans it again.
  description: '<p>Four talks a year<script>alert(1)</script></p>',
  location: null,
  organization_id: 'org-1',
  events: [event],
};
const form: FormioData = {
  components: [
    { type: 'textfield', key: 'job', label: 'Job </script><script>alert(1)</script>' },
    { type: 'hidden', key: 'utm_source', label: 'utm_source' },
  ],
};
const tokens = createRegistrationTokens('test-secret');
/** The organiser's built page the next request answers (none: the plain page). */
let built: BuiltPage | undefined;
const canceled: string[] = [];
let site: AttendeeSite;

beforeAll(async () => {
  site = await createAttendeeSite({
    logLevel: 'silent',
    trustProxy: false,
    webDistDir: '/nonexistent',
    attendeeBaseUrl: attendeeBaseUrlFor({ eventsPublicUrl: 'https://events.example.test' }),
    links: {
      verify: () => Promise.resolve(undefined),
      recordUse: () => Promise.resolve(),
      passFor: () => Promise.reject(new Error('No one is let in by these pages.')),
    },
    admissionOf: () => Promise.resolve(undefined),
    eventById: () => Promise.resolve(undefined),
    personInEvent: () => Promise.resolve(undefined),
    roleOf: () => Promise.resolve(undefined),
    sessionsOf: () => Promise.resolve([]),
    clock: () => new Date(),
    registration: {
      publicEvent: (id) => Promise.resolve(id === EVENT_ID ? event : closedEvents[id]),
      publicSeries: (id) => Promise.resolve(id === SERIES_ID ? series : undefined),
      formOf: () => Promise.resolve(form),
      cancelRegistration: (_organizationId, registrationId) => {
        if (registrationId !== REGISTRATION_ID) {
          return Promise.reject(new HttpError(404, 'NOT_FOUND', 'Not found.'));
        }
        canceled.push(registrationId);
        return Promise.resolve();
      },
      tokens,
      builtPage: () => Promise.resolve(built),
      builtSeriesPage: () => Promise.resolve(built),
      clock: () => new Date('2031-04-01T12:00:00Z'),
    },
    checkInDesk: {
      checkIn: {} as CheckInService,
      access: createCheckInAccess('test-secret'),
      eventById: () => Promise.resolve(undefined),
      subscribe: () => () => {},
    },
  });
});
afterAll(() => site.close());

const get = (url: string) => site.inject({ method: 'GET', url });

describe('public registration pages on the attendee origin (issue 16 §0)', () => {
  it('serves the landing page with its title, dates, description and social tags, under a strict CSP', async () => {
    const page = await get(`/e/${EVENT_ID}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Summit &lt;2031&gt;</title>');
    expect(page.body).toContain('<meta property="og:title" content="Summit &lt;2031&gt;">');
    expect(page.body).toContain('<meta property="og:description" content="Talks &amp; workshops">');
    expect(page.body).toContain('<meta name="twitter:card" content="summary">');
    expect(page.body).toContain(
      `<meta property="og:url" content="https://events.example.test/e/${EVENT_ID}">`,
    );
    expect(page.body).toContain('May 1, 2031, 9:00'); // New York time
    // The title and dates carry the classes the event's Header Settings hide.
    expect(page.body).toContain(
      '<h1 class="event-title">Summit &lt;2031&gt;</h1><p class="muted event-dates">',
    );
    expect(page.body).toContain(`href="/e/${EVENT_ID}/register"`);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('renders the form, posting to the register call, and fills hidden fields from the address', async () => {
    const page = await get(`/e/${EVENT_ID}/register?utm_source=newsletter`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<title>${attendeePageMessages.registerTitle('Summit &lt;2031&gt;')}</title>`,
    );
    expect(page.body).toContain(
      `<form data-registration-form method="post" action="/api/event/${EVENT_ID}/register/" ${REGISTRATION_CONFIRMATION_ATTRIBUTE}="/e/${EVENT_ID}/registered"`,
    );
    expect(page.body).toContain(
      '<label for="rf-job">Job &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</label>',
    );
    expect(page.body).toContain('name="utm_source" value="newsletter"');
    expect(page.body).not.toContain('</script><script>alert(1)');
    // No React island and no stylesheet: the page's one style dresses the form.
    expect(page.body).not.toContain('data-page=');
    expect(page.body).not.toContain('<link rel="stylesheet"');
  });

  it('says registration is closed instead of the form, and after the event offers its recording', async () => {
    const past = await get(`/e/${PAST_ID}/register`);
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain(
      `<p class="registration-closed">Registration for this event is closed.</p><p><a class="button" href="/e/${PAST_ID}/on-demand">Watch the recording</a></p>`,
    );
    expect(past.body).not.toContain('<form');
    const notReady = await get(`/e/${NOT_READY_ID}/register`);
    expect(notReady.body).toContain('Registration for this event is closed.');
    expect(notReady.body).not.toContain('Watch the recording');
    expect((await get(`/e/${EVENT_ID}/register`)).body).not.toContain(
      'Registration for this event is closed.',
    );
  });

  it("shows the organiser's built page, the form in its Registration Form block", async () => {
    built = {
      title: 'Built summit',
      description: 'Built for you',
      html: '<div class="built-page"><section class="page-block"><h1>Hello</h1></section><section><div data-island="register"></div></section><footer>Bye</footer></div>',
    };
    try {
      const registerPage = await get(`/e/${EVENT_ID}/register`);
      expect(registerPage.body).toContain(
        `<title>${attendeePageMessages.registerTitle('Built summit')}</title>`,
      );
      expect(registerPage.body).toContain('<meta property="og:description" content="Built for you">');
      expect(registerPage.body).toMatch(
        /<h1>Hello<\/h1>.*<form data-registration-form.*<\/form>.*<footer>Bye<\/footer>/s,
      );
      expect(registerPage.body).not.toContain('data-island="register"');
      const landing = await get(`/e/${EVENT_ID}`);
      expect(landing.body).toContain('<title>Built summit</title>');
      expect(landing.body).toContain('<h1>Hello</h1>');
      built = { ...built, html: '<div class="built-page"><h1>No form block</h1></div>' };
      expect((await get(`/e/${EVENT_ID}/register`)).body).toMatch(
        /No form block.*<form data-registration-form/s,
      );
    } finally {
      built = undefined;
    }
  });

  it("serves a series' page with its upcoming events to choose, posting to the series' call", async () => {
    const page = await get(`/s/${SERIES_ID}/register`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`action="/api/event/series/${SERIES_ID}/register/"`);
    expect(page.body).toContain(`name="series-events" value="${EVENT_ID}" checked> Summit &lt;2031&gt;`);
    expect(page.body).toContain('<label for="rf-job">');
    // Its description under its name, as an event's page has its own.
    expect(page.body).toContain('<h1>Summit series</h1><div><p>Four talks a year</p></div>');
  });

  it("shows the series' built page, the form with its events in its Registration Form block", async () => {
    built = {
      title: 'Built series',
      description: 'Every session of the year',
      html: '<div class="built-page"><section class="page-block"><h1>Our series</h1></section><section><div data-island="register"></div></section><footer>See you</footer></div>',
    };
    try {
      const page = await get(`/s/${SERIES_ID}/register`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<title>${attendeePageMessages.registerTitle('Built series')}</title>`);
      expect(page.body).toContain('<meta property="og:description" content="Every session of the year">');
      expect(page.body).toMatch(
        /<h1>Our series<\/h1>.*<form data-registration-form.*name="series-events".*<\/form>.*<footer>See you<\/footer>/s,
      );
      expect(page.body).not.toContain('data-island="register"');
    } finally {
      built = undefined;
    }
  });

  it('answers a 404 page for unknown events, series and paths, naming what is not found', async () => {
    for (const [url, subject] of [
      ['/e/00000000-0000-4000-8000-000000000000', 'event'],
      ['/e/nope/register', 'event'],
      ['/s/00000000-0000-4000-8000-000000000000/register', 'series'],
      ['/elsewhere', 'page'],
    ] as const) {
      const page = await get(url);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain(`<p>${attendeePageMessages.notFound(subject)}</p>`);
    }
  });

  it('cancels from the email’s link after a confirmation; refuses other tokens', async () => {
    const token = tokens.tokenFor('cancel', EVENT_ID, REGISTRATION_ID);
    const confirm = await get(`/e/${EVENT_ID}/cancel?token=${encodeURIComponent(token)}`);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(attendeePageMessages.cancelConfirm);
    expect(canceled).toEqual([]);

    const done = await site.inject({
      method: 'POST',
      url: `/e/${EVENT_ID}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain(attendeePageMessages.canceled);
    expect(canceled).toEqual([REGISTRATION_ID]);

    const checkInCode = tokens.tokenFor('ci', EVENT_ID, REGISTRATION_ID);
    const otherEvent = tokens.tokenFor('cancel', SERIES_ID, REGISTRATION_ID);
    for (const bad of [checkInCode, otherEvent, `${token}x`, '']) {
      const page = await get(`/e/${EVENT_ID}/cancel?token=${encodeURIComponent(bad)}`);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(attendeePageMessages.cancelLinkInvalid);
    }
    const unknown = await site.inject({
      method: 'POST',
      url: `/e/${EVENT_ID}/cancel`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(tokens.tokenFor('cancel', EVENT_ID, EVENT_ID))}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(canceled).toEqual([REGISTRATION_ID]);
  });
});

describe("the registration's confirmation page (issue 34 §8)", () => {
  const registered = (status: string) => get(`/e/${EVENT_ID}/registered?status=${status}`);
  /** A calendar button's address, as the browser reads the attribute. */
  const hrefOf = (body: string, type: string) =>
    (new RegExp(`data-calendar-type="${type}" href="([^"]*)"`).exec(body)?.[1] ?? '').replace(/&amp;/g, '&');

  it('tells the registrant they are registered, with the event, its dates and the three calendars', async () => {
    const page = await registered('REGISTRATION');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    // The title is text everywhere: in the heading, the hook's data and the calendar links.
    expect(page.body).toContain('<h1 class="event-title">Summit &lt;2031&gt;</h1>');
    expect(page.body).toContain('data-event-name="Summit &lt;2031&gt;"');
    expect(page.body).not.toContain('Summit <2031>');
    expect(page.body).toContain('May 1, 2031, 9:00'); // New York time
    expect(page.body).toContain(registrationOutcomeMessages.REGISTRATION.replace("'", '&#39;'));
    const google = new URL(hrefOf(page.body, 'google'));
    expect(google.host).toBe('calendar.google.com');
    expect(google.searchParams.get('text')).toBe('Summit <2031>');
    expect(google.searchParams.get('dates')).toBe('20310501T130000Z/20310501T210000Z');
    expect(google.searchParams.get('details')).toBe(
      `Talks & workshops\nhttps://events.example.test/e/${EVENT_ID}`,
    );
    expect(new URL(hrefOf(page.body, 'outlookcom')).host).toBe('outlook.live.com');
    expect(new URL(hrefOf(page.body, 'outlook')).host).toBe('outlook.office.com');
    expect(hrefOf(page.body, 'appleical')).toBe(`/e/${EVENT_ID}/calendar.ics`);
    expect(page.body).toContain(`href="/e/${EVENT_ID}">${attendeePageMessages.eventPage}</a>`);
  });

  it('offers no calendar to the waitlisted or those awaiting approval', async () => {
    const waitlisted = await registered('WAITLISTED');
    expect(waitlisted.body).toContain('so you&#39;re on the waitlist');
    expect(waitlisted.body).not.toContain('data-calendar-type');
    expect((await registered('AWAITING_APPROVAL')).body).not.toContain('data-calendar-type');
  });

  it('sends an address naming no outcome to the form; an unknown event is not found', async () => {
    for (const status of ['', 'nope', 'toString', 'REGISTRATION&status=WAITLISTED']) {
      const page = await get(`/e/${EVENT_ID}/registered${status ? `?status=${status}` : ''}`);
      expect(page.statusCode).toBe(303);
      expect(page.headers.location).toBe(`/e/${EVENT_ID}/register`);
    }
    const unknown = await get('/e/00000000-0000-4000-8000-000000000000/registered?status=REGISTRATION');
    expect(unknown.statusCode).toBe(404);
    expect((await get('/e/nope/calendar.ics')).statusCode).toBe(404);
  });

  it("downloads the event's .ics: the UID and SEQUENCE of its invitations, published to anyone", async () => {
    const ics = await get(`/e/${EVENT_ID}/calendar.ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe('attachment; filename="Summit-2031.ics"');
    const lines = ics.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:PUBLISH',
        `UID:${EVENT_ID}@event-studio`,
        'SEQUENCE:3',
        'DTSTART:20310501T130000Z',
        'DTEND:20310501T210000Z',
        'SUMMARY:Summit <2031>',
        `DESCRIPTION:Talks & workshops\\nhttps://events.example.test/e/${EVENT_ID}`,
      ]),
    );
    expect(lines.some((line) => line.startsWith('ATTENDEE'))).toBe(false);
  });
});
