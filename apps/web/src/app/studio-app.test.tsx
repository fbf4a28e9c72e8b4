import { messages, paths, type CurrentUser, type StudioUsageBatch } from '@studio/domain';
import { createMemoryHistory } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { localSession, USER_STATE_KEY } from '../api/local-session.ts';
import { PATH_BEFORE_CONTENT_LAB_KEY } from '../session/end-session.ts';
import { getStudioState, updateStudioState } from '../session/studio-state.ts';
import { STUDIO_USAGE_PATH } from '../session/studio-usage.ts';
import { eventFixture } from '../testing/event-fixture.ts';
import { acme, ada, fakeStudioApi, json, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { recentPageViews } from './page-views.ts';
import { StudioApp } from './studio-app.tsx';
import { createStudio, type Studio } from './studio.ts';

let studio: Studio | undefined;
afterEach(() => {
  studio?.stop();
});

function openStudio(href: string, user: CurrentUser | null, routes?: ExtraRoutes) {
  const fetchMock = fakeStudioApi(user ?? ada, acme, routes);
  if (user) localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
  studio = createStudio(createMemoryHistory({ initialEntries: [href] }));
  render(<StudioApp studio={studio} />);
  return { fetchMock, router: studio.router };
}

describe('the studio', () => {
  it('brings a signed-out visitor back to the page they asked for after logging in', async () => {
    const { router } = openStudio('/videos', null);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ada.email);
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Video Library' })).toBeTruthy();
    expect(router.state.location.href).toBe('/videos');
    expect(document.title).toMatch(/^Video Library - Acme \| Studio/);
    expect(localSession.rememberedUser()).toMatchObject({
      id: ada.id,
      organization: acme.id,
      role: 'ORG_ADMIN',
    });
  });

  it("shows the server's message when the credentials are wrong", async () => {
    openStudio(paths.login, null);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ada.email);
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to log in with the provided credentials.',
    );
  });

  it('sends a fresh login to OrgHome, which names the organisation and the user', async () => {
    const { router } = openStudio(paths.contentLabLogin, null);
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ada.email);
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Acme' })).toBeTruthy();
    expect(screen.getByText('Welcome, Ada Lovelace.')).toBeTruthy();
    expect(router.state.location.href).toBe(paths.orgHome);
  });

  it('tells a user without an organisation who is signed in and how to go on', async () => {
    const { router } = openStudio(paths.orgHome, { ...ada, organization: null, role: null });

    expect(await screen.findByText('Signed in as Ada Lovelace (ada@example.com).')).toBeTruthy();
    expect(router.state.location.href).toBe(paths.contentLabAlreadyLoggedIn);
    expect(screen.getByRole('link', { name: 'Create an organization' }).getAttribute('href')).toBe(
      paths.createOrg,
    );
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('lets a user without an organisation create one and opens its home', async () => {
    const { router } = openStudio(paths.createOrg, { ...ada, organization: null, role: null });
    const user = userEvent.setup({ delay: null });

    await user.type(await screen.findByRole('textbox', { name: 'Organization name' }), 'Harbour Conference');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    expect(await screen.findByRole('heading', { name: 'Harbour Conference' })).toBeTruthy();
    expect(router.state.location.href).toBe(paths.orgHome);
  });

  it('signs out: revokes the session, forgets it, says so and returns to Login', async () => {
    const { fetchMock, router } = openStudio(paths.orgHome, ada);
    updateStudioState({ currentTemplateId: 'template-1' });

    await userEvent.click(await screen.findByRole('button', { name: /^Account of / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));

    await waitFor(() => expect(router.state.location.href).toBe(paths.login));
    expect(await screen.findByText(messages.loggedOut)).toBeTruthy();
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();
    expect(getStudioState().currentTemplateId).toBeNull();
    expect(studio?.queryClient.getQueryCache().getAll()).toEqual([]);
    const logout = fetchMock.mock.calls.find(([path]) => path === '/api/auth/logout/');
    expect(logout?.[1].body).toBe(JSON.stringify({ refresh: 'refresh-1' }));
    // The clicks and the sign-out went to the studio's usage analytics first, while signed in.
    const called = fetchMock.mock.calls.map(([path]) => path);
    expect(called.indexOf(STUDIO_USAGE_PATH)).toBeLessThan(called.indexOf('/api/auth/logout/'));
    const [, usage] = fetchMock.mock.calls.find(([path]) => path === STUDIO_USAGE_PATH)!;
    expect(new Headers(usage.headers).get('authorization')).toBe('Bearer access-1');
    expect((JSON.parse(usage.body as string) as StudioUsageBatch).events).toEqual([
      { event: 'button_click', button_name: expect.stringMatching(/^Account of /) as string },
      { event: 'button_click', button_name: 'Sign out' },
      expect.objectContaining({ event: 'studioLoginLogout', action: 'logout', is_success: true }),
    ]);
  });

  it('sends a team admin without a team to /no-workspace when the organisation has teams', async () => {
    fakeStudioApi(
      { ...ada, role: 'WORKSPACE_ADMIN', is_admin: false, workspaces: [] },
      { ...acme, is_workspace_enabled: true },
    );
    localSession.saveTokens({ access: 'access-1', refresh: 'refresh-1' });
    studio = createStudio(createMemoryHistory({ initialEntries: ['/events'] }));
    render(<StudioApp studio={studio} />);

    expect(await screen.findByRole('heading', { name: 'You are not in a team yet' })).toBeTruthy();
    expect(studio.router.state.location.href).toBe(paths.noWorkspace);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('shows 404 and a way home for an unknown path', async () => {
    openStudio('/no/such/page', ada);
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe(paths.orgHome);
  });

  it('says an integration type it does not know is not found, never the placeholder', async () => {
    // Every page of the route table is built; an unknown type in an address is a wrong address.
    openStudio('/events/e-1/integration/zoom/settings', ada, (path) =>
      path.split('?')[0] === '/api/event/e-1/'
        ? json(200, eventFixture({ id: 'e-1', title: 'Summit' }))
        : undefined,
    );
    expect(
      await screen.findByRole('region', { name: 'Integration not found' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to integrations' }).getAttribute('href')).toBe(
      '/events/e-1/integration',
    );
    expect(screen.queryByText(/^The settings and field mapping of one connected application/)).toBeNull();
  });

  it('says an object the studio does not map for the application is not found, and asks nothing of the server', async () => {
    const { fetchMock } = openStudio(
      '/integrations/applications/salesforce/settings/field-mapping/Opportunity',
      ada,
    );
    expect(
      await screen.findByRole('region', { name: 'CRM object not found' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText(/^Salesforce has no Opportunity object the studio maps/)).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('salesforce'))).toEqual([]);
  });
});

describe('navigation effects', () => {
  it('resets the event state on entering Events, remembers the way into the content lab, counts page views', async () => {
    const { router } = openStudio('/events/e-1/dashboard', ada);
    await screen.findByRole('heading', { name: 'Event not found' });
    updateStudioState({
      currentEventId: 'e-1',
      analyticsGroupToken: 'token',
      brandingChanges: { logo: 'x' },
    });

    await router.navigate({ href: '/events' });
    expect(getStudioState()).toMatchObject({
      currentEventId: null,
      analyticsGroupToken: null,
      brandingChanges: {},
    });

    await router.navigate({ href: '/videos?page=2' });
    await router.navigate({ href: '/content/project-1' });
    expect(sessionStorage.getItem(PATH_BEFORE_CONTENT_LAB_KEY)).toBe('/videos?page=2');

    // The newest three (the list keeps the last 100 of the page's life).
    expect(
      recentPageViews()
        .slice(-3)
        .map((view) => [view.href, view.title]),
    ).toEqual([
      ['/events', 'Events'],
      ['/videos?page=2', 'Video Library'],
      ['/content/project-1', 'Content Lab'],
    ]);
  });
});
