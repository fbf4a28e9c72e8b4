import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsBeaconPath,
  analyticsPath,
  reportsPaths,
  type AnalyticsReport,
  type ApiError,
  type CustomReportResult,
  type Page,
  type RoiRow,
  type SavedReport,
  type SeriesReport,
  type StudioEvent,
  type EventFiguresRow,
} from '@studio/domain';
import { newAdmin, setPlan } from '../access/access.fixtures.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
import { engagementWorld, personIn, type EngagementWorld } from '../engagement/engagement.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { register, registrant } from '../registration/registrants/registrants.fixtures.ts';
import { sendBeacon } from './browser-beacon.ts';

let world: EngagementWorld;
/** Two events of 2031-05-01 with registrants, attendees, a chat message and a demo request. */
let summit: StudioEvent;
let meetup: StudioEvent;
beforeAll(async () => {
  world = await engagementWorld('Reports Org');
  await setOperatorFlags(world.studio, world.organizationId, { isNoTierCustomReportingEnabled: true });
  summit = await world.newEvent('Summit');
  meetup = await world.newEvent('Meetup');
  for (const first of ['Rosa', 'Ada', 'Alan', 'Grace'])
    await register(world.studio, summit.id, registrant(first));
  await register(world.studio, meetup.id, registrant('Linus'));
  const grace = await personIn(world, summit, 'Grace');
  const alan = await personIn(world, summit, 'Alan');
  for (const [person, actions] of [
    [grace, [{ action: 'stage_visit' }, { action: 'cta_click', cta: 'demo_request' }]],
    [alan, [{ action: 'watched', mode: 'live', seconds: 60 }]],
  ] as const)
    await sendBeacon(
      world.studio.attendeeSite,
      analyticsBeaconPath(summit.id),
      { actions },
      { cookie: person.cookie },
    );
  expect((await grace.call('POST', 'chat/event', { text: 'Hello' })).status).toBe(201);
});
afterAll(() => world.studio.close());

const summitRow = (): Partial<EventFiguresRow> => ({
  id: summit.id,
  name: 'Summit',
  start_day: '2031-05-01',
  registrations: 4,
  attendees: 2,
  attendance_rate: 50,
  participants: 1,
  engagement_rate: 50,
  demo_requests: 1,
});

describe('cross-event report (issue 35 §4)', () => {
  it("compares the organisation's events starting in the dates, a page at a time, and as CSV", async () => {
    const page = await world.api.get<Page<EventFiguresRow>>(
      `${reportsPaths.crossEvent}?from=2031-05-01&to=2031-05-01&limit=1`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.count).toBe(2);
    expect(page.body.next).toContain('offset=1');
    const all = await world.api.get<Page<EventFiguresRow>>(`${reportsPaths.crossEvent}?from=2031-05-01`);
    const byName = new Map(all.body.results.map((row) => [row.name, row]));
    expect(byName.get('Summit')).toEqual(summitRow());
    // Not started yet and nobody attended: no attendance rate ('—'), not 0 %.
    expect(byName.get('Meetup')).toMatchObject({ registrations: 1, attendees: 0, attendance_rate: null });
    const later = await world.api.get<Page<EventFiguresRow>>(`${reportsPaths.crossEvent}?from=2031-05-02`);
    expect(later.body.count).toBe(0);
    // A day the calendar does not have is the caller's mistake (400 on the field), not the server's.
    for (const path of [reportsPaths.crossEvent, reportsPaths.crossEventCsv, reportsPaths.roi]) {
      const noSuchDay = await world.api.get<ApiError>(`${path}?from=2031-13-45`);
      expect(noSuchDay.status).toBe(400);
      expect(noSuchDay.body.errors).toHaveProperty('from');
    }

    const csv = await world.studio.app.inject({
      method: 'GET',
      url: `${reportsPaths.crossEventCsv}?title=summit`,
      headers: { authorization: `Bearer ${world.access}` },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['cache-control']).toBe('private, no-store');
    expect(csv.body).toBe(
      'Event,Starts,Registrations,Attendees,Attendance rate (%),People who took part,Engagement rate (%),Demo requests\r\n' +
        'Summit,2031-05-01,4,2,50,1,50,1\r\n',
    );
  });

  it('answers 403 with the spec message when the flag or the plan turns the report off', async () => {
    const admin = await newAdmin(world.studio, 'Flagged Org');
    const api = caller(world.studio, admin.access);
    await setOperatorFlags(world.studio, admin.organization.id, { disableCrossEventDashboard: true });
    const refused = await api.get<{ code: string; message: string }>(reportsPaths.crossEvent);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      message: 'This feature is not enabled for your organization',
    });
    expect((await api.get(reportsPaths.roi)).status).toBe(200);
    await setPlan(world.studio, admin.organization.id, 'STARTER', { crossEventReports: true });
    expect((await api.get(reportsPaths.roi)).status).toBe(403);
    // A no-tier organisation has custom reporting only with its flag; a tier needs the plan feature.
    expect((await api.get(reportsPaths.saved)).status).toBe(403);
    await setPlan(world.studio, admin.organization.id, 'STARTER', { customReporting: true });
    expect((await api.get(reportsPaths.saved)).status).toBe(200);
  });
});

describe('ROI report (issue 35 §4)', () => {
  it('keeps the cost an organiser enters and divides it per registrant, attendee and demo request', async () => {
    const noCost = await world.api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=Summit`);
    expect(noCost.body.results[0]).toMatchObject({ cost: null, cost_per_registrant: null });
    expect((await world.api.put(reportsPaths.eventCost(summit.id), { cost: 1000 })).status).toBe(204);
    const roi = await world.api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=Summit`);
    expect(roi.body.results[0]).toEqual({
      ...summitRow(),
      cost: 1000,
      cost_per_registrant: 250,
      cost_per_attendee: 500,
      cost_per_demo_request: 1000,
    });
    // The same rule as the Cross-Event report: an event not started, nobody attended, has no rate.
    const upcoming = await world.api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=Meetup`);
    expect(upcoming.body.results[0]).toMatchObject({ attendees: 0, attendance_rate: null });
    expect((await world.api.put(reportsPaths.eventCost(summit.id), { cost: -1 })).status).toBe(400);
    const other = caller(world.studio, (await newAdmin(world.studio, 'Other Org')).access);
    expect((await other.put(reportsPaths.eventCost(summit.id), { cost: 5 })).status).toBe(404);
    expect((await world.api.put(reportsPaths.eventCost(summit.id), { cost: null })).status).toBe(204);
    expect(
      (await world.api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=Summit`)).body.results[0]?.cost,
    ).toBe(null);
  });
});

describe('custom reports (issue 35 §4)', () => {
  const definition = {
    metrics: ['registrations', 'attendees', 'chat_messages'],
    dimension: 'event',
    filters: { from: '2031-05-01', to: '2031-05-01' },
  };

  it('runs a definition by event or by day, and refuses metrics outside the catalogue', async () => {
    const byEvent = await world.api.post<CustomReportResult>(reportsPaths.customRun, definition);
    expect(byEvent.status, JSON.stringify(byEvent.body)).toBe(200);
    expect(byEvent.body.columns.map((column) => column.label)).toEqual([
      'Event',
      'Registrations',
      'Attendees',
      'Chat messages',
    ]);
    expect(byEvent.body.rows).toContainEqual({
      name: 'Summit',
      registrations: 4,
      attendees: 2,
      chat_messages: 1,
    });
    const byDay = await world.api.post<CustomReportResult>(reportsPaths.customRun, {
      ...definition,
      metrics: ['attendees', 'demo_requests'],
      dimension: 'day',
    });
    expect(byDay.body.rows).toEqual([{ name: '2031-05-01', attendees: 2, demo_requests: 1 }]);
    const unknown = await world.api.post(reportsPaths.customRun, { ...definition, metrics: ['revenue'] });
    expect(unknown.status).toBe(400);
  });

  it('saves a report with a name, lists and searches saved reports, opens one by id and deletes it', async () => {
    const saved = await world.api.post<SavedReport>(reportsPaths.saved, {
      ...definition,
      name: 'May events',
    });
    expect(saved.status).toBe(201);
    await world.api.post(reportsPaths.saved, { ...definition, name: 'Quarterly' });
    const found = await world.api.get<Page<SavedReport>>(`${reportsPaths.saved}?search=may`);
    expect(found.body.results.map((report) => report.name)).toEqual(['May events']);
    const opened = await world.api.get<{ report: SavedReport; result: CustomReportResult }>(
      reportsPaths.savedReport(saved.body.id),
    );
    expect(opened.body.report).toMatchObject({ name: 'May events', dimension: 'event' });
    expect(opened.body.result.rows).toContainEqual({
      name: 'Meetup',
      registrations: 1,
      attendees: 0,
      chat_messages: 0,
    });

    const nosy = await newAdmin(world.studio, 'Nosy Org');
    await setOperatorFlags(world.studio, nosy.organization.id, { isNoTierCustomReportingEnabled: true });
    const other = caller(world.studio, nosy.access);
    expect((await other.get(reportsPaths.savedReport(saved.body.id))).status).toBe(404);
    expect((await other.delete(reportsPaths.savedReport(saved.body.id))).status).toBe(404);
    expect((await world.api.get(reportsPaths.savedReport('not-an-id'))).status).toBe(404);

    expect((await world.api.delete(reportsPaths.savedReport(saved.body.id))).status).toBe(204);
    expect((await world.api.get(reportsPaths.savedReport(saved.body.id))).status).toBe(404);
  });
});

describe('series reports (issue 35 §3)', () => {
  it("sums the series' events and lists each, 404 for another organisation", async () => {
    const series = await world.api.post<{ id: string }>('/api/event/series/', {
      name: 'Spring',
      events: [summit.id, meetup.id],
      tags: [],
    });
    expect(series.status).toBe(201);
    const report = await world.api.get<SeriesReport>(reportsPaths.series(series.body.id));
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    expect(report.body.figures).toEqual({
      events: 2,
      registrations: 5,
      attendees: 2,
      participants: 1,
      demo_requests: 1,
    });
    expect(report.body.events.map((row) => row.name).sort()).toEqual(['Meetup', 'Summit']);
    const other = caller(world.studio, (await newAdmin(world.studio, 'Outsider Org')).access);
    expect((await other.get(reportsPaths.series(series.body.id))).status).toBe(404);
  });
});

describe('attendee count (002 §3.14)', () => {
  const path = () => `/api/core/organization/${world.organizationId}/attendee_count/`;
  /** A registrant of the event, by first name: their user and event role. */
  const registrantOf = (event: StudioEvent, firstName: string) =>
    world.studio.database.db
      .selectFrom('event_registrations')
      .innerJoin('users', 'users.id', 'event_registrations.user_id')
      .select(['event_role_id', 'user_id'])
      .where('event_registrations.event_id', '=', event.id)
      .where('users.first_name', '=', firstName)
      .executeTakeFirstOrThrow();
  const checkIn = async (event: StudioEvent, firstName: string) => {
    const { event_role_id } = await registrantOf(event, firstName);
    const answer = await world.api.post(`/api/event/${event.id}/attendance/`, { member: event_role_id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  /** The registrant enters the event app by their magic link and visits the stage. */
  const visitStage = async (event: StudioEvent, firstName: string) => {
    const { user_id } = await registrantOf(event, firstName);
    const link = await world.api.get<{ url: string }>(
      `/api/event/magic_link/?user_id=${user_id}&event_id=${event.id}`,
    );
    const { pathname, search } = new URL(link.body.url);
    const entrance = await world.studio.attendeeSite.inject({ method: 'GET', url: `${pathname}${search}` });
    const sent = await sendBeacon(
      world.studio.attendeeSite,
      analyticsBeaconPath(event.id),
      { actions: [{ action: 'stage_visit' }] },
      { cookie: String(entrance.headers['set-cookie']).split(';')[0] ?? '' },
    );
    expect(sent.statusCode).toBe(204);
  };

  it('counts the people who attended (present in the event app or checked in), once each, in the contract period', async () => {
    await checkIn(summit, 'Rosa');
    await visitStage(summit, 'Rosa');
    await checkIn(summit, 'Grace');
    try {
      await setPlan(world.studio, world.organizationId, 'ENTERPRISE', { attendeeLimit: 5000 });
      const answer = await world.api.get(path());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      // In the app: Grace and Alan (fixtures' people), and Rosa, who checked in too (counted once);
      // checked in: the registrant Grace. Ada and Linus only registered.
      expect(answer.body).toEqual({ attendee_count: 4, attendee_limit: 5000, period_start: null });

      await setPlan(world.studio, world.organizationId, 'ENTERPRISE', {
        contractStart: '2031-06-01T00:00:00Z',
      });
      expect((await world.api.get(path())).body).toEqual({
        attendee_count: 0,
        attendee_limit: null,
        period_start: '2031-06-01T00:00:00.000Z',
      });
      const other = caller(world.studio, (await newAdmin(world.studio, 'Contract Outsider')).access);
      expect((await other.get(path())).status).toBe(404);
    } finally {
      await setPlan(world.studio, world.organizationId, null);
    }
    const none = await world.api.get<{ code: string }>(path());
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('ORGANIZATION_DOES_NOT_HAVE_CONTRACT');
  });

  it('counts a desk check-in as an attendee in the event summary, Cross-Event and ROI (the one attendance rule)', async () => {
    // After the test above: the registrants Rosa (desk and app) and Grace (desk only) attended,
    // besides the fixtures' Grace and Alan present in the app without a registration.
    const cross = await world.api.get<Page<EventFiguresRow>>(`${reportsPaths.crossEvent}?title=Summit`);
    expect(cross.body.results[0]).toMatchObject({ registrations: 4, attendees: 4, attendance_rate: 100 });
    const roi = await world.api.get<Page<RoiRow>>(`${reportsPaths.roi}?title=Summit`);
    expect(roi.body.results[0]).toMatchObject({ attendees: 4 });
    const summary = await world.api.get<AnalyticsReport>(analyticsPath(summit.id, 'summary'));
    expect(summary.body.figures).toMatchObject({ attendees: 4, registrations: 4 });
  });
});
