import { notificationsStore } from '@mantine/notifications';
import { onDemandEmbedSnippet } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { seriesFixture } from '../../testing/series-fixture.ts';

const origin = 'https://events.acme.test';
const links = (id: string) => ({
  landing: `${origin}/e/${id}`,
  register: `${origin}/e/${id}/register`,
  on_demand: `${origin}/e/${id}/on-demand`,
  embed: `${origin}/embed/${id}`,
  check_in: `${origin}/e/${id}/check-in`,
  self_check_in: `${origin}/e/${id}/check-in?selfCheckIn=true`,
});
const inPerson = eventFixture({ id: 'e-1', title: 'Harbour Summit', host_type: 'In_Person' });
const webinar = eventFixture({ id: 'w-1', title: 'Quarterly Webinar', event_type: 'Webinar' });
const series = seriesFixture();

const routes = (path: string) => {
  if (path.startsWith('/api/event/e-1/?')) return json(200, inPerson);
  if (path.startsWith('/api/event/w-1/?')) return json(200, webinar);
  if (path === '/api/event/e-1/attendee_links/') return json(200, links('e-1'));
  if (path === '/api/event/w-1/attendee_links/') return json(200, links('w-1'));
  if (path.startsWith('/api/event/series/s-1/?')) return json(200, series);
  if (path === '/api/event/series/s-1/attendee_links/')
    return json(200, { register: `${origin}/s/s-1/register` });
  if (path.startsWith('/api/core/video_assets/event_assets/')) return json(200, []);
  if (path.startsWith('/api/core/tags/') || path.startsWith('/api/core/workspaces/')) return page([]);
  if (path.startsWith('/api/event/?') || path.startsWith('/api/event/series/?')) return page([]);
  return undefined;
};

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

async function openLinks(href: string, title: string, more: ExtraRoutes = () => undefined) {
  openStudio(href, { user: ada, routes: (path, init) => more(path, init) ?? routes(path) });
  // The first visit of a page loads its chunk.
  expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeTruthy();
  const user = userEvent.setup({ delay: null });
  // After userEvent's setup, which puts its own clipboard in place.
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  await user.click(await screen.findByRole('button', { name: 'Public links' }));
  return { user, writeText };
}

describe('public link helpers in the header (002 §2)', () => {
  it('lists an in-person event’s pages with the check-in manager, each copied with a toast', async () => {
    const { user, writeText } = await openLinks('/events/e-1/dashboard', 'Harbour Summit');
    const labels = [
      'Registration page',
      'On-demand page',
      'Splash page',
      'Check-in manager',
      'Self check-in',
    ];
    for (const label of labels) expect(await screen.findByRole('group', { name: label })).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open Registration page' });
    expect([open.getAttribute('href'), open.getAttribute('target')]).toEqual([
      links('e-1').register,
      '_blank',
    ]);

    await user.click(screen.getByRole('button', { name: 'Copy Self check-in' }));
    expect(writeText).toHaveBeenCalledWith(`${origin}/e/e-1/check-in?selfCheckIn=true`);
    await waitFor(() => expect(toasts()).toContain('Self check-in copied to the clipboard'));

    // The embeddable player: an iframe of /embed/{id} in a 4:2.3 box.
    await user.click(screen.getByRole('button', { name: 'Copy On-demand player embed' }));
    expect(writeText).toHaveBeenLastCalledWith(onDemandEmbedSnippet(`${origin}/embed/e-1`));
    expect(String(writeText.mock.lastCall)).toContain('padding-top:57.5%');
    // The builder is a webinar's page.
    expect(screen.queryByRole('link', { name: 'Open the embed builder' })).toBeNull();
  });

  it('opens the check-in manager for the signed-in organiser through the signed link, as the desk does', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const signed = `${origin}/e/e-1/check-in/enter?token=signed`;
    const { user } = await openLinks('/events/e-1/dashboard', 'Harbour Summit', (path, init) =>
      path === '/api/event/e-1/check_in_link/' && init.method === 'POST'
        ? json(200, { url: signed })
        : undefined,
    );
    await user.click(await screen.findByRole('link', { name: 'Open Self check-in' }));
    await waitFor(() => expect(tab.location.href).toBe(`${signed}&selfCheckIn=true`));
    await user.click(screen.getByRole('link', { name: 'Open Check-in manager' }));
    await waitFor(() => expect(tab.location.href).toBe(signed));
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it('shows a virtual webinar no check-in links, and links its embed builder', async () => {
    await openLinks('/webinar/w-1/details', 'Quarterly Webinar');
    expect(await screen.findByRole('group', { name: 'Registration page' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Check-in manager' })).toBeNull();
    const builder = screen.getByRole('link', { name: 'Open the embed builder' });
    expect(builder.getAttribute('href')).toBe('/webinar/w-1/on-demand-embed-builder');
  });

  it("is an icon named Public links on a phone, so the header's badges stay on one line", async () => {
    onPhone();
    try {
      await openLinks('/webinar/w-1/details', 'Quarterly Webinar');
      const button = screen.getByRole('button', { name: 'Public links' });
      expect(button.textContent).toBe('');
      expect(await screen.findByRole('group', { name: 'Registration page' })).toBeTruthy();
    } finally {
      onWideScreen();
    }
  });

  it('gives a series its registration page', async () => {
    const { user, writeText } = await openLinks('/series/s-1/dashboard', 'Spring series');
    const row = await screen.findByRole('group', { name: 'Registration page' });
    await user.click(within(row).getByRole('button', { name: 'Copy Registration page' }));
    expect(writeText).toHaveBeenCalledWith(`${origin}/s/s-1/register`);
    expect(screen.queryByRole('group', { name: 'On-demand player embed' })).toBeNull();
  });
});
