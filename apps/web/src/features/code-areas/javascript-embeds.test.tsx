import { javascriptEmbedsMessages } from '@studio/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const areas = {
  head: '<script>window.hubMark = 1;</script>',
  body: '',
  form_submission: '',
  add_to_calendar: '',
  register_cta_click: '',
  custom_cta_click: '',
};
const areasPath = `/api/core/organization/${acme.id}/code_areas/`;
const routes = (path: string) => (path === areasPath ? json(200, areas) : undefined);

describe('/integrations/javascript-embeds (001 §2.3)', () => {
  it('shows the organisation’s hub-page code areas in their editors', async () => {
    const { fetchMock } = openStudio('/integrations/javascript-embeds', { user: ada, routes });
    expect(await screen.findByRole('button', { name: 'Edit Head' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Custom CTA Click' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Head code' }).textContent).toContain('window.hubMark = 1;');
    expect(callsTo(fetchMock, areasPath)).toHaveLength(1);
  });

  it('is hidden for a team admin when workspaces are enabled', async () => {
    const { fetchMock } = openStudio('/integrations/javascript-embeds', {
      user: { ...ada, role: 'WORKSPACE_ADMIN', is_admin: false, workspaces: [{ id: 'ws-1', name: 'Team' }] },
      organization: { ...acme, is_workspace_enabled: true },
      routes,
    });
    expect(await screen.findByText(javascriptEmbedsMessages.hidden, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Head' })).toBeNull();
    expect(callsTo(fetchMock, areasPath)).toHaveLength(0);
  });
});
