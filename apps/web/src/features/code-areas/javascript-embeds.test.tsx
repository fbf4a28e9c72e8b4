import { EditorView } from '@codemirror/view';
import { javascriptEmbedsMessages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { emptyCodeAreas } from '@studio/domain/testing';

const areas = {
  ...emptyCodeAreas,
  head: '<script>window.hubMark = 1;</script>',
  register_cta_click: 'console.log(pageType);',
};
const areasPath = `/api/core/organization/${acme.id}/code_areas/`;
const routes: ExtraRoutes = (path, init) => {
  if (path !== areasPath) return undefined;
  if (init.method === 'PATCH') return json(200, { ...areas, ...(JSON.parse(init.body as string) as object) });
  return json(200, areas);
};
const teamAdmin = {
  user: { ...ada, role: 'WORKSPACE_ADMIN', is_admin: false, workspaces: [{ id: 'ws-1', name: 'Team' }] },
  organization: { ...acme, is_workspace_enabled: true },
  routes,
};
const wait = { timeout: 10_000 };

describe('/integrations/javascript-embeds (001 §2.3)', () => {
  it('lists each code area of the organisation as an instance: its name, whether it has code, a link', async () => {
    const { router } = openStudio('/integrations/javascript-embeds', { user: ada, routes });
    const list = await screen.findByRole('table', { name: javascriptEmbedsMessages.title }, wait);
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'HeadHas code',
      'BodyEmpty',
      'Form SubmissionEmpty',
      'Add to CalendarEmpty',
      'Register CTA ClickHas code',
      'Custom CTA ClickEmpty',
    ]);
    expect(screen.getByRole('link', { name: 'Head' }).getAttribute('href')).toBe(
      '/integrations/javascript-embeds/head',
    );
    // The list shows no editor; an instance's link opens its own.
    expect(screen.queryByRole('button', { name: 'Edit Head' })).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('link', { name: 'Register CTA Click' }));
    expect(await screen.findByRole('button', { name: 'Edit Register CTA Click' }, wait)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/integrations/javascript-embeds/register_cta_click');
    expect(screen.getByRole('textbox', { name: 'Register CTA Click code' }).textContent).toContain(
      'console.log(pageType);',
    );
  });

  it('is hidden for a team admin when workspaces are enabled', async () => {
    const { fetchMock } = openStudio('/integrations/javascript-embeds', teamAdmin);
    expect(await screen.findByText(javascriptEmbedsMessages.hidden, {}, wait)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(callsTo(fetchMock, areasPath)).toHaveLength(0);
  });
});

describe('/integrations/javascript-embeds/{instanceID} (001 §2.3)', () => {
  it('edits that one code area under its header, with a way back to the list', async () => {
    const { fetchMock, router } = openStudio('/integrations/javascript-embeds/head', { user: ada, routes });
    expect(await screen.findByRole('heading', { name: 'Head', level: 1 }, wait)).toBeTruthy();
    const content = await screen.findByRole('textbox', { name: 'Head code' }, wait);
    expect(content.textContent).toContain('window.hubMark = 1;');
    expect(screen.getAllByRole('button', { name: /^Edit / }).map((button) => button.textContent)).toEqual([
      'Edit',
    ]);

    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Edit Head' }));
    const view = EditorView.findFromDOM(content);
    view?.dispatch({
      changes: { from: view.state.doc.line(2).from, insert: '<meta name="verify" content="x">' },
      userEvent: 'input',
    });
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    await waitFor(() =>
      expect(callsTo(fetchMock, areasPath).filter((call) => call.method === 'PATCH')).toEqual([
        {
          url: areasPath,
          method: 'PATCH',
          body: { head: `<meta name="verify" content="x">${areas.head}` },
        },
      ]),
    );

    await user.click(screen.getByRole('link', { name: javascriptEmbedsMessages.back }));
    expect(await screen.findByRole('table', { name: javascriptEmbedsMessages.title }, wait)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/integrations/javascript-embeds');
  });

  it('shows its header and a loader until the code areas arrive', async () => {
    let answer: (response: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    openStudio('/integrations/javascript-embeds/form_submission', {
      user: ada,
      routes: (path) => (path === areasPath ? pending : undefined),
    });
    expect(await screen.findByRole('heading', { name: 'Form Submission', level: 1 }, wait)).toBeTruthy();
    expect(screen.getByRole('link', { name: javascriptEmbedsMessages.back })).toBeTruthy();
    expect(await screen.findByLabelText('Loading the code areas')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Form Submission code' })).toBeNull();
    answer(json(200, areas));
    expect(await screen.findByRole('textbox', { name: 'Form Submission code' }, wait)).toBeTruthy();
    expect(screen.queryByLabelText('Loading the code areas')).toBeNull();
  });

  it('answers an unknown instanceID with the not-found state, asking nothing of the server', async () => {
    const { fetchMock } = openStudio('/integrations/javascript-embeds/footer', { user: ada, routes });
    const notFound = await screen.findByRole(
      'region',
      { name: javascriptEmbedsMessages.notFoundTitle },
      wait,
    );
    expect(within(notFound).getByText(javascriptEmbedsMessages.notFound)).toBeTruthy();
    expect(
      within(notFound).getByRole('link', { name: javascriptEmbedsMessages.back }).getAttribute('href'),
    ).toBe('/integrations/javascript-embeds');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(callsTo(fetchMock, areasPath)).toHaveLength(0);
  });

  it('is hidden for a team admin when workspaces are enabled', async () => {
    const { fetchMock } = openStudio('/integrations/javascript-embeds/head', teamAdmin);
    expect(await screen.findByText(javascriptEmbedsMessages.hidden, {}, wait)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Head' })).toBeNull();
    expect(callsTo(fetchMock, areasPath)).toHaveLength(0);
  });
});
