import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

const embed = 'https://events.acme.test/embed/w-1';
const webinar = eventFixture({ id: 'w-1', title: 'Quarterly Webinar', event_type: 'Webinar' });
const routesEmbedding = (embedded: string | null) => (path: string) => {
  if (path.startsWith('/api/event/w-1/?')) return json(200, webinar);
  if (path === '/api/event/w-1/attendee_links/')
    return json(200, {
      landing: '',
      register: '',
      on_demand: '',
      embed: embedded,
      check_in: 'https://events.acme.test/e/w-1/check-in',
      self_check_in: 'https://events.acme.test/e/w-1/check-in?selfCheckIn=true',
    });
  if (path === '/api/public/event/w-1/embed_link/') return json(200, { embed });
  return undefined;
};
const routes = routesEmbedding(embed);
const frame = () => screen.getByTestId('embed-preview').querySelector('iframe');

describe('the on-demand embed builder (001 §2.3, 002 §2)', () => {
  it("says embedding is not in the organisation's plan (002 §6 embeddedEvents)", async () => {
    openStudio('/webinar/w-1/on-demand-embed-builder', { user: ada, routes: routesEmbedding(null) });
    expect(
      await screen.findByText('This feature is not enabled for your organization', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /Width/ })).toBeNull();
  });

  it('builds the snippet from the options, previews the attendee origin’s player, refuses a bad width', async () => {
    openStudio('/webinar/w-1/on-demand-embed-builder', { user: ada, routes });
    const width = await screen.findByRole('textbox', { name: /Width/ }, { timeout: 10_000 });
    expect(frame()?.getAttribute('src')).toBe(embed);
    const user = userEvent.setup({ delay: null });
    await user.clear(width);
    await user.type(width, '640px');
    await waitFor(() => expect(screen.getByLabelText('Snippet').textContent).toContain('width:640px;'));
    expect(screen.getByLabelText('Snippet').textContent).toContain('padding-top:57.5%;');
    await user.click(screen.getByRole('checkbox', { name: 'Allow full screen' }));
    expect(frame()?.getAttribute('allow')).toBe('autoplay; picture-in-picture');
    await user.clear(width);
    await user.type(width, '5miles');
    expect(screen.getByText('Enter a width such as 100%, 640px or 40rem.')).toBeTruthy();
    const dummy = screen.getByRole('link', { name: 'Open it on a sample page' });
    expect(dummy.getAttribute('href')).toBe('/on-demand-embed-dummy/w-1?width=5miles');
  });

  it('shows the player on the public sample page without signing in', async () => {
    const { fetchMock } = openStudio('/on-demand-embed-dummy/w-1?width=800px', {
      user: ada,
      signedIn: false,
      routes,
    });
    expect(await screen.findByRole('heading', { name: 'Your website' }, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(frame()?.getAttribute('src')).toBe(embed));
    expect(screen.getByTestId('embed-preview').innerHTML).toContain('width:800px;');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/public/event/w-1/embed_link/');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBeNull();
  });
});
