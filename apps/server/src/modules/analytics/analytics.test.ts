import { describe, expect, it } from 'vitest';
import {
  analyticsBeaconPath,
  analyticsMessages,
  emailSchedulePaths,
  analyticsCsvPath,
  analyticsPath,
  onDemandWatchPath,
  registrationViewPath,
  viewersNowPath,
  type AnalyticsReport,
  type AnalyticsTab,
  type Broadcast,
  type StudioEvent,
} from '@studio/domain';
import { newAdmin } from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileEngagementWorld, personIn } from '../engagement/engagement.fixtures.ts';
import { BROWSER, sendBeacon } from './browser-beacon.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const world = fileEngagementWorld('Analytics Org');

type Person = Awaited<ReturnType<typeof personIn>>;
const beacon = (event: StudioEvent, person: Person, actions: object[], userAgent = BROWSER) =>
  sendBeacon(
    world.studio.attendeeSite,
    analyticsBeaconPath(event.id),
    { actions },
    { cookie: person.cookie, userAgent },
  );
const view = (event: StudioEvent, body: object, userAgent = BROWSER) =>
  sendBeacon(world.studio.attendeeSite, registrationViewPath(event.id), body, { userAgent });
const report = async (event: StudioEvent, tab: AnalyticsTab, query = '') => {
  const answer = await world.api.get<AnalyticsReport>(`${analyticsPath(event.id, tab)}${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const rowsOf = (event: StudioEvent) =>
  world.studio.database.db
    .selectFrom('analytics_events')
    .selectAll()
    .where('event_id', '=', event.id)
    .execute();

const newSession = async (event: StudioEvent, title: string) =>
  (
    await world.api.post<Broadcast>('/api/event/broadcasts/', {
      event: event.id,
      title,
      start_time: '2031-05-01T13:00:00Z',
      end_time: '2031-05-01T14:00:00Z',
      broadcast_type: 'LIVE',
    })
  ).body;

/** The sessions tab's row of a Keynote one person watched a minute of, on demand. */
const keynoteWatchedAMinuteOnDemand = (keynote: Broadcast) => ({
  id: keynote.id,
  name: 'Keynote',
  viewers: 1,
  live_minutes: 0,
  on_demand_minutes: 1,
  average_minutes: 1,
});

describe('attendance tracking (issue 35 §1)', () => {
  it("stores a beacon's batch of actions and answers the sessions tab with watch time live and on demand", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(event, 'Keynote');
    const panel = await newSession(event, 'Panel');
    const grace = await personIn(world, event, 'Grace');
    const alan = await personIn(world, event, 'Alan');
    const sent = await beacon(event, grace, [
      { action: 'session_joined', target: keynote.id, mode: 'live' },
      { action: 'watched', target: keynote.id, mode: 'live', seconds: 30 },
      { action: 'watched', target: keynote.id, mode: 'live', seconds: 30 },
      { action: 'session_left', target: keynote.id },
    ]);
    expect(sent.statusCode).toBe(204);
    await beacon(event, alan, [
      { action: 'watched', target: keynote.id, mode: 'on_demand', seconds: 60 },
      { action: 'cta_click', cta: 'demo_request' },
    ]);
    expect(await rowsOf(event)).toHaveLength(6);

    const sessions = await report(event, 'sessions');
    expect(sessions.figures).toEqual({ sessions: 2, viewers: 2, watch_minutes: 2 });
    expect(sessions.tables.sessions).toEqual([
      {
        id: keynote.id,
        name: 'Keynote',
        viewers: 2,
        live_minutes: 1,
        on_demand_minutes: 1,
        average_minutes: 1,
      },
      { id: panel.id, name: 'Panel', viewers: 0, live_minutes: 0, on_demand_minutes: 0, average_minutes: 0 },
    ]);
    const summary = await report(event, 'summary');
    expect(summary.figures).toMatchObject({
      attendees: 2,
      live_attendees: 1,
      on_demand_viewers: 1,
      watch_minutes: 2,
      live_minutes: 1,
      on_demand_minutes: 1,
      average_watch_minutes: 1,
      cta_clicks: 1,
    });
    expect(summary.tables.daily).toEqual([{ day: '2031-05-01', attendees: 2, watch_minutes: 2 }]);
    expect((await report(event, 'engagement')).figures.demo_requests).toBe(1);
  });

  it("counts recordings watched on demand, the event's own recording (of no session) too", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(event, 'Keynote');
    const ada = await personIn(world, event, 'Ada');
    // The on-demand player's beacons: a session's recording, then the whole event's (no session).
    await beacon(event, ada, [
      { action: 'session_joined', target: keynote.id, mode: 'on_demand' },
      { action: 'watched', target: keynote.id, mode: 'on_demand', seconds: 60 },
      { action: 'session_left', target: keynote.id, mode: 'on_demand' },
      { action: 'session_joined', target: null, mode: 'on_demand' },
      { action: 'watched', target: null, mode: 'on_demand', seconds: 30 },
    ]);
    const summary = await report(event, 'summary');
    expect(summary.figures).toMatchObject({
      attendees: 1,
      live_attendees: 0,
      on_demand_viewers: 1,
      watch_minutes: 1.5,
      live_minutes: 0,
      on_demand_minutes: 1.5,
    });
    const sessions = await report(event, 'sessions');
    expect(sessions.tables.sessions).toEqual([keynoteWatchedAMinuteOnDemand(keynote)]);
  });

  it('ignores bots, refuses people without the event cookie and malformed batches', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    expect((await beacon(event, grace, [{ action: 'stage_visit' }], GOOGLEBOT)).statusCode).toBe(204);
    expect((await beacon(event, grace, [{ action: 'stage_visit' }], '')).statusCode).toBe(204);
    expect(await rowsOf(event)).toEqual([]);
    const stranger = { ...grace, cookie: '' };
    expect((await beacon(event, stranger, [{ action: 'stage_visit' }])).statusCode).toBe(401);
    const tooLong = await beacon(event, grace, [{ action: 'watched', seconds: 3600 }]);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('keeps the events table append-only', async () => {
    const event = await world.newEvent();
    const grace = await personIn(world, event);
    await beacon(event, grace, [{ action: 'stage_visit' }]);
    await expect(
      world.studio.database.db
        .updateTable('analytics_events')
        .set({ seconds: 99 })
        .where('event_id', '=', event.id)
        .execute(),
    ).rejects.toThrow(/append-only/);
  });

  it("counts booth and room visits, and engagement's chat, questions and poll votes through its service", async () => {
    const event = await world.newEvent();
    const booth = (
      await world.api.post<{ id: string }>('/api/event/booths/', { event: event.id, name: 'Acme' })
    ).body;
    const room = (
      await world.api.post<{ id: string }>('/api/event/rooms/', { event: event.id, name: 'Lounge' })
    ).body;
    const grace = await personIn(world, event);
    await beacon(event, grace, [
      { action: 'booth_visit', target: booth.id },
      { action: 'booth_visit', target: booth.id },
      { action: 'room_visit', target: room.id },
    ]);
    expect((await grace.call('POST', 'chat/event', { text: 'Hello' })).status).toBe(201);
    expect((await grace.call('POST', 'qna', { text: 'When?', anonymous: false })).status).toBe(201);

    const booths = await report(event, 'booths');
    expect(booths.figures).toEqual({ visits: 2, visitors: 1 });
    expect(booths.tables.booths).toEqual([{ id: booth.id, name: 'Acme', visits: 2, visitors: 1 }]);
    expect((await report(event, 'rooms')).tables.rooms).toEqual([
      { id: room.id, name: 'Lounge', visits: 1, visitors: 1 },
    ]);
    const engagement = await report(event, 'engagement');
    expect(engagement.figures).toMatchObject({
      chat_messages: 1,
      questions: 1,
      poll_votes: 0,
      participants: 1,
    });
  });
});

describe('registration page views (issue 35 §1)', () => {
  it('counts views and unique visitors by campaign, bots left out', async () => {
    const event = await world.newEvent();
    const newsletter = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'launch' };
    expect((await view(event, { visitor: 'visitor-one', ...newsletter })).statusCode).toBe(204);
    await view(event, { visitor: 'visitor-one', ...newsletter });
    await view(event, { visitor: 'visitor-two' });
    await view(event, { visitor: 'visitor-bot' }, GOOGLEBOT);
    expect((await view(event, { visitor: 'x' })).statusCode).toBe(400);
    const preEvent = await report(event, 'pre-event');
    expect(preEvent.figures).toEqual({ page_views: 3, visitors: 2 });
    expect(preEvent.tables.sources).toEqual([
      { source: 'newsletter', medium: 'email', campaign: 'launch', page_views: 2, visitors: 1 },
      { source: '(direct)', medium: '(none)', campaign: '(none)', page_views: 1, visitors: 1 },
    ]);
  });
});

describe('the public on-demand page (no event cookie)', () => {
  const watched = (eventId: string, body: object, userAgent = BROWSER) =>
    sendBeacon(world.studio.attendeeSite, onDemandWatchPath(eventId), body, { userAgent });

  it("counts its visitors' watch time as on-demand minutes and viewers, bots left out", async () => {
    const event = await world.newEvent();
    const ada = await personIn(world, event, 'Ada');
    await beacon(event, ada, [{ action: 'watched', target: null, mode: 'on_demand', seconds: 30 }]);
    expect((await watched(event.id, { visitor: 'visitor-one', seconds: 30 })).statusCode).toBe(204);
    await watched(event.id, { visitor: 'visitor-one', seconds: 30 });
    await watched(event.id, { visitor: 'visitor-two', seconds: 15 });
    expect((await watched(event.id, { visitor: 'crawler-1', seconds: 30 }, GOOGLEBOT)).statusCode).toBe(204);
    const summary = await report(event, 'summary');
    expect(summary.figures).toMatchObject({
      attendees: 1,
      on_demand_viewers: 3,
      on_demand_minutes: 1.8,
      watch_minutes: 1.8,
    });
    const anonymous = (await rowsOf(event)).filter((row) => row.user_id === null);
    expect(anonymous.map((row) => [row.visitor, row.kind, row.mode, row.seconds])).toEqual([
      ['visitor-one', 'watched', 'on_demand', 30],
      ['visitor-one', 'watched', 'on_demand', 30],
      ['visitor-two', 'watched', 'on_demand', 15],
    ]);
  });

  it("counts a session's recording watched there in the Sessions tab, the event's own recording in none", async () => {
    const event = await world.newEvent();
    const keynote = await newSession(event, 'Keynote');
    await watched(event.id, { visitor: 'visitor-one', seconds: 60, session: keynote.id });
    await watched(event.id, { visitor: 'visitor-two', seconds: 30 });
    const sessions = await report(event, 'sessions');
    expect(sessions.tables.sessions).toEqual([keynoteWatchedAMinuteOnDemand(keynote)]);
    expect(
      (await watched(event.id, { visitor: 'visitor-one', seconds: 5, session: 'keynote' })).statusCode,
    ).toBe(400);
  });

  it('answers 400 for a malformed heartbeat and 404 for an unknown event', async () => {
    const event = await world.newEvent();
    const tooLong = await watched(event.id, { visitor: 'visitor-one', seconds: 3600 });
    expect(tooLong.statusCode).toBe(400);
    const refused = tooLong.json<{ code: string; errors: Record<string, string[]> }>();
    expect(refused.code).toBe('VALIDATION_ERROR');
    expect(refused.errors.seconds).toHaveLength(1);
    expect((await watched(event.id, { seconds: 30 })).statusCode).toBe(400);
    const unknown = await watched('7b0c6f52-2c55-4a4b-9f3e-0d1f5f1e2a11', {
      visitor: 'visitor-one',
      seconds: 30,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('analytics pages (issue 35 §3)', () => {
  it('counts only the days asked, in the event time zone', async () => {
    // 12:30 UTC on 1 May is half past midnight on 2 May in Auckland.
    const event = await newEvent(world.api, {
      title: 'Auckland',
      start: '2031-05-01T13:00:00Z',
      end: '2031-05-01T21:00:00Z',
      timezone: 'Pacific/Auckland',
    });
    await view(event, { visitor: 'visitor-one' });
    const second = await report(event, 'pre-event', '?from=2031-05-02&to=2031-05-02');
    expect(second.figures.page_views).toBe(1);
    expect(second.tables.daily).toEqual([{ day: '2031-05-02', page_views: 1, visitors: 1 }]);
    expect((await report(event, 'pre-event', '?from=2031-05-01&to=2031-05-01')).figures.page_views).toBe(0);
    const backwards = await world.api.get(
      `${analyticsPath(event.id, 'summary')}?from=2031-05-02&to=2031-05-01`,
    );
    expect(backwards.status).toBe(400);
    // A start after the default end (the event's, in its zone) is refused as well.
    const afterEnd = await world.api.get<{ errors: Record<string, string[]> }>(
      `${analyticsPath(event.id, 'summary')}?from=2031-06-01`,
    );
    expect(afterEnd.status).toBe(400);
    expect(afterEnd.body.errors).toEqual({ to: ['The start date must be on or before the end date.'] });
  });

  it("covers by default the days from the event's creation to its end or today, from its start when it was entered after it happened", async () => {
    const createdAt = async (event: StudioEvent, at: string) => {
      await world.studio.database.db
        .updateTable('events')
        .set({ created_at: new Date(at) })
        .where('id', '=', event.id)
        .execute();
      return report(event, 'summary');
    };
    const upcoming = await createdAt(await world.newEvent(), '2031-04-25T10:00:00Z');
    expect([upcoming.from, upcoming.to]).toEqual(['2031-04-25', '2031-05-01']);
    const nextWeek = await newEvent(world.api, {
      title: 'Next week',
      start: '2031-05-08T13:00:00Z',
      end: '2031-05-09T13:00:00Z',
      timezone: 'UTC',
    });
    expect((await createdAt(nextWeek, '2031-04-25T10:00:00Z')).to).toBe('2031-05-09');
    const enteredAfterwards = await newEvent(world.api, {
      title: 'Entered afterwards',
      start: '2031-04-20T13:00:00Z',
      end: '2031-04-20T15:00:00Z',
      timezone: 'UTC',
    });
    const past = await createdAt(enteredAfterwards, '2031-05-01T12:00:00Z');
    expect([past.from, past.to]).toEqual(['2031-04-20', '2031-05-01']);
  });

  it('exports a table as CSV with formula-leading cells escaped', async () => {
    const event = await world.newEvent();
    await world.api.post('/api/event/booths/', { event: event.id, name: '=HYPERLINK("x")' });
    const csv = await world.studio.app.inject({
      method: 'GET',
      url: `${analyticsCsvPath(event.id, 'booths')}?table=booths`,
      headers: { authorization: `Bearer ${world.access}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    // The organisation's figures: no cache on the way keeps them.
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toBe('Booth,Visits,Unique visitors\r\n"\'=HYPERLINK(""x"")",0,0\r\n');
    const unknown = await world.api.get(`${analyticsCsvPath(event.id, 'booths')}?table=rooms`);
    expect(unknown.status).toBe(400);
  });

  it("answers the email tab from the delivery log, viewers now from presence, and 404 for another organisation's event", async () => {
    const event = await world.newEvent();
    const emails = await report(event, 'emails');
    expect(emails.figures).toEqual({ sent: 0, failed: 0, opened: 0, clicked: 0 });
    // Every status by its label, in the delivery log's order.
    expect(emails.tables.statuses?.map((row) => row.name)).toEqual([
      'Queued',
      'Sending',
      'Sent',
      'Failed',
      'Bounced',
      'Complained',
      'Suppressed',
    ]);
    // Off by default: the tab says why nothing is opened or clicked, and not once it is on.
    expect(emails.notes).toEqual([analyticsMessages.emailTrackingOff]);
    const on = await world.api.put(emailSchedulePaths.tracking, { track_opens_and_clicks: true });
    expect(on.status).toBe(200);
    expect((await report(event, 'emails')).notes).toEqual([]);
    await world.api.put(emailSchedulePaths.tracking, { track_opens_and_clicks: false });
    expect((await world.api.get(viewersNowPath(event.id))).body).toEqual({ present: 0, per_session: {} });
    const other = caller(world.studio, (await newAdmin(world.studio, 'Other Org')).access);
    expect((await other.get(analyticsPath(event.id, 'summary'))).status).toBe(404);
    expect((await other.get(viewersNowPath(event.id))).status).toBe(404);
  });
});

describe("the summary's rollups (migration 0057)", () => {
  type Row = Awaited<ReturnType<typeof rowsOf>>[number];
  const PRESENCE = ['session_joined', 'watched', 'stage_visit', 'booth_visit', 'room_visit'];
  const minutesOf = (rows: Row[]) => Math.round(rows.reduce((sum, row) => sum + row.seconds, 0) / 6) / 10;
  const distinct = (values: (string | null)[]) => new Set(values.filter((value) => value !== null)).size;
  /** The summary computed from the raw rows, as the tab defines it. */
  function summaryOf(rows: Row[], timezone: string, from: string, to: string) {
    const dayOf = (row: Row) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: timezone, dateStyle: 'short' }).format(row.occurred_at);
    const inRange = rows.filter((row) => dayOf(row) >= from && dayOf(row) <= to);
    const watched = inRange.filter((row) => row.kind === 'watched');
    const live = watched.filter((row) => row.mode === 'live');
    const onDemand = watched.filter((row) => row.mode === 'on_demand');
    const present = inRange.filter((row) => PRESENCE.includes(row.kind));
    // The attendance rule: present or clicking; these people hold no registration.
    const attending = inRange.filter((row) => PRESENCE.includes(row.kind) || row.kind === 'cta_click');
    const days = [...new Set([...present, ...attending.filter((row) => row.user_id)].map(dayOf))].sort();
    return {
      figures: {
        attendees: distinct(attending.map((row) => row.user_id)),
        registrations: 0,
        live_attendees: distinct(live.map((row) => row.user_id)),
        on_demand_viewers: distinct(onDemand.map((row) => row.user_id ?? row.visitor)),
        watch_minutes: minutesOf(watched),
        live_minutes: minutesOf(live),
        on_demand_minutes: minutesOf(onDemand),
        page_views: inRange.filter((row) => row.kind === 'page_view').length,
        cta_clicks: inRange.filter((row) => row.kind === 'cta_click').length,
        // Over everyone who watched, anonymous on-demand viewers too.
        average_watch_minutes:
          Math.round(
            (minutesOf(watched) / (distinct(watched.map((row) => row.user_id ?? row.visitor)) || 1)) * 10,
          ) / 10,
      },
      daily: days.map((day) => {
        const ofDay = present.filter((row) => dayOf(row) === day);
        return {
          day,
          attendees: distinct(attending.filter((row) => dayOf(row) === day).map((row) => row.user_id)),
          watch_minutes: minutesOf(ofDay.filter((row) => row.kind === 'watched')),
        };
      }),
    };
  }

  it('answers the figures the tracked rows give, for any days in the event time zone', async () => {
    // Kathmandu is 5:45 ahead of UTC: its midnights fall on quarter hours, not whole hours.
    const event = await newEvent(world.api, {
      title: 'Kathmandu',
      start: '2031-05-01T03:00:00Z',
      end: '2031-05-02T12:00:00Z',
      timezone: 'Asia/Kathmandu',
    });
    const people = await Promise.all(
      ['Ada', 'Alan', 'Grace', 'Linus'].map((name) => personIn(world, event, name)),
    );
    const kinds = [
      'watched',
      'session_joined',
      'page_view',
      'watched',
      'stage_visit',
      'cta_click',
      'watched',
      'chat_message',
      'booth_visit',
      'session_left',
      'room_visit',
    ] as const;
    const start = Date.parse('2031-04-30T17:50:00Z');
    // 165 hours of rows 397 s apart: some each side of every midnight, people and anonymous viewers.
    const rows = Array.from({ length: 1_500 }, (_, n) => {
      const kind = kinds[n % kinds.length]!;
      const anonymous = kind === 'page_view' || (kind === 'watched' && n % 5 === 0);
      return {
        organization_id: world.organizationId,
        event_id: event.id,
        user_id: anonymous ? null : people[n % people.length]!.userId,
        visitor: anonymous ? `visitor-${n % 7}` : null,
        kind,
        seconds: kind === 'watched' ? (n * 13) % 61 : 0,
        mode: kind === 'watched' ? (anonymous || n % 3 === 0 ? 'on_demand' : 'live') : null,
        cta: kind === 'cta_click' ? ('demo_request' as const) : null,
        occurred_at: new Date(start + n * 397_000),
      } as const;
    });
    const repository = createAnalyticsRepository(world.studio.database.db);
    // Appended all at once, as a crowd's beacons come: gathered into one statement of 1,500 rows.
    const slices = Array.from({ length: Math.ceil(rows.length / 40) }, (_, n) =>
      rows.slice(n * 40, n * 40 + 40),
    );
    await Promise.all(slices.map((slice) => repository.append(slice)));
    const raw = await rowsOf(event);
    expect(raw).toHaveLength(rows.length);
    for (const [from, to] of [
      ['2031-04-30', '2031-05-04'],
      ['2031-05-01', '2031-05-01'],
      ['2031-05-02', '2031-05-03'],
    ] as const) {
      const summary = await report(event, 'summary', `?from=${from}&to=${to}`);
      const expected = summaryOf(raw, 'Asia/Kathmandu', from, to);
      expect(summary.figures).toEqual(expected.figures);
      expect(summary.tables.daily).toEqual(expected.daily);
    }
  });
});
