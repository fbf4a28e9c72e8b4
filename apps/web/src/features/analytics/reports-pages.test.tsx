import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnalyticsReport, EventFiguresRow, RoiRow, SavedReport } from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { watchSavedFiles } from '../../testing/browser-files.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { seriesFixture } from '../../testing/series-fixture.ts';

beforeAll(() => import('../../app/reports-route.tsx'), 60_000);

const summit: EventFiguresRow = {
  id: 'e-1',
  name: '=Summit',
  start_day: '2031-05-01',
  registrations: 4,
  attendees: 2,
  attendance_rate: 50,
  participants: 1,
  engagement_rate: 50,
  demo_requests: 1,
};
const roiSummit: RoiRow = {
  ...summit,
  cost: null,
  cost_per_registrant: null,
  cost_per_attendee: null,
  cost_per_demo_request: null,
};
const mayReport: SavedReport = {
  id: 'r-1',
  name: 'May events',
  metrics: ['registrations', 'attendees'],
  dimension: 'event',
  filters: { from: '2031-05-01' },
  created_at: '2031-05-02T00:00:00Z',
  updated_at: '2031-05-02T00:00:00Z',
};
const mayResult = {
  columns: [
    { key: 'name', label: 'Event' },
    { key: 'registrations', label: 'Registrations' },
    { key: 'attendees', label: 'Attendees' },
  ],
  rows: [{ name: 'Summit', registrations: 4, attendees: 2 }],
  truncated: false,
};

describe('the reports home (issue 35 §4)', () => {
  it('lists only the reports the plan and flags allow', async () => {
    openStudio('/reports-new', {
      user: ada,
      organization: {
        ...acme,
        tier: 'GROWTH',
        pricing_config: { ...acme.pricing_config, roiDashboard: true, customReporting: false },
        feature_flags: { ...acme.feature_flags, disableRoiDashboard: true },
      },
    });
    expect(await screen.findByRole('link', { name: 'Cross-Event Report' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ROI Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Custom Report' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Saved Reports' })).toBeNull();
  });

  it('hides custom reports from a no-tier organisation without its flag, and shows them with it', async () => {
    openStudio('/reports-new', { user: ada });
    expect(await screen.findByRole('link', { name: 'ROI Report' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Custom Report' })).toBeNull();
    cleanup();
    openStudio('/reports-new', {
      user: ada,
      organization: {
        ...acme,
        feature_flags: { ...acme.feature_flags, isNoTierCustomReportingEnabled: true },
      },
    });
    expect(await screen.findByRole('link', { name: 'Saved Reports' })).toBeTruthy();
  });

  it("says the spec's sentence when the plan turns every report off", async () => {
    openStudio('/reports-new', {
      user: ada,
      organization: {
        ...acme,
        tier: 'STARTER',
        pricing_config: {
          ...acme.pricing_config,
          crossEventReports: false,
          roiDashboard: false,
          customReporting: false,
        },
      },
    });
    expect(await screen.findByText('This feature is not enabled for your organization')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Cross-Event Report' })).toBeNull();
  });
});

describe('cross-event and ROI reports (issue 35 §4)', () => {
  it("compares the events, asks again for the dates chosen and exports every event's row", async () => {
    const saved = watchSavedFiles();
    const { fetchMock } = openStudio('/reports-new/cross-event', {
      user: ada,
      routes: (path) => {
        if (path.startsWith('/api/reports/cross-event/csv/')) return new Response('Event\r\n');
        if (path.startsWith('/api/reports/cross-event/')) return page([summit]);
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Cross-Event Report' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Events' });
    expect(within(table).getByText('=Summit')).toBeTruthy();
    expect(within(table).getAllByText('50')).toHaveLength(2);
    // The start day as the studio writes dates, not '2031-05-01'.
    expect(within(table).getByText('May 1, 2031')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-05-01' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/reports/cross-event/').some(({ url }) => url.includes('from=2031-05-01')),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/reports/cross-event/csv/')).toHaveLength(1));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['cross-event-report.csv']));
    expect(await saved[0]!.blob!.text()).toBe('Event\r\n');
  });

  it("says the spec's sentence when the organisation's plan or flags turn the report off", async () => {
    openStudio('/reports-new/cross-event', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/reports/cross-event/')
          ? json(403, {
              message: 'This feature is not enabled for your organization',
              code: 'FEATURE_NOT_ENABLED',
            })
          : undefined,
    });
    expect(await screen.findByText('This feature is not enabled for your organization')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('saves the cost an organiser enters for an event', async () => {
    const { fetchMock } = openStudio('/reports-new/roi', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/reports/roi/e-1/cost/' && init.method === 'PUT')
          return new Response(null, { status: 204 });
        if (path.startsWith('/api/reports/roi/')) return page([roiSummit]);
        return undefined;
      },
    });
    const cost = await screen.findByLabelText('Cost of =Summit');
    expect(within(screen.getByRole('table', { name: 'Events' })).getByText('May 1, 2031')).toBeTruthy();
    await userEvent.type(cost, '1200');
    fireEvent.blur(cost);
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/reports/roi/e-1/cost/')).toEqual([
        expect.objectContaining({ method: 'PUT', body: { cost: 1200 } }),
      ]),
    );
  });
});

describe('custom reports (issue 35 §4)', () => {
  it('runs the metrics picked, then saves the report with a name and opens it by id', async () => {
    const { fetchMock, router } = openStudio('/reports-new/custom-report/search', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/reports/custom/run/') return json(200, mayResult);
        if (path === '/api/reports/custom/' && init.method === 'POST') return json(201, mayReport);
        if (path === '/api/reports/custom/r-1/') return json(200, { report: mayReport, result: mayResult });
        return undefined;
      },
    });
    // A metric is taken off with its pill's named × (not a nameless icon).
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Attendees' }));
    expect(screen.queryByRole('button', { name: 'Remove Attendees' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Registrations' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run report' }));
    expect(await screen.findByRole('table', { name: 'Result' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/reports/custom/run/')[0]?.body).toEqual({
      metrics: ['registrations'],
      dimension: 'event',
      filters: {},
    });
    await userEvent.type(screen.getByLabelText('Report name'), 'May events');
    await userEvent.click(screen.getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports-new/custom-report/r-1'));
    expect(await screen.findByRole('heading', { name: 'May events' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/reports/custom/')[0]?.body).toMatchObject({ name: 'May events' });
    // Its breadcrumb names it, from the page's own read of it.
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByText('May events').getAttribute('aria-current')).toBe('page');
    expect(callsTo(fetchMock, '/api/reports/custom/r-1/')).toHaveLength(1);
  });

  it('lists the saved reports, each a link to it, and deletes one after asking', async () => {
    const { fetchMock } = openStudio('/reports-new/custom-report/saved-reports', {
      user: ada,
      routes: (path, init) => {
        if (path === '/api/reports/custom/r-1/' && init.method === 'DELETE')
          return new Response(null, { status: 204 });
        if (path.startsWith('/api/reports/custom/')) return page([mayReport]);
        return undefined;
      },
    });
    const link = await screen.findByRole('link', { name: 'May events' });
    expect(link.getAttribute('href')).toBe('/reports-new/custom-report/r-1');
    await userEvent.click(screen.getByRole('button', { name: 'Delete May events' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/reports/custom/r-1/').map((call) => call.method)).toEqual(['DELETE']),
    );
  });

  it('says a saved report that does not exist (or is another organisation’s) is not found, with the way back', async () => {
    openStudio('/reports-new/custom-report/gone', { user: ada });
    expect(await screen.findByRole('region', { name: 'Report not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Saved Reports' }).getAttribute('href')).toBe(
      '/reports-new/custom-report/saved-reports',
    );
  });

  it('shows an empty list in words', async () => {
    openStudio('/reports-new/custom-report/saved-reports', {
      user: ada,
      routes: (path) => (path.startsWith('/api/reports/custom/') ? page([]) : undefined),
    });
    expect(await screen.findByText('No saved reports yet.')).toBeTruthy();
  });
});

const spring = seriesFixture({
  organization: 'org-1',
  name: 'Spring',
  events: ['e-1'],
  created_at: '2031-04-01T00:00:00Z',
  updated_at: '2031-04-01T00:00:00Z',
});

describe('series and webinar analytics (issue 35 §3)', () => {
  it("sums a series' events and links each event's report", async () => {
    openStudio('/series/s-1/reports/summary', {
      user: ada,
      routes: (path) => {
        if (path === '/api/reports/series/s-1/')
          return json(200, {
            figures: { events: 1, registrations: 4, attendees: 2, participants: 1, demo_requests: 1 },
            events: [summit],
          });
        if (path.split('?')[0] === '/api/event/series/s-1/') return json(200, spring);
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Report Summary' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: '=Summit' });
    expect(link.getAttribute('href')).toBe('/series/s-1/reports/event/e-1');
  });

  it("shows a webinar's analytics tabs without rooms and booths", async () => {
    const summary: AnalyticsReport = {
      tab: 'summary',
      from: '2031-05-01',
      to: '2031-05-01',
      timezone: 'UTC',
      figures: { attendees: 7 },
      tables: { daily: [] },
    };
    openStudio('/webinar/e-1/analytics', {
      user: ada,
      routes: (path) => {
        if (path.split('?')[0] === '/api/event/e-1/')
          return json(200, eventFixture({ id: 'e-1', title: 'Webinar' }));
        if (path.startsWith('/api/event/e-1/analytics/summary/')) return json(200, summary);
        return undefined;
      },
    });
    expect(await screen.findByRole('heading', { name: 'Analytics Summary' })).toBeTruthy();
    expect(await screen.findByText('7')).toBeTruthy();
    const tabs = screen.getByRole('radiogroup', { name: 'Analytics' });
    expect(within(tabs).queryByText('Booths')).toBeNull();
    expect(within(tabs).getByText('Emails')).toBeTruthy();
  });
});
