import {
  eventMessages,
  permissionsOfRole,
  workspaceNav,
  type WorkspaceKind,
  type WorkspaceNavItem,
} from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { launchTemplate } from '../../testing/template-fixture.ts';
import { seriesFixture } from '../../testing/series-fixture.ts';

const now = Date.now();
const hours = (count: number) => new Date(now + count * 3_600_000).toISOString();
const event = eventFixture({
  id: 'e-1',
  title: 'Harbour Summit',
  start_time: hours(0.5),
  end_time: hours(3),
  timezone: 'Asia/Tokyo',
});
const webinar = eventFixture({ id: 'w-1', title: 'Quarterly Webinar', event_type: 'Webinar' });
const recording = eventFixture({ id: 'r-1', title: 'Product Tour', event_type: 'Recording' });
const template = launchTemplate();
const series = (is_repeating: boolean) =>
  seriesFixture({ name: is_repeating ? 'Weekly demo' : 'Spring series', is_repeating });

function routes(repeating = false) {
  return (path: string) => {
    if (path.startsWith('/api/event/e-1/?')) return json(200, event);
    if (path.startsWith('/api/event/w-1/?')) return json(200, webinar);
    if (path.startsWith('/api/event/r-1/?')) return json(200, recording);
    if (path === '/api/event/studio-templates/t-1/') return json(200, template);
    if (path.startsWith('/api/event/series/s-1/?')) return json(200, series(repeating));
    if (path.startsWith('/api/core/video_assets/event_assets/')) return json(200, []);
    if (path.startsWith('/api/event/?') || path.startsWith('/api/event/series/?')) return page([]);
    if (path.startsWith('/api/core/tags/') || path.startsWith('/api/core/workspaces/')) return page([]);
    return undefined;
  };
}

const flat = (items: WorkspaceNavItem[]): WorkspaceNavItem[] =>
  items.flatMap((item) => [item, ...flat(item.children)]);

const contexts: [WorkspaceKind, string, string][] = [
  ['event', 'e-1', 'Harbour Summit'],
  ['webinar', 'w-1', 'Quarterly Webinar'],
  ['recording', 'r-1', 'Product Tour'],
  ['template', 't-1', 'Launch template'],
  ['series', 's-1', 'Spring series'],
  ['repeating-event', 's-1', 'Weekly demo'],
];

describe('event workspaces', () => {
  it.each(contexts)(
    'every child page of a %s resolves inside its layout and keeps the object',
    async (kind, id, title) => {
      const pages = flat(workspaceNav(kind, id));
      const { router } = openStudio(pages[0]?.href ?? '/', {
        user: ada,
        routes: routes(kind === 'repeating-event'),
      });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      for (const page of pages) {
        await router.navigate({ href: page.href });
        // An area's own address without a page of its own (…/registration) opens its first page.
        const opened = [page.href, page.children[0]?.href];
        await waitFor(
          () => {
            const at = router.state.location.pathname;
            expect(opened, page.href).toContain(at);
            // The header stays, the page's own link is current, and every link of the navigation keeps the id.
            expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
            const nav = screen.getByRole('navigation', { name: /pages$/ });
            expect(within(nav).getByRole('link', { current: 'page' }).getAttribute('href')).toBe(at);
            for (const link of within(nav).getAllByRole('link'))
              expect(link.getAttribute('href')).toContain(`/${id}`);
            // Never a bare title: a built page, or an empty state saying what the area will hold.
            const text = screen.getByTestId('workspace-page').textContent?.trim() ?? '';
            expect(text, page.href).not.toBe('');
            expect(text, page.href).not.toBe(page.title);
          },
          { timeout: 10_000 },
        );
      }
    },
    90_000,
  );

  it("names the event's Registration Page as its tab does, a webinar's Registration Form as its own", async () => {
    const { router } = openStudio('/events/e-1/registration-new/page', { user: ada, routes: routes() });
    expect(
      await screen.findByRole('heading', { name: 'Registration Page' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Registration Form' })).toBeNull();
    await router.navigate({ href: '/webinar/w-1/registration/form' });
    expect(
      await screen.findByRole('heading', { name: 'Registration Form' }, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('marks only the open page current: its crumb, and its tab, not the page it is under', async () => {
    openStudio('/events/e-1/registration-new/page/page-builder', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Summit' })).toBeTruthy();
    const tabs = await screen.findByRole('list', { name: 'Registration pages' });
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Registration Page' })).toBeTruthy();
    expect(within(trail).queryAllByRole('link', { current: 'page' })).toEqual([]);
    expect(within(trail).getByText('Registration Page Builder').getAttribute('aria-current')).toBe('page');
    const builder = within(tabs).getByRole('link', { name: 'Registration Page Builder' });
    expect(within(tabs).getAllByRole('link', { current: 'page' })).toEqual([builder]);
    // Highlighted too: the builder's tab alone, not the Registration Page it sits under.
    expect(tabs.querySelectorAll('[data-active]')).toHaveLength(1);
    expect(builder.closest('li')?.hasAttribute('data-active')).toBe(true);
  });

  it.each([
    ['Webinar', ['Agenda', 'Speakers', 'Staff', 'Check-in Staff']],
    ['Conference', ['Agenda', 'Speakers', 'Staff', 'Check-in Staff', 'Rooms', 'Booths']],
  ] as const)(
    'offers a repeating event of %s occurrences the programme pages they have',
    async (type, tabs) => {
      const weekly = { ...series(true), event_type: type };
      openStudio('/repeating-event/s-1/programs/agenda', {
        user: ada,
        routes: (path) =>
          path.startsWith('/api/event/series/s-1/?') ? json(200, weekly) : routes(true)(path),
      });
      const programs = await screen.findByRole('list', { name: 'Programs pages' }, { timeout: 10_000 });
      expect(
        within(programs)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(tabs);
    },
  );

  it('leads a recording’s page to its email templates, its registrants and its analytics, and back', async () => {
    const { fetchMock, router } = openStudio('/recording-event/r-1', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/r-1/')
          ? json(200, recording)
          : path.startsWith('/api/event/event-members/?')
            ? page([])
            : routes()(path),
    });
    const areas = await screen.findByRole('list', { name: 'Recording areas' });
    expect(
      within(areas)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Registration Page',
      'Registration Form',
      'Registrants',
      'On-Demand Page Builder',
      'Email Templates',
      'Analytics',
    ]);
    // Its emails are its confirmations' templates (it has no schedule).
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Emails' })).getByRole('link', {
        name: 'Open the email templates',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/recording-event/r-1/email/templates'));
    expect(await screen.findByRole('heading', { name: 'Email Templates' })).toBeTruthy();
    expect(
      screen.getByText(
        'The emails people get as they register and as their registration changes: design them here.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/email_templates/').some((call) => call.url.includes('event=r-1')),
      ).toBe(true),
    );
    expect(within(areas).getByRole('link', { current: 'page' }).textContent).toBe('Email Templates');
    await userEvent.click(within(areas).getByRole('link', { name: 'Overview' }));
    await userEvent.click(
      within(await screen.findByRole('region', { name: 'Registrants' })).getByRole('link', {
        name: 'Open registrants',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/recording-event/r-1/registrants'));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/event-members/').some((call) => call.url.includes('event=r-1')),
      ).toBe(true),
    );
    expect(within(areas).getByRole('link', { current: 'page' }).textContent).toBe('Registrants');
    // Its analytics: the tabs of a video watched on demand, no programme's.
    await userEvent.click(within(areas).getByRole('link', { name: 'Analytics' }));
    const tabs = await screen.findByRole('radiogroup', { name: 'Analytics' });
    expect(
      within(tabs)
        .getAllByRole('radio')
        .map((tab) => tab.getAttribute('value')),
    ).toEqual(['summary', 'pre-event', 'engagement', 'emails']);
    await userEvent.click(within(areas).getByRole('link', { name: 'Overview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/recording-event/r-1'));
  });

  it('names a repeating event’s next occurrence to the server, whose programme its pages edit (setEventId)', async () => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const weekly = { ...series(true), programme_event: 'e-1' };
    openStudio('/repeating-event/s-1/programs/agenda', {
      user: ada,
      routes: (path) => (path.startsWith('/api/event/series/s-1/?') ? json(200, weekly) : routes(true)(path)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly demo' })).toBeTruthy();
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    expect(JSON.parse(socket.sent[0]!)).toMatchObject({
      type: 'setEventId',
      data: { eventId: 'e-1', route: '/repeating-event/s-1/programs/agenda' },
    });
  });

  it('shows a repeating event’s dates in its own time zone, as its events table does', async () => {
    const weekly = series(true);
    const officeHours = {
      ...weekly,
      start_time: '2027-01-05T22:00:00Z',
      end_time: '2027-03-09T23:00:00Z',
      recurrence: {
        frequency: 'weekly' as const,
        interval: 1,
        weekdays: ['TU' as const],
        start_date: '2027-01-05',
        start_time: '14:00',
        duration_minutes: 60,
        timezone: 'America/Los_Angeles',
        end_date: null,
        count: 10,
      },
    };
    openStudio('/repeating-event/s-1/dashboard', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/series/s-1/?') ? json(200, officeHours) : routes(true)(path),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly demo' })).toBeTruthy();
    expect(screen.getByTestId('workspace-dates').textContent).toBe(
      'Jan 5, 2027, 2:00 PM GMT-8 – Mar 9, 2027, 3:00 PM GMT-8',
    );
  });

  it('calls a repeating event live only while an occurrence is, not between two', async () => {
    const nextWeek = { id: 'e-9', title: 'Weekly demo', start_time: hours(150), end_time: hours(151) };
    const between = {
      ...series(true),
      start_time: hours(-170),
      end_time: hours(320),
      cached_data: {
        upcoming_events_count: 3,
        past_events_count: 2,
        next_event: { ...nextWeek, timezone: 'UTC', event_type: 'Webinar' as const },
        current_event: { ...nextWeek, timezone: 'UTC', event_type: 'Webinar' as const },
      },
    };
    openStudio('/repeating-event/s-1/dashboard', {
      user: ada,
      routes: (path) =>
        path.startsWith('/api/event/series/s-1/?') ? json(200, between) : routes(true)(path),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Weekly demo' })).toBeTruthy();
    expect(screen.getByText('UPCOMING')).toBeTruthy();
    expect(screen.queryByText('LIVE')).toBeNull();
  });

  it('opens the first analytics page from the analytics area’s own address', async () => {
    const { router } = openStudio('/events/e-1/analytics-new', { user: ada, routes: routes() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/analytics-new/summary'), {
      timeout: 15_000,
    });
  });

  it('shows an event with its type, LIVE badge from an hour before the start, and dates in its time zone', async () => {
    openStudio('/events/e-1/dashboard', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Summit' })).toBeTruthy();
    expect(screen.getByText('LIVE')).toBeTruthy();
    expect(screen.getByText('Conference')).toBeTruthy();
    expect(screen.getByTestId('workspace-dates').textContent).toMatch(/JST|GMT\+9/);
    // The overview: details in a drawer, honest cards, the actions.
    for (const card of ['Details', 'Sessions', 'Speakers', 'Registrants', 'Videos in use', 'Buffer video'])
      expect(screen.getByRole('region', { name: card })).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Sessions' })).queryByText('Not set up yet.'),
    ).toBeNull();
    for (const action of ['Reschedule', 'Send Calendar Invites', 'More actions'])
      expect(screen.getByRole('button', { name: action })).toBeTruthy();
  });

  it('leads a webinar’s overview to its sessions, speakers, live inputs and moderation (a webinar is run live too)', async () => {
    openStudio('/webinar/w-1/details', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly Webinar' })).toBeTruthy();
    const linkIn = (card: string) => within(screen.getByRole('region', { name: card })).getByRole('link');
    expect(linkIn('Sessions').textContent).toBe('Open sessions');
    expect(linkIn('Sessions').getAttribute('href')).toBe('/webinar/w-1/programs/agenda');
    expect(linkIn('Speakers').getAttribute('href')).toBe('/webinar/w-1/programs/speakers');
    expect(linkIn('Live inputs').getAttribute('href')).toBe('/webinar/w-1/programs/live-inputs');
    const nav = screen.getByRole('navigation', { name: /pages$/ });
    expect(within(nav).getByRole('link', { name: 'Engagement' }).getAttribute('href')).toBe(
      '/webinar/w-1/engagement',
    );
  });

  it("makes the event's header the page's one h1 and each page's own title an h2 beneath it", async () => {
    openStudio('/webinar/w-1/details/videos', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Videos' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual([
      'Quarterly Webinar',
    ]);
  });

  it("lists the open event's pages in the ☰ drawer under its title, the open area unfolded", async () => {
    openStudio('/events/e-1/registration-new/registrants', { user: ada, routes: routes() });
    const drawer = await screen.findByRole('navigation', { name: 'Studio' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Summit' })).toBeTruthy();
    // Only the open drawer lists them: a wide screen's menu does not repeat the tabs.
    expect(within(drawer).queryByRole('group', { name: 'Harbour Summit: pages' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    const pages = await within(drawer).findByRole('group', { name: 'Harbour Summit: pages' });
    const areas = workspaceNav('event', 'e-1');
    for (const area of areas)
      // (Analytics has a page named Engagement too.)
      expect(within(pages).getAllByText(area.title, { selector: '.mantine-NavLink-label' })).not.toHaveLength(
        0,
      );
    // The open area's pages are links straight to them.
    const registration = areas.find((area) => area.href.endsWith('/registration-new'))!;
    for (const child of registration.children)
      expect(within(pages).getByRole('link', { name: child.title }).getAttribute('href')).toBe(child.href);
    expect(within(pages).getByRole('link', { name: 'Registrants' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("lists the event's pages in the drawer from the event the page loaded, without asking for it again", async () => {
    const { fetchMock } = openStudio('/events/e-1/dashboard', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Summit' })).toBeTruthy();
    const loads = callsTo(fetchMock, '/api/event/e-1/').length;
    expect(loads).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    const drawer = screen.getByRole('navigation', { name: 'Studio' });
    expect(await within(drawer).findByRole('group', { name: 'Harbour Summit: pages' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/e-1/')).toHaveLength(loads);
  });

  it("leaves a webinar's rooms and booths out of the drawer, as out of its tabs", async () => {
    // A webinar opened at an event's address: the event's pages, less those a webinar does not offer.
    openStudio('/events/w-1/programs/speakers', { user: ada, routes: routes() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quarterly Webinar' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    const drawer = screen.getByRole('navigation', { name: 'Studio' });
    const pages = await within(drawer).findByRole('group', { name: 'Quarterly Webinar: pages' });
    // The programme area is open, so its pages are listed unfolded.
    expect(within(pages).getByRole('link', { name: 'Speakers' }).getAttribute('href')).toBe(
      '/events/w-1/programs/speakers',
    );
    const hrefs = within(pages)
      .getAllByRole('link', { hidden: true })
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toContain('/events/w-1/programs/agenda');
    expect(hrefs).not.toContain('/events/w-1/programs/rooms');
    expect(hrefs).not.toContain('/events/w-1/programs/booths');
  });

  it("leaves a page the member may not use out of the drawer (an Event Editor's Look and Feel)", async () => {
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: { ...ada, id: 'user-2', role: 'EVENT_EDITOR', is_admin: false },
      permissions: permissionsOfRole('EVENT_EDITOR'),
      routes: routes(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Summit' })).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, '/api/core/permissions/')).not.toEqual([]));
    await userEvent.click(screen.getByRole('button', { name: 'Navigation' }));
    const drawer = screen.getByRole('navigation', { name: 'Studio' });
    const pages = await within(drawer).findByRole('group', { name: 'Harbour Summit: pages' });
    await waitFor(() =>
      expect(
        within(pages).getAllByText('Registration', { selector: '.mantine-NavLink-label' }),
      ).not.toHaveLength(0),
    );
    expect(within(pages).queryByText('Look and Feel', { selector: '.mantine-NavLink-label' })).toBeNull();
  });

  it('says "Event not found" with a way back to Events for an unknown event, without the load-failure toast', async () => {
    openStudio('/events/gone/dashboard', { user: ada });
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Events' }).getAttribute('href')).toBe('/events');
    expect(screen.queryByText(eventMessages.errorLoadingEvent)).toBeNull();
  });

  it.each([
    ['a conference under Recordings', '/recording-event/e-1', '/events/e-1/dashboard', false],
    ['a webinar under Recordings', '/recording-event/w-1', '/webinar/w-1/details', false],
    ['a repeating event under Series', '/series/s-1/events', '/repeating-event/s-1/events', true],
    [
      'a series under Repeating events',
      '/repeating-event/s-1/programs/agenda',
      '/series/s-1/dashboard',
      false,
    ],
  ])('opens %s in its own workspace (the same page where it has one)', async (_what, from, to, repeating) => {
    const { router } = openStudio(from, { user: ada, routes: routes(repeating) });
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('keeps the spec toast for a real load failure', async () => {
    openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: (path) => (path.startsWith('/api/event/e-1/') ? json(500, { message: 'Boom' }) : undefined),
    });
    expect((await screen.findAllByText(eventMessages.errorLoadingEvent)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { name: 'Event not found' })).toBeNull();
  });
});
