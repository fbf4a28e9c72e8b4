import { permissionsOfRole, type CurrentUser, type Home } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../testing/event-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../testing/open-studio.tsx';

/** A member who is not an organisation admin, holding `role`'s rights (the fake answers them). */
const member = (role: string): CurrentUser => ({ ...ada, id: 'user-2', role, is_admin: false });
const openAs = (href: string, role: string, routes?: ExtraRoutes) =>
  openStudio(href, { user: member(role), permissions: permissionsOfRole(role), ...(routes && { routes }) });

/** The plain no-access state, naming the right in Settings › Permissions' words. */
async function noAccess(rightLabel: string) {
  const state = await screen.findByRole('status', { name: "You don't have access" });
  expect(state.textContent).toContain(`"${rightLabel}"`);
  expect(screen.queryByText(/Please try again/)).toBeNull();
  return state;
}

/** Waits for the member's rights to have been asked for and answered. */
const settled = async (fetchMock: ReturnType<typeof openStudio>['fetchMock']) => {
  await screen.findByRole('navigation', { name: 'Studio' });
  await waitFor(() => expect(callsTo(fetchMock, '/api/core/permissions/')).not.toEqual([]));
  // One more turn for the answer to render.
  await new Promise((resolve) => setTimeout(resolve, 50));
};

const event = eventFixture({ id: 'e-1', title: 'Launch Day' });

describe('an Event Editor (workspace:read, event:read, event:update, video:read)', () => {
  it.each(['/events/e-1/look-and-feel', '/webinar/e-1/look-and-feel'])(
    "is told %s needs Edit branding, without the branding preview's refused call or Save",
    async (href) => {
      const { fetchMock } = openAs(href, 'EVENT_EDITOR', eventPageRoutes(event));
      await noAccess('Edit branding');
      expect(callsTo(fetchMock, '/api/event/e-1/branding_preview/')).toEqual([]);
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Apply brand kit' })).toBeNull();
      expect(screen.queryByText('Something went wrong. Please try again.')).toBeNull();
    },
  );

  it('sees no Save as Template, Duplicate or Delete on the event dashboard, but Reschedule', async () => {
    const { fetchMock } = openAs('/events/e-1/dashboard', 'EVENT_EDITOR', eventPageRoutes(event));
    await screen.findByRole('region', { name: 'Details' });
    await settled(fetchMock);
    expect(await screen.findByRole('button', { name: 'Reschedule' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as Template' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Nor the menu that holds them.
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it("is offered no Look and Feel in the event's menu or on its dashboard", async () => {
    const { fetchMock } = openAs('/events/e-1/dashboard', 'EVENT_EDITOR', eventPageRoutes(event));
    await screen.findByRole('region', { name: 'Details' });
    await settled(fetchMock);
    expect(screen.getByRole('link', { name: 'Registration' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Look and Feel' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Choose one' })).toBeNull();
  });

  it('leaves Look and Feel in the menu and on the dashboard for an admin', async () => {
    openStudio('/events/e-1/dashboard', { user: ada, routes: eventPageRoutes(event) });
    expect(await screen.findByRole('link', { name: 'Look and Feel' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Choose one' })).toBeTruthy();
  });

  it('is offered no Create Event on Events', async () => {
    const { fetchMock } = openAs('/events', 'EVENT_EDITOR', (path) =>
      path.startsWith('/api/event/?') ? page([]) : undefined,
    );
    await screen.findByRole('heading', { name: 'Events' });
    await settled(fetchMock);
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
  });

  it('is offered no Create Page on Pages', async () => {
    const { fetchMock } = openAs('/pages', 'EVENT_EDITOR', (path) =>
      path.startsWith('/api/event/hub-pages/') ? page([]) : undefined,
    );
    await screen.findByRole('heading', { name: 'Pages' });
    await settled(fetchMock);
    expect(screen.queryByRole('button', { name: 'Create Page' })).toBeNull();
  });

  it('has neither Brand Kit nor Reports in the menu, and is told so on opening them', async () => {
    const { fetchMock } = openAs('/brand-kit', 'EVENT_EDITOR');
    await noAccess('Edit branding');
    expect(screen.getByRole('status', { name: "You don't have access" }).textContent).toContain(
      '"Create events"',
    );
    expect(callsTo(fetchMock, `/api/core/organization/${ada.organization}/brand_kit/`)).toEqual([]);
    const menu = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(menu).getByRole('link', { name: 'Video Library' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Brand Kit' })).toBeNull();
    expect(within(menu).queryByRole('link', { name: 'Reports' })).toBeNull();
  });

  it.each(['/reports-new/cross-event', '/reports-new/roi', '/reports-new/custom-report/saved-reports'])(
    'is told %s needs See reports, without calling it',
    async (href) => {
      const { fetchMock } = openAs(href, 'EVENT_EDITOR');
      await noAccess('See reports');
      expect(fetchMock.mock.calls.filter(([url]) => url.includes('report'))).toEqual([]);
      expect(screen.queryByText('You do not have permission to perform this action.')).toBeNull();
    },
  );

  it('sees the Video Library without Upload Video (no video:update)', async () => {
    const { fetchMock } = openAs('/videos', 'EVENT_EDITOR', (path) =>
      path.startsWith('/api/core/video_assets/') ? page([]) : undefined,
    );
    await screen.findByTestId('videos-empty');
    await settled(fetchMock);
    expect(screen.queryByRole('button', { name: 'Upload Video' })).toBeNull();
  });
});

describe('a member without video:read', () => {
  it('is told the Video Library needs See videos, without the refused list call', async () => {
    const { fetchMock } = openAs('/videos', 'INTEGRATIONS_EDITOR');
    await noAccess('See videos');
    expect(callsTo(fetchMock, '/api/core/video_assets/')).toEqual([]);
    expect(screen.queryByText('Unable to fetch videos. Please try again.')).toBeNull();
  });

  it('has no Video Library in the menu', async () => {
    const { fetchMock } = openAs('/home', 'INTEGRATIONS_EDITOR');
    await settled(fetchMock);
    const menu = screen.getByRole('navigation', { name: 'Studio' });
    expect(within(menu).getByRole('link', { name: 'Integrations' })).toBeTruthy();
    expect(within(menu).queryByRole('link', { name: 'Video Library' })).toBeNull();
  });
});

describe('home for members with fewer rights', () => {
  const brandNew: Home = {
    organization: { id: ada.organization ?? '', name: 'Acme', is_workspace_enabled: true },
    live_events: [],
    upcoming_events: [],
    recent_videos: [],
    counts: { upcoming_events: 0, videos: 0, members: 1, teams: 0 },
    getting_started: { first_event: false, first_video: false, teammate: false, branding: false },
  };
  const homeRoutes: ExtraRoutes = (path) => (path === '/api/core/home/' ? json(200, brandNew) : undefined);

  it('tells a member who sees no events and cannot create any to ask to join a team; no checklist', async () => {
    // A custom role that only reads the events of its member's teams.
    openStudio('/home', { user: member('Team viewer'), permissions: ['event:read'], routes: homeRoutes });
    expect(await screen.findByRole('region', { name: "You can't see any events yet" })).toBeTruthy();
    expect(screen.getByText(/Ask an admin to add you to a team/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Create your first event' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Event' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload Video' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invite a teammate' })).toBeNull();
  });

  it('gives an Event Editor neither the creation empty state nor the checklist', async () => {
    openAs('/home', 'EVENT_EDITOR', homeRoutes);
    expect(await screen.findByRole('region', { name: 'No events yet' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Create your first event' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Getting started' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Invite a teammate' })).toBeNull();
  });

  it("offers an Event Admin the checklist's steps they can take, without Invite a teammate", async () => {
    openAs('/home', 'EVENT_ADMIN', homeRoutes);
    const steps = await screen.findByRole('list', { name: 'Getting started steps' });
    expect(within(steps).queryByText('Invite a teammate')).toBeNull();
    expect(within(steps).getByText('Create your first event')).toBeTruthy();
    expect(screen.getByText('0 of 3 done')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Create your first event' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload Video' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Invite a teammate' })).toBeNull();
  });
});
