import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EventUserStatus, ListedEvent, Page, Recording, Series, StudioEvent, Tag } from '@studio/domain';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';
import { createJobQueue } from '../../../platform/jobs/job-queue.ts';
import { newAdmin, newWorkspace } from '../../access/access.fixtures.ts';
import { createBackOffice } from '../back-office.ts';
import { at, caller, idsOf, newEvent } from '../back-office.fixtures.ts';
import { createBranding } from '../../branding/branding.ts';
import { setOperatorFlags } from '../../organizations/organizations.fixtures.ts';
import { person, registerPeople } from '../../registration/members/members.fixtures.ts';
import { useFixtureDatabase } from '../../registration/members/registrations.fixtures.ts';

/**
 * Spec 001 §2.5/§7 "GET list", 002 §3.18: every filter, sort and page of the event list against
 * expectations computed by hand. "Now" is pinned with the `now` parameter.
 */
const NOW = new Date('2030-06-01T12:00:00.000Z');
const nowParam = `now=${encodeURIComponent(NOW.toISOString())}`;

const { studio, admin, api } = fileStudioWithAdmin('List Org');
let organizationId: string;
const ids: Record<string, string> = {};
let golf: Series;
let launchTag: Tag;
let blueId: string;

async function list(query: string): Promise<Page<StudioEvent>> {
  const response = await api.get<Page<StudioEvent>>(`/api/event/?${nowParam}&${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

beforeAll(async () => {
  organizationId = admin.organization.id;
  blueId = (await newWorkspace(studio, admin.access, 'Blue')).id;
  launchTag = (await api.post<Tag>('/api/core/tags/', { organization: organizationId, tag_name: 'Launch' }))
    .body;

  ids.A = (
    await newEvent(api, {
      title: 'Alpha webinar',
      event_type: 'Webinar',
      start: at(NOW, -180),
      end: at(NOW, -120),
      tags: [launchTag.id],
    })
  ).id;
  // Ends exactly now: both upcoming and past.
  ids.B = (await newEvent(api, { title: 'Bravo conference', start: at(NOW, -60), end: NOW })).id;
  ids.C = (await newEvent(api, { title: 'Charlie live', start: at(NOW, -30), end: at(NOW, 30) })).id;
  // Starts exactly now: upcoming non-live.
  ids.D = (
    await newEvent(api, {
      title: 'Delta future',
      event_type: 'Webinar',
      start: NOW,
      end: at(NOW, 60),
      workspace: blueId,
    })
  ).id;
  ids.E = (
    await newEvent(api, {
      title: 'Echo later',
      start: at(NOW, 24 * 60),
      end: at(NOW, 25 * 60),
      tags: [launchTag.id],
    })
  ).id;
  ids.F = (
    await newEvent(api, {
      title: 'Foxtrot recording',
      event_type: 'Recording',
      start: at(NOW, -5 * 24 * 60),
      end: at(NOW, -5 * 24 * 60 + 30),
    })
  ).id;
  const repeating = await api.post<Series>('/api/event/series/', {
    name: 'Golf weekly',
    recurrence: {
      frequency: 'weekly',
      weekdays: ['MO'],
      start_date: '2030-06-03',
      start_time: '09:00',
      duration_minutes: 60,
      timezone: 'UTC',
      count: 2,
    },
  });
  expect(repeating.status).toBe(201);
  golf = repeating.body;
  [ids.G1, ids.G2] = golf.events as [string, string];
});

const expectIds = (page: Page<{ id: string }>, names: string[]) =>
  expect(idsOf(page)).toEqual(names.map((name) => ids[name]));

describe('event list: named filters and the time boundary', () => {
  it('UpcomingEvents = end ≥ now, date descending by default, types All = Webinar + Conference', async () => {
    const page = await list('filter=UpcomingEvents&event_type=All');
    expectIds(page, ['G2', 'G1', 'E', 'D', 'C', 'B']);
    expect(page.count).toBe(6);
  });

  it('PastEvents = end ≤ now: the event ending exactly now is in both lists', async () => {
    expectIds(await list('filter=PastEvents&event_type=All'), ['B', 'A']);
  });

  it('a recording (no schedule: its stored times are no dates) is upcoming and never past', async () => {
    expectIds(await list('filter=UpcomingEvents&event_type=Recording'), ['F']);
    expectIds(await list('filter=UpcomingNonLiveEvents&event_type=Recording'), ['F']);
    expectIds(await list('filter=PastEvents&event_type=Recording'), []);
    expectIds(await list('filter=PastEvents'), ['B', 'A']);
    expectIds(await list('filter=UpcomingEvents&event_type=Webinar,Recording'), ['D', 'F']);
    // Explicit bounds alone read the stored times, as the API states them.
    expectIds(await list(`end_time_lte=${encodeURIComponent(NOW.toISOString())}&event_type=Recording`), [
      'F',
    ]);
  });

  it('UpcomingNonLiveEvents = start ≥ now (the live one and the one ending now are out)', async () => {
    expectIds(await list('filter=UpcomingNonLiveEvents&event_type=All&ordering=start_time'), [
      'D',
      'E',
      'G1',
      'G2',
    ]);
  });

  it('AllEvents; without event_type every type, recordings included', async () => {
    expect((await list('filter=AllEvents&event_type=All')).count).toBe(7);
    expect((await list('filter=AllEvents')).count).toBe(8);
    expectIds(await list('event_type=Webinar&ordering=start_time'), ['A', 'D']);
    expectIds(await list('event_type=Conference&filter=PastEvents'), ['B']);
    expectIds(await list('event_type=Webinar,Recording&ordering=start_time'), ['F', 'A', 'D']);
  });

  it('end_time_gte, end_time_lte and start_time_gte bound inclusively, with a +HH:MM suffix', async () => {
    const local = encodeURIComponent('2030-06-01T14:00:00+02:00'); // = NOW
    expectIds(await list(`end_time_gte=${local}&end_time_lte=${local}`), ['B']);
    expectIds(await list(`start_time_gte=${local}&event_type=Webinar`), ['D']);
    const refused = await api.get<{ message: string }>('/api/event/?end_time_gte=2030-06-01T12:00:00%2B0200');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid timezone suffix');
  });
});

describe('event list: sorts, search, filters and pages', () => {
  it('sorts by title and start time both ways', async () => {
    const golfAsc = [ids.G1, ids.G2].sort();
    const byTitle = await list('event_type=All&ordering=title');
    expect(idsOf(byTitle)).toEqual([ids.A, ids.B, ids.C, ids.D, ids.E, ...golfAsc]);
    const byTitleDesc = await list('event_type=All&ordering=-title');
    expect(idsOf(byTitleDesc)).toEqual([...[...golfAsc].reverse(), ids.E, ids.D, ids.C, ids.B, ids.A]);
    expectIds(await list('event_type=All&ordering=start_time'), ['A', 'B', 'C', 'D', 'E', 'G1', 'G2']);
    expectIds(await list('event_type=All&ordering=-start_time'), ['G2', 'G1', 'E', 'D', 'C', 'B', 'A']);
  });

  it('pages with limit and offset, with next and previous links', async () => {
    const page = await list('event_type=All&ordering=start_time&limit=2&offset=2');
    expectIds(page, ['C', 'D']);
    expect(page.count).toBe(7);
    expect(page.next).toContain('offset=4');
    expect(page.next).toContain('limit=2');
    expect(page.previous).not.toContain('offset=');
    const last = await list('event_type=All&ordering=start_time&limit=2&offset=6');
    expectIds(last, ['G2']);
    expect(last.next).toBeNull();
  });

  it('searches the title in any case', async () => {
    expectIds(await list('title=ALPHA'), ['A']);
    expectIds(await list('title=ER&ordering=title'), ['B', 'E']);
    expect((await list('title=100%25')).count).toBe(0);
  });

  it('filters by series, tag (id or name), workspace and repeating-event visibility', async () => {
    expectIds(await list(`series=${golf.id}&ordering=start_time`), ['G1', 'G2']);
    expectIds(await list('tag=launch&ordering=start_time'), ['A', 'E']);
    expectIds(await list(`tag=${launchTag.id}&ordering=start_time`), ['A', 'E']);
    expectIds(await list(`workspace=${blueId}`), ['D']);
    expectIds(await list('workspace__isnull=false'), ['D']);
    expect((await list('workspace__isnull=true')).count).toBe(7);
    // The admin is in no team: "my team workspaces" is empty.
    expect((await list('workspace=mine')).count).toBe(0);
    expectIds(await list('series_type=repeating&ordering=start_time'), ['G1', 'G2']);
    expectIds(await list('repeating=only&ordering=start_time'), ['G1', 'G2']);
    expectIds(await list('repeating=hide&event_type=All&filter=UpcomingEvents'), ['E', 'D', 'C', 'B']);
    expect((await list('repeating=show&event_type=All')).count).toBe(7);
  });

  it('answers minimal rows with min or minimal_data', async () => {
    for (const flag of ['min=true', 'minimal_data=true']) {
      const page = await list(`${flag}&title=Alpha`);
      expect(page.results).toEqual([
        {
          id: ids.A,
          title: 'Alpha webinar',
          start_time: at(NOW, -180).toISOString(),
          end_time: at(NOW, -120).toISOString(),
          timezone: 'UTC',
          event_type: 'Webinar',
        },
      ]);
    }
  });

  it("answers 404 for another organisation's list", async () => {
    const other = await newAdmin(studio, 'Other Org');
    expect((await api.get(`/api/event/?organization=${other.organization.id}`)).status).toBe(404);
    expect((await api.get(`/api/event/?organization=${organizationId}`)).status).toBe(200);
  });
});

describe('page size and recordings', () => {
  it('pages 25 by default and 10 when the not-use-registrant-counts flag is on', async () => {
    const admin = await newAdmin(studio, 'Busy Org');
    const busy = caller(studio, admin.access);
    for (let i = 0; i < 12; i += 1)
      await newEvent(busy, { title: `Event ${i}`, start: at(NOW, i), end: at(NOW, i + 1) });
    expect((await busy.get<Page<StudioEvent>>('/api/event/')).body.results).toHaveLength(12);
    await setOperatorFlags(studio, admin.organization.id, { notUseRegistrantCounts: true });
    const page = (await busy.get<Page<StudioEvent>>('/api/event/')).body;
    expect(page.results).toHaveLength(10);
    expect(page.count).toBe(12);
    expect(page.next).toContain('limit=10');
  });

  it('lists recordings only, searchable by title, newest first, paged', async () => {
    const second = await newEvent(api, {
      title: 'Hotel recording',
      event_type: 'Recording',
      start: NOW,
      end: at(NOW, 30),
    });
    const page = (await api.get<Page<Recording>>('/api/event/recordings/')).body;
    expect(idsOf(page)).toEqual([second.id, ids.F]);
    expect(Object.keys(page.results[0] ?? {}).sort()).toEqual([
      'created_at',
      'end_time',
      'id',
      'start_time',
      'tags',
      'title',
      'workspace',
    ]);
    expect(idsOf((await api.get<Page<Recording>>('/api/event/recordings/?title=foxtrot')).body)).toEqual([
      ids.F,
    ]);
    const paged = (await api.get<Page<Recording>>('/api/event/recordings/?limit=1&offset=1')).body;
    expect(idsOf(paged)).toEqual([ids.F]);
    expect(paged.count).toBe(2);
    expect(idsOf((await api.get<Page<Recording>>('/api/event/recordings/?ordering=title')).body)).toEqual([
      ids.F,
      second.id,
    ]);
    await api.delete(`/api/event/${second.id}/`);
  });
});

describe('registrant counts (the events list column)', () => {
  /** Registers one person per status given (the registration area's fixture, no emails). */
  const registerAs = (organizationId: string, eventId: string, statuses: EventUserStatus[]) =>
    registerPeople(
      organizationId,
      eventId,
      statuses.map((status, index) => ({ ...person(`P${index}`), status })),
    );
  const countsOf = (page: Page<ListedEvent>) =>
    Object.fromEntries(page.results.map((event) => [event.title, event.registrant_counts]));

  it('counts registered (seated: Registered, Attended, No Show) and waitlisted apart, neither cancelled, rejected nor blocked, per event and organisation; not with the flag, nor on minimal rows', async () => {
    useFixtureDatabase(studio.database.db);
    const counting = await newAdmin(studio, 'Counting Org');
    const countingApi = caller(studio, counting.access);
    const orgId = counting.organization.id;
    const event = (title: string, hours: number) =>
      newEvent(countingApi, { title, start: at(NOW, hours * 60), end: at(NOW, hours * 60 + 60) });
    const [summit, meetup] = [await event('Summit', 1), await event('Meetup', 2)];
    await event('Quiet', 3);
    // Blocked first (through the registration area's bulk block, which then promotes the waitlist):
    // a seat and a waitlist place, counted in neither.
    const blocked = [person('Blocked'), person('Blocked')];
    await registerPeople(orgId, summit.id, [
      { ...blocked[0]!, status: 'REGISTRATION' },
      { ...blocked[1]!, status: 'WAITLISTED' },
    ]);
    const block = await countingApi.post<{ count: number }>(`/api/event/${summit.id}/bulk_block/`, {
      users: blocked.map((one) => one.email),
    });
    expect(block.body.count).toBe(2);
    await registerAs(orgId, summit.id, [
      'REGISTRATION',
      'REGISTRATION',
      'ATTENDED',
      'EVENT_NO_SHOW',
      'WAITLISTED',
      'WAITLISTED',
      'CANCELED',
      'REJECTED',
    ]);
    await registerAs(orgId, meetup.id, ['REGISTRATION', 'WAITLISTED', 'CANCELED']);
    // Another organisation's event and registrants: counted in its own list only.
    const other = await newAdmin(studio, 'Other Counting Org');
    const otherApi = caller(studio, other.access);
    const elsewhere = await newEvent(otherApi, { title: 'Elsewhere', start: at(NOW, 60), end: at(NOW, 120) });
    await registerAs(other.organization.id, elsewhere.id, ['REGISTRATION', 'ATTENDED', 'WAITLISTED']);

    const listed = async (as: typeof countingApi, query = '') =>
      (await as.get<Page<ListedEvent>>(`/api/event/?${nowParam}${query}`)).body;
    expect(countsOf(await listed(countingApi))).toEqual({
      Summit: { registered: 4, waitlisted: 2 },
      Meetup: { registered: 1, waitlisted: 1 },
      Quiet: { registered: 0, waitlisted: 0 },
    });
    expect(countsOf(await listed(otherApi))).toEqual({ Elsewhere: { registered: 2, waitlisted: 1 } });
    // Pickers' minimal rows carry no counts.
    for (const row of (await listed(countingApi, '&min=true')).results)
      expect(row).not.toHaveProperty('registrant_counts');

    await setOperatorFlags(studio, orgId, { notUseRegistrantCounts: true });
    const unCounted = await listed(countingApi);
    expect(unCounted.results.map((row) => row.title).sort()).toEqual(['Meetup', 'Quiet', 'Summit']);
    for (const row of unCounted.results) expect(row).not.toHaveProperty('registrant_counts');
    // The other organisation's flag is its own.
    expect(countsOf(await listed(otherApi))).toEqual({ Elsewhere: { registered: 2, waitlisted: 1 } });
  });

  it('keeps its counts through every change of the registrations: moderation, status changes, bulk imports, deletions', async () => {
    useFixtureDatabase(studio.database.db);
    const moderating = await newAdmin(studio, 'Moderating Org');
    const modApi = caller(studio, moderating.access);
    const orgId = moderating.organization.id;
    const gala = await newEvent(modApi, { title: 'Gala', start: at(NOW, 60), end: at(NOW, 120) });
    const fair = await newEvent(modApi, { title: 'Fair', start: at(NOW, 180), end: at(NOW, 240) });
    const people = ['REGISTRATION', 'REGISTRATION', 'WAITLISTED', 'WAITLISTED', 'ATTENDED'] as const;
    const galaIds = await registerAs(orgId, gala.id, [...people]);
    await registerAs(orgId, fair.id, [...people]);
    // A fresh count of the registrations, as the dashboard counts them.
    const counted = async (eventId: string) => {
      const summary = await modApi.get<{ registrants: { registered: number; waitlisted: number } }>(
        `/api/event/${eventId}/summary/`,
      );
      const { registered, waitlisted } = summary.body.registrants;
      return { registered, waitlisted };
    };
    const expectFresh = async () => {
      const page = (await modApi.get<Page<ListedEvent>>(`/api/event/?${nowParam}`)).body;
      for (const row of page.results) expect(row.registrant_counts).toEqual(await counted(row.id));
      return countsOf(page);
    };
    expect(await expectFresh()).toEqual({
      Gala: { registered: 3, waitlisted: 2 },
      Fair: { registered: 3, waitlisted: 2 },
    });
    const emails = (
      await modApi.get<Page<{ email: string; event_user_status: string }>>(
        `/api/event/event-members/?event=${gala.id}&limit=100`,
      )
    ).body.results.map((member) => member.email);
    const ok = async (call: Promise<{ status: number }>) => expect((await call).status).toBe(200);
    await ok(modApi.post(`/api/event/${gala.id}/bulk_block/`, { users: emails.slice(0, 2) }));
    const blocked = (await expectFresh()).Gala!;
    expect(blocked.registered + blocked.waitlisted).toBe(3);
    await ok(modApi.post(`/api/event/${gala.id}/bulk_unblock/`, { users: emails.slice(0, 1) }));
    await expectFresh();
    await ok(modApi.patch(`/api/event/event-members/${galaIds[4]}/`, { event_user_status: 'CANCELED' }));
    await ok(modApi.post(`/api/event/${gala.id}/bulk_delete/`, { users: emails.slice(2, 3) }));
    await expectFresh();
    // Many at once (one statement, as an import writes them), then the event deleted with them.
    await sql`update event_registrations set status = 'WAITLISTED' where event_id = ${fair.id}`.execute(
      studio.database.db,
    );
    expect((await expectFresh()).Fair).toEqual({ registered: 0, waitlisted: 5 });
    expect((await modApi.delete(`/api/event/${fair.id}/`)).status).toBe(204);
    const left = await sql<{ event_id: string }>`select event_id from event_registration_counts
      where event_id = ${fair.id}`.execute(studio.database.db);
    expect(left.rows).toEqual([]);
  });
});

describe('event ids for other areas (the video library filters)', () => {
  it('matches ids, a tag (id or name, any case) and a series, all given criteria together, in one organisation', async () => {
    const area = createBackOffice({
      db: studio.database.db,
      jobs: createJobQueue({ database: studio.database, log: { info() {}, warn() {}, error() {} } }),
      mailer: { send: () => Promise.resolve(true) },
      mailFrom: 'x@example.com',
      attendeeBaseUrl: () => Promise.resolve('http://attendees.test'),
      scopeFactsOf: () =>
        Promise.resolve({
          settings: { isWorkspaceEnabled: false, notUseRegistrantCounts: false },
          teamIds: [],
        }),
      findWorkspace: () => Promise.reject(new Error('unused')),
      videos: { statusOf: () => Promise.resolve(undefined) },
      branding: createBranding(studio.database.db),
      realtime: { publish: () => Promise.resolve() },
    });
    const sorted = (...names: string[]) => names.map((name) => ids[name]).sort();
    const match = (filter: Parameters<typeof area.events.eventIdsMatching>[1]) =>
      area.events.eventIdsMatching(organizationId, filter);
    expect(await match({ eventTag: 'LAUNCH' })).toEqual(sorted('A', 'E'));
    expect(await match({ eventTag: launchTag.id })).toEqual(sorted('A', 'E'));
    expect(await match({ seriesId: golf.id })).toEqual(sorted('G1', 'G2'));
    expect(await match({ eventIds: [ids.A ?? '', ids.B ?? '', 'not-an-id'], eventTag: 'launch' })).toEqual(
      sorted('A'),
    );
    expect(await match({ seriesId: 'nope' })).toEqual([]);
    const other = await newAdmin(studio, 'Elsewhere');
    expect(await area.events.eventIdsMatching(other.organization.id, { eventIds: [ids.A ?? ''] })).toEqual(
      [],
    );
  });
});

describe('the count of a large events list (issue 12: bounded counts)', () => {
  it('is exact up to 1,000 matching events, then the flagged estimate; next follows full pages', async () => {
    const big = await newAdmin(studio, 'Big Org');
    const bigApi = caller(studio, big.access);
    const fill = (count: number, offset: number) =>
      sql`insert into events (organization_id, title, event_type, host_type, start_time, end_time, timezone)
        select ${big.organization.id}, 'Bulk ' || n, 'Conference', 'Virtual',
          ${NOW}::timestamptz + (n || ' hours')::interval, ${NOW}::timestamptz + (n + 1 || ' hours')::interval, 'UTC'
        from generate_series(${offset + 1}::int, ${offset + count}::int) as n`.execute(studio.database.db);
    const page = async () =>
      (
        await bigApi.get<Page<StudioEvent>>(
          `/api/event/?${nowParam}&organization=${big.organization.id}&limit=25`,
        )
      ).body;
    await fill(1000, 0);
    const exact = await page();
    expect(exact.count).toBe(1000);
    expect(exact).not.toHaveProperty('count_is_estimate');
    await fill(500, 1000);
    const estimated = await page();
    expect(estimated.count_is_estimate).toBe(true);
    expect(estimated.count).toBeGreaterThan(1000);
    expect(estimated.results).toHaveLength(25);
    expect(estimated.next).toContain('offset=25');
  });
});
