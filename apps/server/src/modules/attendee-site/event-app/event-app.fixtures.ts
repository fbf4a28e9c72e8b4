import { EVENT_ROLES, type EventRole } from '@studio/domain';
import { expect } from 'vitest';
import { createTestStudio, newUser, type TestStudio } from '../../../../test/harness.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { caller, newEvent, type Api } from '../../back-office/back-office.fixtures.ts';

/**
 * A studio with its attendee origin at events.example.test, its clock at 14:00 UTC on 1 May 2031
 * (unless given), and an organisation's event 'Summit' on then (13:00–21:00 UTC), with its admin
 * as a caller.
 */
export async function attendeeStudioWithEvent(
  organizationName: string,
  clock = () => new Date('2031-05-01T14:00:00Z'),
) {
  const studio = await createTestStudio({ eventsPublicUrl: 'https://events.example.test', clock });
  const api = caller(studio, (await newAdmin(studio, organizationName)).access);
  const event = await newEvent(api, {
    title: 'Summit',
    start: '2031-05-01T13:00:00Z',
    end: '2031-05-01T21:00:00Z',
    timezone: 'UTC',
  });
  return { studio, api, event };
}

/**
 * A new person holding `role` in the event, entered through the magic link the studio gives them
 * (as their email leaves them): their id and the event's cookie.
 */
export async function enteredAs(
  studio: TestStudio,
  api: Api,
  eventId: string,
  options: { role?: EventRole; first_name?: string; last_name?: string } = {},
): Promise<{ userId: string; cookie: string }> {
  const { role = EVENT_ROLES.ATTENDEE, first_name = 'Grace', last_name = 'Hopper' } = options;
  const person = await newUser(studio.app, { first_name, last_name });
  await studio.database.db
    .insertInto('event_roles')
    .values({ event_id: eventId, user_id: person.user.id, role })
    .execute();
  return {
    userId: person.user.id,
    cookie: await magicLinkCookie(studio, api, eventId, { user_id: person.user.id }),
  };
}

/** The event's session cookie of the person the studio's magic link names (by id or email), once they followed it. */
export async function magicLinkCookie(
  studio: TestStudio,
  api: Api,
  eventId: string,
  person: { user_id: string } | { email: string },
): Promise<string> {
  const query = new URLSearchParams({ ...person, event_id: eventId });
  const link = await api.get<{ url: string }>(`/api/event/magic_link/?${query.toString()}`);
  const { pathname, search } = new URL(link.body.url);
  const entrance = await studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
  return String(entrance.headers['set-cookie']).split(';')[0] ?? '';
}

/**
 * The event app's push stream as it arrives: `next()` answers the next server-sent event,
 * `nextOf(name)` the data of the next one so named.
 */
export async function pushStream(url: string, cookie: string) {
  const aborted = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: aborted.signal });
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  const reader = response.body!.getReader();
  let text = '';
  async function next(): Promise<{ name: string; data: unknown }> {
    while (!text.includes('\n\n')) {
      const chunk = await reader.read();
      text += new TextDecoder().decode(chunk.value as Uint8Array | undefined);
    }
    const [frame = '', ...rest] = text.split('\n\n');
    text = rest.join('\n\n');
    const line = (prefix: string) => frame.split('\n').find((entry) => entry.startsWith(prefix));
    const name = line('event: ');
    const data = line('data: ');
    return name && data ? { name: name.slice(7), data: JSON.parse(data.slice(6)) } : next();
  }
  async function nextOf(name: string): Promise<unknown> {
    for (;;) {
      const message = await next();
      if (message.name === name) return message.data;
    }
  }
  // Aborting drops the connection (a cancelled body may leave it open, holding the site's close).
  return { next, nextOf, close: () => aborted.abort() };
}
