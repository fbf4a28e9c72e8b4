/**
 * Bad input on EVERY route of the attendee site, as the bad-input matrix does for the studio's:
 * a person of the event who gets furthest into its routes (an organiser: the event app's
 * moderation and the check-in desk let them in) sends each route malformed ids, query values and
 * body fields. The answer is a success or a clear refusal (a JSON 4xx with `message` and `code`, or
 * a page that says so), never a server error. Routes are collected as the site registers them.
 */
import { EVENT_ROLES } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { fileStudio, madeBeforeAll } from '../../../test/file-studio.ts';
import { sweepBadInput } from '../../../test/bad-input.ts';
import { studioRoutes } from '../../../test/studio-routes.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { enteredAs } from './event-app/event-app.fixtures.ts';

/** The push streams never end: a call to one would not come back. */
const isStream = (url: string) => /\/(api\/push|check-in\/api\/live)$/.test(url);
const { onRoute, routes } = studioRoutes((url) => !isStream(url));
const studio = fileStudio({
  onAttendeeRoute: onRoute,
  eventsPublicUrl: 'https://events.example.test',
  clock: () => new Date('2031-05-01T14:00:00Z'),
});

const probe = madeBeforeAll(async () => {
  const api = caller(studio, (await newAdmin(studio, 'Attendee Bad Input Org')).access);
  const event = await newEvent(api, {
    title: 'Bad input probe',
    start: '2031-05-01T13:00:00Z',
    end: '2031-05-01T21:00:00Z',
    timezone: 'UTC',
  });
  const organiser = await enteredAs(studio, api, event.id, { role: EVENT_ROLES.ORGANIZER });
  return { eventId: event.id, cookie: organiser.cookie };
});

describe('bad input on every route of the attendee site', () => {
  it('answers a success or a 4xx that says what is wrong, never a server error', async () => {
    const swept = routes();
    // The event app's calls, the engagement's, the check-in desk's and the public pages are all there.
    expect(swept.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/e/:eventId/api/me',
        '/e/:eventId/api/qna',
        '/e/:eventId/check-in/api/attendance',
        '/api/event/:id/register/',
        '/e/:eventId/register',
      ]),
    );
    // Leaving last: it forgets the organiser's sign-in.
    const ordered = [...swept].sort(
      (a, b) => Number(a.url.endsWith('/leave')) - Number(b.url.endsWith('/leave')),
    );
    const { requests, failures } = await sweepBadInput(studio.attendeeSite, ordered, {
      id: probe.eventId,
      headers: { cookie: probe.cookie },
    });
    expect(requests).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 600_000);
});
