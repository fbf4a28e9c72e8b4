import { templateHref } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { acme, ada, json, page } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { launchTemplate } from '../../testing/template-fixture.ts';

const template = launchTemplate();
const created = { ...launchTemplate(), id: 't-new', title: 'Autumn launch' };

const templateRoutes = (path: string, init: RequestInit) => {
  if (path === '/api/event/studio-templates/' && init.method === 'POST') return json(201, created);
  if (path.startsWith(`/api/event/studio-templates/${created.id}/`)) return json(200, created);
  if (path.startsWith(`/api/event/studio-templates/${template.id}/`)) return json(200, template);
  if (path.startsWith('/api/event/studio-templates/')) return page([template]);
  if (path.startsWith('/api/event/') || path.startsWith('/api/core/tags/')) return page([]);
  return undefined;
};

const withoutWorkspaces = { ...acme, is_workspace_enabled: false };

describe('the templates list leads to each template', () => {
  it("links a template's title to its dashboard, as the events list links events", async () => {
    const { router } = openStudio('/templates', {
      user: ada,
      organization: withoutWorkspaces,
      routes: templateRoutes,
    });
    const title = await screen.findByRole('link', { name: 'Launch template' });
    expect(title.getAttribute('href')).toBe(templateHref(template.id));
    await userEvent.click(title);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/templates/${template.id}/dashboard`));
  });

  it('opens a newly created template on its dashboard', async () => {
    const { router } = openStudio('/templates', {
      user: ada,
      organization: withoutWorkspaces,
      routes: templateRoutes,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Create Template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templateHref(created.id)));
    expect(await screen.findByText('Template created successfully.')).toBeTruthy();
  });

  it('links the template an event was saved as, after Save as Template', async () => {
    const { router } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(eventFixture({ id: 'e-1', title: 'Launch Day' }), (path, init) =>
        path === '/api/event/studio-templates/create_from_event/' && init.method === 'POST'
          ? json(201, created)
          : path.startsWith('/api/event/studio-templates/')
            ? templateRoutes(path, init)
            : undefined,
      ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Save as Template' }));
    const card = await screen.findByRole('alert', { name: 'Template created' });
    expect(within(card).getByText('Autumn launch')).toBeTruthy();
    await userEvent.click(within(card).getByRole('link', { name: 'Open the template' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(templateHref(created.id)));
  });
});
