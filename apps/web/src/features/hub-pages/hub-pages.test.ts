import { eventMessages, messages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { acme, ada, json, page, twoTeamsPage, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { partnerHub } from '../../testing/hub-page-fixture.ts';
import { hubPageListParams } from './hub-pages-page.tsx';

describe('hub pages list address state', () => {
  it('turns the scope into workspace__isnull', () => {
    const base = { search: '', sort: '-created_at', page: 1 } as const;
    expect(hubPageListParams({ ...base, scope: 'all' }, 'o').has('workspace__isnull')).toBe(false);
    expect(hubPageListParams({ ...base, scope: 'organization' }, 'o').get('workspace__isnull')).toBe('true');
    expect(hubPageListParams({ ...base, scope: 'workspace' }, 'o').get('workspace__isnull')).toBe('false');
  });
});

const routes: ExtraRoutes = (path) => {
  const [route] = path.split('?');
  if (route === '/api/event/hub-pages/') return page([partnerHub]);
  if (route === '/api/event/hub-pages/hub-1/') return json(200, partnerHub);
  if (route === '/api/event/hub-pages/hub-1/attendee_links/')
    return json(200, { page: 'https://events.example.test/h/hub-1' });
  if (route === '/api/event/') return page([]);
  return undefined;
};

describe('a hub page', () => {
  it("refuses an empty page name with the studio's message, sending nothing (noValidate)", async () => {
    const { fetchMock } = openStudio('/pages/hub-1', { user: ada, routes });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole('textbox', { name: 'Page name' });
    await user.clear(name);
    await user.type(name, '{Enter}');
    expect(await screen.findByText(messages.fieldRequired)).toBeTruthy();
    expect(name.closest('form')?.noValidate).toBe(true);
    expect(callsTo(fetchMock, '/api/event/hub-pages/hub-1/').filter((call) => call.method !== 'GET')).toEqual(
      [],
    );
  });

  it('is named in its header and its breadcrumb, and opens its page builder', async () => {
    const { router } = openStudio('/pages/hub-1', { user: ada, routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Partner hub' })).toBeTruthy();
    const trail = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(trail).getByRole('link', { name: 'Pages' }).getAttribute('href')).toBe('/pages');
    expect(within(trail).getByText('Partner hub').getAttribute('aria-current')).toBe('page');
    // One way back: the breadcrumb.
    expect(screen.queryByRole('link', { name: '← Pages' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Open Page Builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/hub-1/hub-page-builder'));
  });

  it("names the organization in the Workspace field of a page of no team, as the list's column does", async () => {
    openStudio('/pages/hub-1', {
      user: ada,
      organization: { ...acme, is_workspace_enabled: true },
      routes: (path, init) =>
        path.split('?')[0] === '/api/core/workspaces/' ? twoTeamsPage() : routes(path, init),
    });
    const workspace = await screen.findByRole<HTMLInputElement>('combobox', { name: 'Workspace' });
    expect(workspace.value).toBe('');
    expect(workspace.placeholder).toBe('Organization');
  });

  it('opens the page as attendees see it, on the attendee origin, in a new tab', async () => {
    openStudio('/pages/hub-1', { user: ada, routes });
    const view = await screen.findByRole('link', { name: 'View page' });
    expect(view.getAttribute('href')).toBe('https://events.example.test/h/hub-1');
    expect(view.getAttribute('target')).toBe('_blank');
  });

  it('opens its page builder from its row’s menu in the list', async () => {
    const { router } = openStudio('/pages', { user: ada, routes });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'More actions for Partner hub' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Open Page Builder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/hub-1/hub-page-builder'));
  });

  it('opens the page as attendees see it from its row’s menu, in a new tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openStudio('/pages', { user: ada, routes });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'More actions for Partner hub' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View page' }));
    await waitFor(() =>
      expect(open).toHaveBeenCalledWith(
        'https://events.example.test/h/hub-1',
        '_blank',
        'noopener,noreferrer',
      ),
    );
    open.mockRestore();
  });
});

describe('a hub page that does not exist (or is another organisation’s)', () => {
  it.each(['/pages/gone', '/pages/gone/hub-page-builder'])(
    '%s says the page is not found, with the way back to Pages, and no failure toast',
    async (path) => {
      const { fetchMock } = openStudio(path, { user: ada, routes });
      expect(await screen.findByRole('region', { name: 'Page not found' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to Pages' }).getAttribute('href')).toBe('/pages');
      expect(screen.queryByText(eventMessages.errorLoadingPages)).toBeNull();
      // Nor is the page builder asked for the missing page's layout.
      expect(callsTo(fetchMock, '/api/event/hub-pages/gone/').length).toBeGreaterThan(0);
      expect(
        fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('builder')),
      ).toEqual([]);
    },
  );
});

describe('the hub pages list', () => {
  it('offers the Show filter (organization or team pages) only when the organization has teams', async () => {
    openStudio('/pages', { user: ada, organization: { ...acme, is_workspace_enabled: true }, routes });
    await screen.findByRole('link', { name: 'Partner hub' });
    expect(screen.getAllByLabelText('Show').length).toBeGreaterThan(0);
  });

  it('shows no Show filter without teams', async () => {
    openStudio('/pages', { user: ada, routes });
    await screen.findByRole('link', { name: 'Partner hub' });
    expect(screen.queryAllByLabelText('Show')).toEqual([]);
  });
});

describe('a hub page’s listed events', () => {
  const officeHours = (id: string, start: string) => ({
    id,
    title: 'QA Weekly Office Hours',
    start_time: start,
    end_time: start.replace('T22:', 'T23:'),
    timezone: 'America/Los_Angeles',
    event_type: 'Conference' as const,
  });
  const listed = [officeHours('e-1', '2027-01-05T22:00:00Z'), officeHours('e-2', '2027-01-12T22:00:00Z')];
  const others = [officeHours('e-3', '2027-01-19T22:00:00Z'), officeHours('e-4', '2027-01-26T22:00:00Z')];

  it('tells same-named events apart by their start, in their own time zone', async () => {
    const hub = { ...partnerHub, events: listed };
    openStudio('/pages/hub-1', {
      user: ada,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === '/api/event/hub-pages/hub-1/') return json(200, hub);
        if (route === '/api/event/') return page([...listed, ...others]);
        return routes(path, init);
      },
    });
    const picker = await screen.findByRole('combobox', { name: 'Listed events' });
    // The chosen ones, named on their pills …
    for (const day of ['Jan 5', 'Jan 12'])
      expect(
        await screen.findByRole('button', {
          name: `Remove QA Weekly Office Hours · ${day}, 2027, 2:00 PM GMT-8`,
        }),
      ).toBeTruthy();
    // … and every option of the list.
    await userEvent.click(picker);
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'QA Weekly Office Hours · Jan 5, 2027, 2:00 PM GMT-8',
        'QA Weekly Office Hours · Jan 12, 2027, 2:00 PM GMT-8',
        'QA Weekly Office Hours · Jan 19, 2027, 2:00 PM GMT-8',
        'QA Weekly Office Hours · Jan 26, 2027, 2:00 PM GMT-8',
      ]),
    );
  });
});
