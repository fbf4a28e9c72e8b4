import { eventHref } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { launchTemplate } from '../../testing/template-fixture.ts';

const template = launchTemplate();
const created = eventFixture({ id: 'e-9', title: 'Launch Day' });
const createPath = `/api/event/studio-templates/${template.id}/create_event/`;

/** Templates answered by the list and the template's own read; the event made from it by POST. */
const templateRoutes = (path: string, init: RequestInit) => {
  if (path === createPath && init.method === 'POST') return json(201, created);
  if (path.startsWith(`/api/event/studio-templates/${template.id}/`)) return json(200, template);
  if (path.startsWith('/api/event/studio-templates/')) return page([template]);
  if (path.startsWith('/api/event/') || path.startsWith('/api/core/tags/')) return page([]);
  return undefined;
};

/** Fills the dialog's title and start, then creates the event. */
async function createFrom(dialog: HTMLElement) {
  const title = within(dialog).getByRole('textbox', { name: 'Event title' });
  await userEvent.clear(title);
  await userEvent.type(title, '  Launch Day ');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Create Event' }));
}

describe('create an event from a template (spec 001 §2.5)', () => {
  it.each([
    ['its row in the list', '/templates', 'row'],
    ['its dashboard', `/templates/${template.id}/dashboard`, 'dashboard'],
  ])(
    'from %s: posts the title and start (no workspace without workspaces) and opens the new event',
    async (_, href, from) => {
      const { fetchMock, router } = openStudio(href, {
        user: ada,
        organization: { ...acme, is_workspace_enabled: false },
        routes: templateRoutes,
      });
      if (from === 'row') {
        const row = (await screen.findByText('Launch template')).closest('tr')!;
        await userEvent.click(within(row).getByRole('button', { name: 'Create Event' }));
      } else {
        await userEvent.click(await screen.findByRole('button', { name: 'Create Event from Template' }));
      }
      await createFrom(await screen.findByRole('dialog', { name: 'Create Event from Template' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(eventHref(created)));
      const [call] = callsTo(fetchMock, createPath);
      const body = call?.body as { start_time: string };
      expect(body).toEqual({ title: 'Launch Day', start_time: body.start_time, timezone: 'UTC' });
      expect(body.start_time).toMatch(/T10:00:00\.000Z$/);
    },
  );
});

describe('template dashboard', () => {
  it('shows the description as rich text, as the event dashboard does, never its tags', async () => {
    const described = {
      ...template,
      settings: { ...template.settings, description: '<p>A <em>launch</em>.</p>' },
    };
    openStudio(`/templates/${template.id}/dashboard`, {
      user: ada,
      routes: (path, init) =>
        path.startsWith(`/api/event/studio-templates/${template.id}/`)
          ? json(200, described)
          : templateRoutes(path, init),
    });
    const settings = await screen.findByRole('region', { name: 'Settings' });
    expect(settings.textContent).not.toContain('<p>');
    expect(within(settings).getByText('launch').tagName).toBe('EM');
  });
});
