import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_MEMBERS_PAGE_SIZE, type EventMember, type Page } from '@studio/domain';
import { newEvent } from '../../back-office/back-office.fixtures.ts';
import { fileMembersSetups, membersSetup, person, registerPeople } from './members.fixtures.ts';

const { studio, setup, other } = fileMembersSetups('Members Org', 'Other Members Org');
let ids: string[];

type Answer<T> = T & { code: string; message: string };
const list = (query: string, api = setup.api) =>
  api.get<Answer<Page<EventMember>>>(`/api/event/event-members/?event=${setup.event.id}&${query}`);

beforeAll(async () => {
  const people = Array.from({ length: 23 }, (_, index) =>
    person(`Person${String(index).padStart(2, '0')}`, { company: index % 2 ? 'Odd Co' : 'Even Co' }),
  );
  people[0] = { ...person('Ada', { company: 'Analytical' }), last_name: 'Lovelace' };
  people[1] = { ...person('Grace'), company: 'Navy', status: 'WAITLISTED' } as (typeof people)[number];
  ids = await registerPeople(setup.organizationId, setup.event.id, people);
});

describe('event members (002 §7.13)', () => {
  it('lists 20 per page, newest first, with the count and the next link', async () => {
    const first = await list('');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(23);
    expect(first.body.results).toHaveLength(EVENT_MEMBERS_PAGE_SIZE);
    expect(first.body.next).toContain('offset=20');
    const second = await list('offset=20');
    expect(second.body.results).toHaveLength(3);
    expect(second.body.results.at(-1)!.first_name).toBe('Ada');
    expect(second.body.results.at(-1)).toMatchObject({
      id: ids[0],
      event: setup.event.id,
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      company: 'Analytical',
      event_user_status: 'REGISTRATION',
      is_blocked: false,
      source: 'manual',
      events: [{ id: setup.event.id, title: setup.event.title }],
      checked_in_at: null,
    });
  });

  it('searches name, email and company; filters by status, blocked and company; orders', async () => {
    expect((await list('search=ada lov')).body.results.map((m) => m.first_name)).toEqual(['Ada']);
    expect((await list('search=analytical')).body.count).toBe(1);
    expect((await list('search=grace-')).body.results.map((m) => m.first_name)).toEqual(['Grace']);
    expect((await list('search=100%')).body.count).toBe(0);
    const waitlisted = await list('event_user_status=WAITLISTED');
    expect(waitlisted.body.results.map((m) => m.first_name)).toEqual(['Grace']);
    expect((await list('event_user_status=WAITLISTED,REGISTRATION')).body.count).toBe(23);
    expect((await list('is_blocked=true')).body.count).toBe(0);
    expect((await list('company__in=Navy,Analytical')).body.count).toBe(2);
    const byName = await list('ordering=first_name&limit=3');
    expect(byName.body.results.map((m) => m.first_name)).toEqual(['Ada', 'Grace', 'Person02']);
    const byCompany = await list('ordering=-company&limit=1');
    expect(byCompany.body.results[0]!.company).toBe('Odd Co');
  });

  it("shows the organisation's other events the person is registered for, this one first", async () => {
    const later = await newEvent(setup.api, {
      title: 'Later Meetup',
      start: '2031-09-01T09:00:00Z',
      end: '2031-09-01T17:00:00Z',
    });
    const ada = (await list('search=lovelace')).body.results[0]!;
    await registerPeople(setup.organizationId, later.id, [
      { email: ada.email, first_name: 'Ada', last_name: 'Lovelace' },
    ]);
    const listed = await setup.api.get<Page<EventMember>>(`/api/event/event-members/?event=${later.id}`);
    expect(listed.body.results[0]!.events).toEqual([
      { id: later.id, title: 'Later Meetup' },
      { id: setup.event.id, title: setup.event.title },
    ]);
  });

  it("answers 404 for another organisation's event, 400 without an event", async () => {
    expect((await list('', other.api)).status).toBe(404);
    expect((await setup.api.get('/api/event/event-members/')).status).toBe(400);
  });

  it('answers a page only while the session lives (the page is read beside the session check)', async () => {
    const closing = await membersSetup(studio, 'Closed Session Org');
    await registerPeople(closing.organizationId, closing.event.id, [person('Zoe')]);
    const path = `/api/event/event-members/?event=${closing.event.id}`;
    expect((await closing.api.get<Page<EventMember>>(path)).body.count).toBe(1);
    const logout = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: closing.admin.refresh },
    });
    expect(logout.statusCode).toBe(204);
    const closed = await closing.api.get<Answer<Page<EventMember>>>(path);
    expect(closed.status).toBe(401);
    expect(closed.body.results).toBeUndefined();
  });

  it('counts total registrants by status with the latest 20', async () => {
    const totals = await setup.api.get<{
      count: number;
      by_status: Record<string, number>;
      results: EventMember[];
    }>(`/api/event/${setup.event.id}/total_registrants/?limit=20`);
    expect(totals.status).toBe(200);
    expect(totals.body.count).toBe(23);
    expect(totals.body.by_status).toMatchObject({ REGISTRATION: 22, WAITLISTED: 1, CANCELED: 0 });
    expect(totals.body.results).toHaveLength(20);
    expect((await setup.api.get(`/api/event/${setup.event.id}/total_registrants/?limit=21`)).status).toBe(
      400,
    );
    expect((await other.api.get(`/api/event/${setup.event.id}/total_registrants/`)).status).toBe(404);
  });
});
