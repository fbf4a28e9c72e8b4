import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analyticsMessages, type AnalyticsReport } from '@studio/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json } from '../../testing/fake-studio-api.ts';
import { watchSavedFiles } from '../../testing/browser-files.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

beforeEach(() => {
  FakeSocket.instances = [];
});

const ANALYTICS = '/api/event/e-1/analytics';
/** The days every report here covers, in the event's zone. */
const PERIOD = { from: '2031-05-01', to: '2031-05-02', timezone: 'Europe/Lisbon' } as const;

const sessionsReport = (viewers: number): AnalyticsReport => ({
  tab: 'sessions',
  ...PERIOD,
  figures: { sessions: 2, viewers, watch_minutes: 12.5 },
  tables: {
    sessions: [
      {
        id: 's-1',
        name: '<b>Keynote</b>',
        viewers,
        live_minutes: 10,
        on_demand_minutes: 2.5,
        average_minutes: 6.3,
      },
      { id: 's-2', name: 'Panel', viewers: 0, live_minutes: 0, on_demand_minutes: 0, average_minutes: 0 },
    ],
  },
  notes: [analyticsMessages.sessionsBasis],
});

const summaryReport: AnalyticsReport = {
  tab: 'summary',
  ...PERIOD,
  figures: { attendees: 3, registrations: 5 },
  tables: { daily: [] },
  notes: [analyticsMessages.attendeesBasis],
};
const emailsReport: AnalyticsReport = {
  tab: 'emails',
  ...PERIOD,
  figures: { sent: 4, failed: 0, opened: 0, clicked: 0 },
  tables: { statuses: [] },
  notes: [analyticsMessages.emailTrackingOff],
};

function openTab(tab: 'summary' | 'emails', report: AnalyticsReport) {
  return openStudio(`/events/e-1/analytics-new/${tab}`, {
    user: ada,
    routes: (path) => {
      const [route] = path.split('?');
      if (route === '/api/event/e-1/')
        return json(200, eventFixture({ id: 'e-1', title: 'Summit', timezone: 'Europe/Lisbon' }));
      if (route === `${ANALYTICS}/${tab}/`) return json(200, report);
      return undefined;
    },
  });
}

function openSessions(viewersNow = { present: 3, per_session: { 's-1': 2 } as Record<string, number> }) {
  vi.stubGlobal('WebSocket', FakeSocket);
  return openStudio('/events/e-1/analytics-new/sessions', {
    user: ada,
    routes: (path) => {
      const [route] = path.split('?');
      if (route === '/api/event/e-1/')
        return json(200, eventFixture({ id: 'e-1', title: 'Summit', timezone: 'Europe/Lisbon' }));
      if (route === `${ANALYTICS}/viewers-now/`) return json(200, viewersNow);
      if (route === `${ANALYTICS}/sessions/`)
        return json(200, sessionsReport(path.includes('from=2031-05-02') ? 1 : 2));
      if (route === `${ANALYTICS}/sessions/csv/`) return new Response('Session\r\n', { status: 200 });
      return undefined;
    },
  });
}

describe("an event's analytics (issue 35 §3)", () => {
  it("shows the tab's figures and table, attendee text as text, and viewers now per session", async () => {
    openSessions();
    expect(await screen.findByRole('heading', { name: 'Sessions' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Sessions' });
    expect(within(table).getByText('<b>Keynote</b>')).toBeTruthy();
    expect(within(table).getByText('Panel')).toBeTruthy();
    expect(screen.getByText("Dates in the event's time zone (Europe/Lisbon).")).toBeTruthy();
    const now = screen.getByLabelText('Viewers now');
    expect(await within(now).findByText('3')).toBeTruthy();
    expect(await within(now).findByText('<b>Keynote</b>')).toBeTruthy();
    expect(within(now).queryByText('Panel')).toBeNull();
  });

  it('asks again for the days chosen, and exports the table as CSV from the server', async () => {
    const saved = watchSavedFiles();
    const { fetchMock } = openSessions();
    fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2031-05-02' } });
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `${ANALYTICS}/sessions/`).some(({ url }) => url.includes('from=2031-05-02')),
      ).toBe(true),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, `${ANALYTICS}/sessions/csv/`).map(({ url }) =>
          new URL(url, 'http://x').searchParams.get('table'),
        ),
      ).toEqual(['sessions']),
    );
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['sessions-sessions-e-1.csv']));
    expect(await saved[0]!.blob!.text()).toBe('Session\r\n');
  });

  it('refuses a start after the end on the spot, keeping the report and its date fields', async () => {
    const { fetchMock } = openSessions();
    const from = await screen.findByLabelText('From');
    const asked = callsTo(fetchMock, `${ANALYTICS}/sessions/`).length;
    fireEvent.change(from, { target: { value: '2031-05-03' } });
    expect(await screen.findByText('The start date must be on or before the end date.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Sessions' })).toBeTruthy();
    expect(callsTo(fetchMock, `${ANALYTICS}/sessions/`)).toHaveLength(asked);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2031-05-02' } });
    await waitFor(() =>
      expect(screen.queryByText('The start date must be on or before the end date.')).toBeNull(),
    );
  });

  it('reads viewers now again when the studio socket tells of a presence change', async () => {
    const { fetchMock } = openSessions();
    await screen.findByLabelText('Viewers now');
    const socket = FakeSocket.instances[0]!;
    const before = callsTo(fetchMock, `${ANALYTICS}/viewers-now/`).length;
    socket.push({ type: 'engagement-updated', data: { eventId: 'e-1', kinds: ['presence'] } });
    await waitFor(() =>
      expect(callsTo(fetchMock, `${ANALYTICS}/viewers-now/`).length).toBeGreaterThan(before),
    );
  });

  it('shows Registrations beside Attendees, with what attendance counts', async () => {
    openTab('summary', summaryReport);
    // The figure's card (the daily table has an Attendees column too).
    const attendees = (await screen.findAllByText('Attendees'))[0]!.parentElement!;
    expect(within(attendees).getByText('3')).toBeTruthy();
    const registrations = screen.getByText('Registrations').parentElement!;
    expect(within(registrations).getByText('5')).toBeTruthy();
    expect(screen.getByText(analyticsMessages.attendeesBasis)).toBeTruthy();
  });

  it('shows a recording, watched on demand only, no live figures', async () => {
    const recording = eventFixture({ id: 'r-1', title: 'Tour', event_type: 'Recording' });
    openStudio('/recording-event/r-1/analytics', {
      user: ada,
      routes: (path) => {
        const [route] = path.split('?');
        if (route === '/api/event/r-1/') return json(200, recording);
        if (route === '/api/event/r-1/analytics/summary/') return json(200, summaryReport);
        return undefined;
      },
    });
    await screen.findByText('Watched on demand');
    expect(screen.queryByText('Watched live')).toBeNull();
    expect(screen.queryByText('Minutes watched live')).toBeNull();
    expect(screen.getByText('Minutes watched on demand')).toBeTruthy();
  });

  it('shows an event both its live and its on-demand figures', async () => {
    openTab('summary', summaryReport);
    await screen.findByText('Watched on demand');
    expect(screen.getByText('Watched live')).toBeTruthy();
    expect(screen.getByText('Minutes watched live')).toBeTruthy();
  });

  it('writes its days as the studio writes dates', async () => {
    openTab('summary', {
      ...summaryReport,
      tables: { daily: [{ day: '2031-05-01', attendees: 3, watch_minutes: 12 }] },
    });
    const table = await screen.findByRole('table', { name: 'Attendance by day' });
    expect(within(table).getByText('May 1, 2031')).toBeTruthy();
    expect(within(table).queryByText('2031-05-01')).toBeNull();
  });

  it('says why Opened and Clicked are 0 when open and click tracking is off', async () => {
    openTab('emails', emailsReport);
    const note = await screen.findByText(analyticsMessages.emailTrackingOff);
    // Where the switch is: there are no "email settings".
    expect(note.textContent).toContain(
      '“Track opens and clicks” in the Delivery log of the event’s Email Schedule',
    );
  });

  it("states the sessions tab's basis", async () => {
    openSessions();
    expect(await screen.findByText(analyticsMessages.sessionsBasis)).toBeTruthy();
  });
});
