import { codeAreaMessages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, page, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../testing/open-studio.tsx';
import { weeklyRepeatingEvent } from '../testing/repeating-event-fixture.ts';
import { launchTemplate } from '../testing/template-fixture.ts';
import { emptyCodeAreas } from '@studio/domain/testing';

const PIXEL = '<img src="https://px.test/p.gif">';
const template = launchTemplate();
const spring = { ...weeklyRepeatingEvent(null), name: 'Spring series', is_repeating: false };
const globalForm = {
  id: 'f-1',
  organization: acme.id,
  name: 'Lead capture',
  is_global_form: true,
  event: null,
  formio_data: { components: [] },
  event_count: 0,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
};

const routes =
  (repeating: boolean): ExtraRoutes =>
  (path, init) => {
    const [route] = path.split('?');
    if (route === '/api/event/series/s-1/') return json(200, repeating ? weeklyRepeatingEvent(null) : spring);
    if (route === '/api/event/series/s-1/tracking_snippet/') return json(200, { body_section_script: PIXEL });
    if (route === '/api/event/series/s-1/code_areas/') return json(200, emptyCodeAreas);
    if (route === '/api/event/series/s-1/attendee_links/')
      return json(200, { register: 'https://attend.acme.test/s/s-1/register' });
    if (route === '/api/event/studio-templates/t-1/')
      return json(
        200,
        init.method === 'PATCH' ? { ...template, ...JSON.parse(init.body as string) } : template,
      );
    if (route === '/api/event/studio-templates/t-1/tracking_snippet/')
      return json(200, { body_section_script: '' });
    if (route === '/api/event/studio-templates/t-1/code_areas/') return json(200, emptyCodeAreas);
    if (route === '/api/event/forms/') return page([globalForm]);
    if (route?.startsWith('/api/core/tags/') || route?.startsWith('/api/core/workspaces/')) return page([]);
    return undefined;
  };

describe('tracking pixels of series, repeating events and templates', () => {
  it('a series edits its own snippet and code areas, run on its registration page', async () => {
    const { fetchMock } = openStudio('/series/s-1/registration/tracking-pixels', {
      user: ada,
      routes: routes(false),
    });
    expect(await screen.findByText(codeAreaMessages.seriesTrackingPixelsHelp)).toBeTruthy();
    // The code areas say where they run: this series' page, not "this event's".
    expect(screen.getByText(/your code on this series' registration page\./)).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Tracking Pixels' })).toBeTruthy();
    expect(callsTo(fetchMock, '/api/event/series/s-1/tracking_snippet/')).not.toEqual([]);
    expect(callsTo(fetchMock, '/api/event/series/s-1/code_areas/')).not.toEqual([]);
  });

  it('a repeating event edits its series’ tracking pixels', async () => {
    const { fetchMock } = openStudio('/repeating-event/s-1/registration/tracking-pixels', {
      user: ada,
      routes: routes(true),
    });
    expect(await screen.findByText(codeAreaMessages.seriesTrackingPixelsHelp)).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/series/s-1/tracking_snippet/')).not.toEqual([]),
    );
  });

  it('a template edits the code copied onto its events', async () => {
    const { fetchMock } = openStudio('/templates/t-1/registration/tracking-pixels', {
      user: ada,
      routes: routes(false),
    });
    expect(await screen.findByText(codeAreaMessages.templateTrackingPixelsHelp)).toBeTruthy();
    expect(
      screen.getByText(
        /your code on the landing and registration pages of every event made from this template\./,
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/event/studio-templates/t-1/code_areas/')).not.toEqual([]),
    );
  });
});

describe('registration pages of series, repeating events and templates', () => {
  it('a repeating event’s registration page gives its address and its other pages', async () => {
    openStudio('/repeating-event/s-1/registration/page', { user: ada, routes: routes(true) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Registration Page' })).toBeTruthy();
    const address = await screen.findByRole('group', { name: 'Registration page' });
    expect(within(address).getByText('https://attend.acme.test/s/s-1/register')).toBeTruthy();
    const content = within(screen.getByTestId('workspace-page'));
    expect(content.getByRole('link', { name: 'Page Builder' }).getAttribute('href')).toBe(
      '/repeating-event/s-1/registration/page/page-builder',
    );
    expect(content.getByRole('link', { name: 'Registrants' }).getAttribute('href')).toBe(
      '/repeating-event/s-1/registration/registrants',
    );
    expect(content.getByRole('link', { name: 'Tracking Pixels' }).getAttribute('href')).toBe(
      '/repeating-event/s-1/registration/tracking-pixels',
    );
  });

  it('a template’s registration page chooses the global form its events ask', async () => {
    const { fetchMock } = openStudio('/templates/t-1/registration/page', {
      user: ada,
      routes: routes(false),
    });
    const form = (await screen.findAllByLabelText('Form')).find((element) => element.tagName === 'INPUT');
    expect((form as HTMLInputElement).value).toBe('Only the default questions');
    await userEvent.click(form!);
    await userEvent.click(await screen.findByRole('option', { name: 'Lead capture', hidden: true }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/studio-templates/t-1/').filter((call) => call.method === 'PATCH'),
      ).toEqual([
        {
          url: '/api/event/studio-templates/t-1/',
          method: 'PATCH',
          body: { registration_form_data: { id: 'f-1', is_global_form: true } },
        },
      ]),
    );
    const content = within(screen.getByTestId('workspace-page'));
    expect(content.getByRole('link', { name: 'Page Builder' }).getAttribute('href')).toBe(
      '/templates/t-1/registration/page-builder',
    );
  });

  it('a series’ Registration area opens its registration page', async () => {
    const { router } = openStudio('/series/s-1/registration', { user: ada, routes: routes(false) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/series/s-1/registration/page'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Registration Page' })).toBeTruthy();
  });
});
