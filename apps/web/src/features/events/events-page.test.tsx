import { eventMessages, resolveFeatureFlags, type ListedEvent, type StudioEvent } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';

const event = (id: string, title: string): StudioEvent => eventFixture({ id, title });

describe('the events list', () => {
  it('shows the LIVE, UPCOMING or PAST badge of each row and its start in the zone of the event', async () => {
    const hour = 60 * 60 * 1000;
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();
    const live = eventFixture({
      id: 'e-1',
      title: 'Starts Soon',
      start_time: at(0.5 * hour),
      end_time: at(2 * hour),
    });
    const past = eventFixture({
      id: 'e-2',
      title: 'Yesterday',
      start_time: at(-26 * hour),
      end_time: at(-24 * hour),
    });
    const later = eventFixture({
      id: 'e-3',
      title: 'Next Week',
      start_time: '2031-03-04T15:00:00Z',
      end_time: '2031-03-04T16:00:00Z',
      timezone: 'America/New_York',
    });
    openStudio('/events', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/?')
          ? page([live, past, later])
          : path.startsWith('/api/event/series/') || path.startsWith('/api/core/tags/')
            ? page([])
            : undefined,
    });
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    expect(within(await rowOf('Starts Soon')).getByText('LIVE')).toBeTruthy();
    expect(within(await rowOf('Yesterday')).getByText('PAST')).toBeTruthy();
    const nextWeek = await rowOf('Next Week');
    expect(within(nextWeek).getByText('UPCOMING')).toBeTruthy();
    // 15:00 UTC is 10:00 in New York on that day.
    expect(within(nextWeek).getByText(/Mar 4, 2031, 10:00 AM/)).toBeTruthy();
  });

  it('shows a recording on demand: no date, neither live nor past', async () => {
    // A recording stores its creation as its times; they are no schedule.
    const created = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
    const recording = eventFixture({
      id: 'r-1',
      title: 'Product tour',
      event_type: 'Recording',
      start_time: created,
      end_time: created,
    });
    openStudio('/events?type=Recording', { user: ada, routes: listRoutes([recording]) });
    const row = (await screen.findByText('Product tour')).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 4)).toEqual(['On demand', '-', 'Recording']);
  });

  const listRoutes = (events: StudioEvent[]) => (path: string) =>
    path.startsWith('/api/event/?')
      ? page(events)
      : path.startsWith('/api/event/series/') || path.startsWith('/api/core/tags/')
        ? page([])
        : undefined;

  it("shows each event's registrants: those holding a seat, and the waitlisted beneath", async () => {
    const counted: ListedEvent[] = [
      { ...event('e-1', 'Summit'), registrant_counts: { registered: 120, waitlisted: 7 } },
      { ...event('e-2', 'Meetup'), registrant_counts: { registered: 0, waitlisted: 0 } },
    ];
    openStudio('/events', { user: ada, routes: listRoutes(counted) });
    const table = await screen.findByRole('table', { name: 'Events' });
    await within(table).findByText('Summit');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    // Title then Starts: a phone shows when each event is without scrolling sideways.
    expect(headers).toEqual(['Title', 'Starts', 'Status', 'Type', 'Registrants', 'Series', 'Tags']);
    const cellsOf = (title: string) =>
      within(within(table).getByText(title).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf('Summit')[4]).toBe('120+7 waitlisted');
    expect(cellsOf('Meetup')[4]).toBe('0');
  });

  it('has no Registrants column with the not-use-registrant-counts flag', async () => {
    openStudio('/events', {
      user: ada,
      organization: { ...acme, feature_flags: resolveFeatureFlags({ notUseRegistrantCounts: true }) },
      routes: listRoutes([event('e-1', 'Summit')]),
    });
    const table = await screen.findByRole('table', { name: 'Events' });
    await within(table).findByText('Summit');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Title', 'Starts', 'Status', 'Type', 'Series', 'Tags']);
  });

  it('reads its filters, sort and page from the address and asks the server for them', async () => {
    const { fetchMock } = openStudio(
      '/events?filter=PastEvents&type=Webinar&sort=title&search=launch&page=2',
      {
        user: ada,
        routes: (path) =>
          path.startsWith('/api/event/?')
            ? page([event('e-1', 'Launch Day')], 30)
            : path.startsWith('/api/event/series/') || path.startsWith('/api/core/tags/')
              ? page([])
              : undefined,
      },
    );
    await screen.findByText('Launch Day');
    const [call] = callsTo(fetchMock, '/api/event/');
    const query = new URL(call?.url ?? '', 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      filter: 'PastEvents',
      event_type: 'Webinar',
      ordering: 'title',
      title: 'launch',
      offset: '25',
      limit: '25',
    });
    // 30 events at 25 a page: the pages show.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('puts a new filter in the address and goes back to page 1', async () => {
    const { router } = openStudio('/events?page=2', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/?')
          ? page([event('e-1', 'Launch Day')])
          : path.startsWith('/api/event/series/') || path.startsWith('/api/core/tags/')
            ? page([])
            : undefined,
    });
    await screen.findByText('Launch Day');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByText('Title (A–Z)'));
    await waitFor(() => expect(router.state.location.href).toBe('/events?sort=title'));
  });

  it('shows the empty state, and the failure toast when the list fails', async () => {
    openStudio('/events', {
      user: ada,
      routes: (path) => (path.startsWith('/api/event/?') ? json(400, { message: 'Boom' }) : undefined),
    });
    expect(await screen.findByText(eventMessages.errorLoadingEvents)).toBeTruthy();
    expect(await screen.findByText('No events found')).toBeTruthy();
  });

  it('checks the create dialog before sending it', async () => {
    const { fetchMock } = openStudio('/events', {
      user: ada,
      routes: (path) => (path.startsWith('/api/event/?') ? page([]) : undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    // A title of spaces passes the browser's check of the required field, not the form's own rules.
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Title/ }), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/').filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("focuses the empty Title with the spec's message when Create is pressed, sending nothing", async () => {
    const { fetchMock } = openStudio('/events', {
      user: ada,
      routes: (path) => (path.startsWith('/api/event/?') ? page([]) : undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    // Create is the dialog form's own submit button (Enter in a field submits too).
    expect([create.getAttribute('type'), create.getAttribute('form')]).toEqual([
      'submit',
      title.closest('form')?.id ?? null,
    ]);
    await userEvent.click(create);
    expect(await within(dialog).findByText('This field is required.')).toBeTruthy();
    // Focused, it is scrolled into view under the dialog's sticky title, with its label.
    expect(document.activeElement).toBe(title);
    expect(dialog.style.scrollPaddingTop).toBe('calc(5.25rem * var(--mantine-scale))');
    expect(callsTo(fetchMock, '/api/event/').filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});

describe('the event dashboard', () => {
  it('goes back to Events with the permission toast on a 403', async () => {
    const { router } = openStudio('/events/e-9/dashboard', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/e-9/')
          ? json(403, { message: 'Forbidden' })
          : path.startsWith('/api/event/?')
            ? page([])
            : undefined,
    });
    expect(await screen.findByText(eventMessages.noEventPermission)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
  });

  it('shows the real sessions, speakers, registrants, live inputs, emails and videos in use from one summary call, each linked to its page', async () => {
    const summary = {
      sessions: 2,
      speakers: { count: 3, invited: 1 },
      registrants: { registered: 4, waitlisted: 1, checked_in: 2, capacity: 100 },
      live_inputs: [
        {
          id: 'i-1',
          name: 'Main camera',
          channel_states: ['RUNNING'],
          feeds: { primary: true, failover: false, degraded: false, error: null },
        },
      ],
      emails: { scheduled: 2, sent: 40, failed: 1 },
      videos: [
        { id: 'v-2', title: 'Opening loop', buffer: true },
        { id: 'v-1', title: 'Keynote cut', buffer: false },
      ],
      filler_slide: false,
    };
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path) => {
        const route = path.split('?')[0];
        if (route === '/api/event/e-1/')
          return json(200, { ...event('e-1', 'Launch Day'), stage_roll_video_asset: 'v-2' });
        if (route === '/api/event/e-1/summary/') return json(200, summary);
        if (route === '/api/event/e-1/analytics/viewers-now/')
          return json(200, { present: 7, per_session: {} });
        return undefined;
      },
    });
    const card = (name: string) => screen.getByRole('region', { name });
    expect(
      await within(await screen.findByRole('region', { name: 'Sessions' }, { timeout: 10_000 })).findByText(
        '2 sessions',
      ),
    ).toBeTruthy();
    expect(within(card('Speakers')).getByText('3 speakers, 1 invited, 2 not invited yet')).toBeTruthy();
    expect(
      within(card('Registrants')).getByText('4 of 100 seats taken, 1 waitlisted, 2 checked in'),
    ).toBeTruthy();
    expect(within(card('Live inputs')).getByText('Receiving (primary feed)')).toBeTruthy();
    expect(within(card('Emails')).getByText('2 scheduled, 40 sent, 1 failed')).toBeTruthy();
    // The analytics' presence figure, as the server counts it.
    expect(await within(card('Viewers now')).findByText('7')).toBeTruthy();
    // Named once, by its card.
    expect(within(card('Viewers now')).getAllByText('Viewers now')).toHaveLength(1);
    const videos = card('Videos in use');
    expect(within(videos).getByText('2 videos in use')).toBeTruthy();
    expect(within(videos).getByRole('link', { name: 'Opening loop' }).getAttribute('href')).toBe(
      '/videos/v-2',
    );
    expect(within(videos).getByRole('link', { name: 'Keynote cut' }).getAttribute('href')).toBe(
      '/videos/v-1',
    );
    // The library opened on the event's videos and those it uses, as the card counts them.
    expect(
      within(videos)
        .getByRole('link', { name: "Open the event's videos in the library" })
        .getAttribute('href'),
    ).toBe('/videos?event_ids=e-1&include=used');
    expect(within(card('Sessions')).getByRole('link', { name: 'Open the agenda' }).getAttribute('href')).toBe(
      '/events/e-1/programs/agenda',
    );
    expect(callsTo(fetchMock, '/api/event/broadcasts/')).toHaveLength(0);
    expect(callsTo(fetchMock, '/api/event/e-1/total_registrants/')).toHaveLength(0);
  });

  const emptySummary = {
    sessions: 0,
    speakers: { count: 0, invited: 0 },
    registrants: { registered: 0, waitlisted: 0, checked_in: 0, capacity: null },
    live_inputs: [],
    emails: { scheduled: 0, sent: 0, failed: 0 },
    videos: [],
    filler_slide: false,
  };
  const dashboardAnswering = (summary: () => Response) =>
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path) => {
        const route = path.split('?')[0];
        if (route === '/api/event/e-1/') return json(200, event('e-1', 'Launch Day'));
        if (route === '/api/event/e-1/summary/') return summary();
        return undefined;
      },
    });

  it('says none yet for each figure of an empty event', async () => {
    dashboardAnswering(() => json(200, emptySummary));
    expect(await screen.findByText('No sessions yet.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('No speakers yet.')).toBeTruthy();
    expect(screen.getByText('No registrants yet.')).toBeTruthy();
    expect(screen.getByText('No videos in use yet.')).toBeTruthy();
    expect(screen.getByText('No live inputs.')).toBeTruthy();
  });

  it('says could not be read in each figure when the summary fails', async () => {
    dashboardAnswering(() => json(404, { message: 'Not found.', code: 'not_found', errors: {} }));
    await waitFor(() => expect(screen.getAllByText('Could not be read.')).toHaveLength(6), {
      timeout: 10_000,
    });
  });

  it('lists the readiness warnings with links to fix them, on the dashboard and in the alert centre', async () => {
    const warning = {
      key: 'SESSION_WITHOUT_SPEAKERS',
      area: 'agenda',
      message: 'Session "Opening" has no speakers.',
      actionRequired: 'Add speakers',
      action: '/events/e-1/programs/agenda?broadcastId=s-1',
      entityId: 's-1',
    };
    const readOnly = {
      ...warning,
      key: 'CONFIRMATIONS_OFF',
      area: 'email',
      message: 'Registration confirmation emails will not be sent.',
      actionRequired: 'Turn on confirmation emails',
      action: null,
      entityId: null,
    };
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path) => {
        const route = path.split('?')[0];
        if (route === '/api/event/e-1/') return json(200, event('e-1', 'Launch Day'));
        if (route === '/api/event/e-1/summary/') return json(200, emptySummary);
        if (route === '/api/event/e-1/alert_centre/')
          return json(200, { failed_checks: [warning, readOnly] });
        return undefined;
      },
    });
    const readiness = await screen.findByRole('region', { name: 'Readiness' }, { timeout: 10_000 });
    expect(await within(readiness).findByText('Session "Opening" has no speakers.')).toBeTruthy();
    expect(within(readiness).getByRole('link', { name: 'Add speakers' }).getAttribute('href')).toBe(
      '/events/e-1/programs/agenda?broadcastId=s-1',
    );
    // Without the permission to fix it, the action is said, not linked (002 §6).
    expect(within(readiness).getByText('Turn on confirmation emails')).toBeTruthy();
    expect(within(readiness).queryByRole('link', { name: 'Turn on confirmation emails' })).toBeNull();

    // The bell's count scrolls under the studio's fixed top bar, not over it.
    const bell = screen.getByRole('button', { name: 'Alert centre: 2 to check' });
    const badge = bell.closest<HTMLElement>('.mantine-Indicator-root');
    const topBar = document.querySelector<HTMLElement>('header.mantine-AppShell-header');
    const badgeLayer = Number(badge?.style.getPropertyValue('--indicator-z-index'));
    const topBarLayer = Number(topBar?.style.getPropertyValue('--app-shell-header-z-index'));
    expect(badgeLayer).toBeGreaterThan(0);
    expect(badgeLayer).toBeLessThan(topBarLayer);

    await userEvent.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Alert centre' });
    expect(within(drawer).getByText('Registration confirmation emails will not be sent.')).toBeTruthy();
  });

  it('deletes the event from its dashboard and reads nothing of it again', async () => {
    let deleted = false;
    const { fetchMock, router } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path, init) => {
        const route = path.split('?')[0];
        if (route === '/api/event/e-1/' && init.method === 'DELETE') {
          deleted = true;
          return new Response(null, { status: 204 });
        }
        if (path.startsWith('/api/event/e-1/') && deleted)
          return json(404, { message: 'Not found.', code: 'not_found', errors: {} });
        if (route === '/api/event/e-1/') return json(200, event('e-1', 'Launch Day'));
        if (route === '/api/event/e-1/summary/') return json(200, emptySummary);
        if (path.startsWith('/api/core/workflows/'))
          return json(200, { id: 'w', status: 'COMPLETED', failed: false });
        if (path.startsWith('/api/event/?')) return page([]);
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('No sessions yet.', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(eventMessages.eventDeleted)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Its detail, summary and every other read of it would answer 404: none is asked again.
    const calls = fetchMock.mock.calls
      .filter(([url]) => url.startsWith('/api/event/e-1/'))
      .map(([url, init]) => `${init.method} ${url}`);
    expect(calls.slice(calls.indexOf('DELETE /api/event/e-1/'))).toEqual(['DELETE /api/event/e-1/']);
  });

  it('refuses an action while the event is still being duplicated', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/e-1/')
          ? json(200, event('e-1', 'Launch Day'))
          : path.startsWith('/api/core/workflows/')
            ? json(200, { id: 'e-1', status: 'RUNNING', failed: false })
            : undefined,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(
      await screen.findByText(
        "Delete couldn't be initiated. The event is still getting ready. Please try again later.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });
});

describe("the event's description", () => {
  it('is sent with a new event', async () => {
    const { fetchMock } = openStudio('/events', {
      user: ada,
      routes: (path, init) =>
        path === '/api/event/' && init.method === 'POST'
          ? json(201, event('e-7', 'Talk'))
          : path.startsWith('/api/event/?')
            ? page([])
            : undefined,
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Create Event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Event' });
    await user.click(within(dialog).getByRole('textbox', { name: /Title/ }));
    await user.paste('Talk');
    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.keyboard('Talks');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/').find((call) => call.method === 'POST')?.body).toMatchObject({
        title: 'Talk',
        description: '<p>Talks</p>',
      }),
    );
  });

  it('is edited in the details, and cleared it saves none', async () => {
    const launch = eventFixture({ id: 'e-1', title: 'Launch Day', description: '<p>Talks</p>' });
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(launch),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }));
    const drawer = await screen.findByRole('dialog', { name: 'Details' });
    const description = await within(drawer).findByRole('textbox', { name: 'Description' });
    expect(description.textContent).toBe('Talks');
    await user.click(description);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/e-1/').find((call) => call.method === 'PATCH')?.body,
      ).toMatchObject({
        description: null,
      }),
    );
  });
});
