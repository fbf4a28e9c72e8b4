import { paths } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../testing/event-fixture.ts';
import { acme, ada, json, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { onPhone, onWideScreen } from '../testing/narrow-screen.ts';
import { openStudio } from '../testing/open-studio.tsx';
import { shellMenu } from './shell-menu.ts';

const member = { ...ada, id: 'user-2', role: 'ORGANIZATION_MEMBER', is_admin: false };
/** The organisation with Content Lab switched on (Settings › Organization). */
const withContentLab = { ...acme, content_lab_enabled: true };
const teams = [
  { id: 'team-1', name: 'Blue team' },
  { id: 'team-2', name: 'Red team' },
];

afterEach(onWideScreen);

describe('the studio shell', () => {
  it('has the product mark, the menu with the current page marked, and the organisation', async () => {
    openStudio('/videos', { user: ada, organization: withContentLab });
    const menu = await screen.findByRole('navigation', { name: 'Studio' });
    // Reports shows once the member's rights are known.
    await within(menu).findByRole('link', { name: 'Reports' });
    expect(screen.getByRole('link', { name: 'Event Studio home' }).getAttribute('href')).toBe(paths.orgHome);
    const titles = within(menu)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(titles).toEqual([
      'Home',
      'Events',
      'Recordings',
      'Series',
      'Pages',
      'Templates',
      'Video Library',
      'Brand Kit',
      'Metadata',
      'Reports',
      'Integrations',
      'Settings',
      'Content Lab',
    ]);
    expect(within(menu).getByRole('link', { name: 'Video Library' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByTestId('organization-name').textContent).toBe('Acme');
  });

  it("leaves Content Lab out of the menu while the organisation's switch is off", async () => {
    openStudio('/videos', { user: ada });
    const menu = await screen.findByRole('navigation', { name: 'Studio' });
    // Offered once the member's rights are read (video:read).
    expect(await within(menu).findByRole('link', { name: 'Video Library' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Content Lab' })).toBeNull();
  });

  it('marks Events in the menu inside a webinar and shows breadcrumbs', async () => {
    openStudio('/webinar/w-1/analytics', { user: ada });
    const menu = await screen.findByRole('navigation', { name: 'Studio' });
    await waitFor(() =>
      expect(within(menu).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page'),
    );
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/events');
    expect(within(trail).getByRole('link', { name: 'Webinar' }).getAttribute('href')).toBe('/webinar/w-1');
    expect(within(trail).getByText('Analytics').getAttribute('aria-current')).toBe('page');
  });

  it("names an integration page's crumb after its connector", async () => {
    openStudio('/webinar/w-1/integration/hubspot/settings', { user: ada });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'HubSpot' }).getAttribute('href')).toBe(
      '/webinar/w-1/integration/hubspot',
    );
    expect(within(trail).getByText('Integration Settings').getAttribute('aria-current')).toBe('page');
  });

  it("names the workspace's crumb after its event once the event is loaded", async () => {
    const routes: ExtraRoutes = (path) =>
      path.startsWith('/api/event/e-1/')
        ? json(200, eventFixture({ id: 'e-1', title: 'Spring Summit' }))
        : undefined;
    openStudio('/events/e-1/programs/agenda', { user: ada, routes });
    const trail = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect((await within(trail).findByRole('link', { name: 'Spring Summit' })).getAttribute('href')).toBe(
      '/events/e-1',
    );
    // A title of one long word wraps within the page instead of widening it.
    expect([trail.style.flexWrap, trail.style.overflowWrap]).toEqual(['wrap', 'anywhere']);
  });

  it('collapses the menu to icons on a desktop and remembers it', async () => {
    openStudio('/videos', { user: ada });
    await userEvent.click(await screen.findByRole('button', { name: 'Collapse the menu' }));
    const menu = screen.getByRole('navigation', { name: 'Studio' });
    // Icons only: the entries keep their names for assistive technology.
    expect(within(menu).getByRole('link', { name: 'Events' }).textContent).toBe('');
    expect(localStorage.getItem('studio.menu-collapsed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Expand the menu' }));
    expect(within(menu).getByRole('link', { name: 'Events' }).textContent).toBe('Events');
  });

  it('opens the menu as a drawer from the burger on a phone and closes it on a choice', async () => {
    const { router } = openStudio('/videos', { user: ada });
    const burger = await screen.findByRole('button', { name: 'Navigation' });
    expect(burger.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(burger);
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    // Outside an event (series, template) the drawer lists the studio's menu alone.
    const drawer = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(drawer).queryByRole('group', { name: /: pages$/ })).toBeNull();
    await userEvent.click(within(drawer).getByRole('link', { name: 'Series' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/series'));
    expect(burger.getAttribute('aria-expanded')).toBe('false');
  });

  it('gives an admin profile, preferences, organisation settings and sign out', async () => {
    openStudio('/videos', { user: ada });
    await userEvent.click(await screen.findByRole('button', { name: 'Account of Ada Lovelace' }));
    const items = (await screen.findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Preferences', 'Organization settings', 'Sign out']);
    expect(
      screen.getByRole('menuitem', { name: 'Organization settings', hidden: true }).getAttribute('href'),
    ).toBe(paths.organizationSettings);
  });

  it('keeps organisation settings out of a member’s menu', async () => {
    openStudio('/videos', { user: member });
    await userEvent.click(await screen.findByRole('button', { name: 'Account of Ada Lovelace' }));
    await screen.findByRole('menuitem', { name: 'Sign out', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Organization settings', hidden: true })).toBeNull();
  });

  it('has a global Create event that opens the events dialog', async () => {
    openStudio('/videos', { user: ada });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeTruthy();
  });

  it('shrinks Create event to an icon on a phone, so the account menu stays on the screen', async () => {
    onPhone();
    openStudio('/videos', { user: ada });
    const create = await screen.findByRole('button', { name: 'Create Event' });
    expect(create.textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Account of Ada Lovelace' })).toBeTruthy();
    await userEvent.click(create);
    expect(await screen.findByRole('dialog', { name: 'Create Event' })).toBeTruthy();
  });

  it('shows the team switcher only when workspaces are enabled, with the member’s teams', async () => {
    openStudio('/videos', { user: { ...ada, workspaces: teams } });
    await screen.findByRole('navigation', { name: 'Studio' });
    expect(screen.queryByRole('button', { name: /^Team:/ })).toBeNull();
  });

  it('switches the team scope of the events list and remembers it', async () => {
    const { router } = openStudio('/events', {
      user: { ...ada, workspaces: teams },
      organization: { ...acme, is_workspace_enabled: true },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Team: All teams' }));
    expect(await screen.findByRole('menuitem', { name: 'Blue team', hidden: true })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Red team', hidden: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'My teams', hidden: true }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ workspace: 'mine' }));
    expect(screen.getByRole('button', { name: 'Team: My teams' })).toBeTruthy();
    expect(localStorage.getItem('studio.team-scope')).toBe('"mine"');
  });

  // Every side-menu entry, built or not: a heading and more than the title (a page, or an empty
  // state that says what the area will hold).
  it.each(shellMenu.map((entry) => [entry.title, entry.href]))(
    'the menu entry %s opens a page that is more than its title',
    async (title, href) => {
      openStudio(href, { user: ada, organization: withContentLab });
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      // Content Lab opens outside the shell; the breadcrumbs repeat the title.
      const page = screen.queryByRole('main') ?? document.body;
      await waitFor(() => {
        const trail = screen.queryByRole('navigation', { name: 'Breadcrumbs' })?.textContent ?? '';
        const text = (page.textContent ?? '').replace(trail, '').replaceAll(title, '').trim();
        expect(text.length, href).toBeGreaterThan(20);
      });
    },
  );

  it('follows the system colour scheme', async () => {
    const system = window.matchMedia.bind(window);
    const darkSystem = vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...system(query),
      matches: query === '(prefers-color-scheme: dark)',
    }));
    try {
      openStudio('/home', { user: ada });
      await screen.findByRole('navigation', { name: 'Studio' });
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    } finally {
      darkSystem.mockRestore();
    }
  });
});
