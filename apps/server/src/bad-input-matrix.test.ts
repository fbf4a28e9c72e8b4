/**
 * Bad input on EVERY route: an organisation's admin (the caller who gets furthest into a route)
 * sends each one malformed ids, query values and body fields. The answer is a success or a clear
 * refusal — a 4xx with the JSON `message` and `code` (or, on the pages people open from an email,
 * a page that says so) — never a server error. Routes are collected as they are registered, so a
 * new route is covered without touching this file.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { fileStudio } from '../test/file-studio.ts';
import { bearer } from '../test/harness.ts';
import { sweepBadInput } from '../test/bad-input.ts';
import { studioRoutes } from '../test/studio-routes.ts';
import { newAdmin } from './modules/access/access.fixtures.ts';
import { caller, newEvent } from './modules/back-office/back-office.fixtures.ts';

const { onRoute, routes } = studioRoutes();
const studio = fileStudio({ onRoute });

let admin: { access: string };
let eventId: string;

beforeAll(async () => {
  admin = await newAdmin(studio, 'Bad Input Org');
  const event = await newEvent(caller(studio, admin.access), {
    title: 'Bad input probe',
    start: '2031-05-01T10:00:00Z',
    end: '2031-05-01T12:00:00Z',
  });
  eventId = event.id;
});

describe('bad input on every route', () => {
  it('answers a success or a 4xx with its message and code, never a server error', async () => {
    // The sign-in routes last: some of them end the admin's session.
    const ordered = [...routes()].sort(
      (a, b) => Number(a.url.startsWith('/api/auth/')) - Number(b.url.startsWith('/api/auth/')),
    );
    const { requests, failures } = await sweepBadInput(studio.app, ordered, {
      id: eventId,
      headers: bearer(admin.access),
    });
    expect(requests).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 900_000);
});
