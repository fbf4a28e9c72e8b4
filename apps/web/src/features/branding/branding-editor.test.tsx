import { notificationsStore } from '@mantine/notifications';
import { permissionsOfRole, type CurrentUser, type StudioEvent } from '@studio/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { launchTemplate } from '../../testing/template-fixture.ts';

const switchNamed = (name: string) => screen.getByRole<HTMLInputElement>('switch', { name });

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

/** The event's GET and PATCH (the PATCH merged into it, or `failure`'s answer). */
function eventRoutes(fields: Partial<StudioEvent> = {}, failure?: Response) {
  let event: Record<string, unknown> = eventFixture({ id: 'e-1', title: 'Launch day', ...fields });
  return (url: string, init: RequestInit): Response | undefined => {
    if (url.split('?')[0] !== '/api/event/e-1/') return undefined;
    if (init.method === 'PATCH') {
      if (failure) return failure;
      event = { ...event, ...(JSON.parse(init.body as string) as Record<string, unknown>) };
    }
    return json(200, event);
  };
}

const patches = (fetchMock: ReturnType<typeof openStudio>['fetchMock']) =>
  bodiesSentTo(fetchMock, '/api/event/e-1/', 'PATCH');

const open = (
  hash: string,
  options: { user?: CurrentUser; fields?: Partial<StudioEvent>; failure?: Response } = {},
) =>
  openStudio(`/events/e-1/look-and-feel${hash}`, {
    user: options.user ?? ada,
    routes: eventRoutes(options.fields, options.failure),
    ...(options.user && { permissions: permissionsOfRole(options.user.role) }),
  });

/** The editor, once loaded: its header shows while loading too, its Save button only with the modules. */
async function heading(name = 'Look and Feel') {
  const found = await screen.findByRole('heading', { name }, { timeout: 30_000 });
  await screen.findByRole('button', { name: 'Save' }, { timeout: 30_000 });
  return found;
}

describe('Look and Feel editor', () => {
  it('opens the first module of the first section (themebase) and keeps it in the hash', async () => {
    const { router } = open('');
    await heading();
    await waitFor(() => expect(router.state.location.hash).toBe('themebase'));
    for (const section of [
      'Global Settings',
      'Event Landing',
      'Entering The Event',
      'Stage',
      'Engagement & Communication',
    ])
      expect(screen.getByRole('region', { name: section })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Screensaver color same as button color' })).toBeTruthy();
  });

  it("shows the event's attendee pages in the live preview beside the modules", async () => {
    openStudio('/events/e-1/look-and-feel', {
      user: ada,
      routes: (url, init) =>
        url === '/api/event/e-1/branding_preview/'
          ? json(200, {
              origin: 'https://events.example.com',
              token: 't-1',
              expires_at: '2026-12-01T00:00:00Z',
            })
          : eventRoutes()(url, init),
    });
    await heading();
    const frame = await screen.findByTitle('Live preview');
    expect(frame.getAttribute('src')).toMatch(
      /^https:\/\/events\.example\.com\/e\/e-1\/preview\/splash\?token=t-1$/,
    );
  });

  it("shows a template's preview pages (its landing over its programme) in the live preview", async () => {
    const { fetchMock } = openStudio('/templates/t-1/look-and-feel', {
      user: ada,
      routes: (url) =>
        url === '/api/event/studio-templates/t-1/branding_preview/'
          ? json(200, {
              origin: 'https://events.example.com',
              token: 't-2',
              expires_at: '2026-12-01T00:00:00Z',
            })
          : url.split('?')[0] === '/api/event/studio-templates/t-1/'
            ? json(200, template)
            : undefined,
    });
    await heading();
    const frame = await screen.findByTitle('Live preview');
    expect(frame.getAttribute('src')).toBe('https://events.example.com/t/t-1/preview/splash?token=t-2');
    expect(callsTo(fetchMock, '/api/event/studio-templates/t-1/branding_preview/')).toHaveLength(1);
  });

  it('Next marks the module complete and opens the following one', async () => {
    const { router } = open('#themebase');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.hash).toBe('logo'));
    expect(screen.getByLabelText('Complete')).toBeTruthy();
  });

  it("keeps an invalid module open: 'Please fill the required fields'", async () => {
    const { router, fetchMock } = open('#stageFont');
    await heading();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Web Font');
    await userEvent.click(screen.getByRole('button', { name: 'Stage Background' }));
    expect(toasts()).toContain('Please fill the required fields');
    expect(router.state.location.hash).toBe('stageFont');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.hash).toBe('stageFont');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(patches(fetchMock)).toEqual([]);
  });

  it('saves the pending changes in one PATCH, event fields and theme_obj apart', async () => {
    const { fetchMock, router } = open('#headerSettings');
    await heading();
    await userEvent.click(screen.getByRole('switch', { name: 'Show event date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sidebar Overlay' }));
    await waitFor(() => expect(router.state.location.hash).toBe('sidebarColor'));
    await userEvent.click(await screen.findByRole('radio', { name: 'Light' }, { timeout: 30_000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches(fetchMock)).toEqual([
        {
          is_date_visible: false,
          theme_obj: { primary_background_shade: '255, 255, 255', alt_primary_background_shade: '0, 0, 0' },
        },
      ]),
    );
    await waitFor(() => expect(toasts()).toContain('Branding updated successfully.'));
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('saves text typed just before Save (the field hands it on when left)', async () => {
    const { fetchMock } = open('#stageNavigation');
    await heading();
    const title = screen.getByRole('textbox', { name: 'People tab title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'Attendees');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ people_tab_title: 'Attendees' }]));
  });

  it('asks before leaving with unsaved changes: Cancel stays with them, Discard leaves', async () => {
    const { router } = open('#headerSettings');
    await heading();
    await userEvent.click(switchNamed('Show event date'));
    const dashboard = () => screen.getAllByRole('link', { name: 'Dashboard' })[0]!;
    await userEvent.click(dashboard());
    await screen.findByText('You have unsaved changes. Are you sure you want to discard them?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/events/e-1/look-and-feel');
    expect(switchNamed('Show event date').checked).toBe(false);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await userEvent.click(dashboard());
    await userEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/dashboard'));
    // The module's hash belongs to the editor only.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.hash).toBe('');
  });

  it('leaves at once when nothing is pending, without taking the module hash along', async () => {
    const { router } = open('#headerSettings');
    await heading();
    await userEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/events/e-1/dashboard'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.hash).toBe('');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says it is saved when nothing is pending, without a call', async () => {
    const { fetchMock } = open('#themebase');
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(toasts()).toContain('Branding updated successfully.');
    expect(patches(fetchMock)).toEqual([]);
  });

  it("says 'Branding couldn't be updated, please try again' when the save fails, keeping the changes", async () => {
    const failure = json(400, { message: 'x', code: 'VALIDATION_ERROR', errors: {} });
    open('#headerSettings', { failure });
    await heading();
    await userEvent.click(screen.getByRole('switch', { name: 'Show logo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toContain("Branding couldn't be updated, please try again"));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('locks early entry and the custom call to action for an event starting in 30 minutes, saying why', async () => {
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    open('#enterEventExperience', { fields: { start_time: soon } });
    await heading();
    expect(switchNamed('Enter Event Button').disabled).toBe(true);
    expect(switchNamed('Custom call to action').disabled).toBe(true);
    expect(switchNamed('Attendee Tech Check').disabled).toBe(false);
    await userEvent.hover(switchNamed('Custom call to action').closest('div')!.parentElement!);
    expect(
      await screen.findByText(
        'This setting cannot be changed less than one hour before the start of the event',
      ),
    ).toBeTruthy();
  });

  it('locks the filler slide for an event starting within the hour', async () => {
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    open('#fillerSlide', { fields: { start_time: soon } });
    await heading();
    const select = await screen.findByRole('button', { name: 'Select Filler Slide' }, { timeout: 30_000 });
    expect(select.matches(':disabled')).toBe(true);
  });

  it('lets a Brand Editor (branding:update only) change and save branding', async () => {
    const brandEditor: CurrentUser = { ...ada, id: 'user-2', role: 'BRAND_EDITOR', is_admin: false };
    const { fetchMock } = open('#headerSettings', { user: brandEditor });
    await heading();
    await userEvent.click(screen.getByRole('switch', { name: 'Show event title' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(fetchMock)).toEqual([{ is_title_visible: false }]));
  });
});

/** A template as the API answers it: no start time of its own. */
const template = launchTemplate(60);

describe("A template's Look and Feel", () => {
  it('is never locked: early entry, the custom call to action and the filler slide stay enabled', async () => {
    const { router } = openStudio('/templates/t-1/look-and-feel#enterEventExperience', {
      user: ada,
      routes: (url) =>
        url.split('?')[0] === '/api/event/studio-templates/t-1/' ? json(200, template) : undefined,
    });
    await heading();
    expect(switchNamed('Enter Event Button').disabled).toBe(false);
    expect(switchNamed('Custom call to action').disabled).toBe(false);
    await userEvent.click(switchNamed('Custom call to action'));
    expect(switchNamed('Custom call to action').checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Filler slide' }));
    await waitFor(() => expect(router.state.location.hash).toBe('fillerSlide'));
    // The module's panel mounts after the hash moves (a loaded machine may take a moment).
    const select = await screen.findByRole('button', { name: 'Select Filler Slide' }, { timeout: 30_000 });
    expect(select.matches(':disabled')).toBe(false);
    expect(
      screen.queryByText('This setting cannot be changed less than one hour before the start of the event'),
    ).toBeNull();
  });
});

describe('Brand kit', () => {
  it('edits the organisation kit with the same modules and saves it by PUT; no buffer video or tracking snippet', async () => {
    let kit: Record<string, unknown> = { organization: 'org-1', updated_at: null };
    const { fetchMock } = openStudio('/brand-kit#headerSettings', {
      user: ada,
      routes: (url, init) => {
        if (url !== '/api/core/organization/org-1/brand_kit/') return undefined;
        if (init.method === 'PUT')
          kit = { ...kit, ...(JSON.parse(init.body as string) as Record<string, unknown>) };
        return json(200, kit);
      },
    });
    expect(await heading('Brand Kit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buffer Video' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tracking Pixel Snippet' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply brand kit' })).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Show event date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/core/organization/org-1/brand_kit/', 'PUT')).toEqual([
        { is_date_visible: false },
      ]),
    );
  });

  it('lets a member who only creates events read the kit, with Save disabled and why, and no refused PUT', async () => {
    const creator: CurrentUser = { ...ada, id: 'user-2', role: 'EVENT_EDITOR', is_admin: false };
    const { fetchMock } = openStudio('/brand-kit#headerSettings', {
      user: creator,
      permissions: ['event:read', 'event:create'],
      routes: (url) =>
        url === '/api/core/organization/org-1/brand_kit/'
          ? json(200, { organization: 'org-1', updated_at: null })
          : undefined,
    });
    expect(await heading('Brand Kit')).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    await userEvent.hover(save.parentElement!);
    expect(await screen.findByText('You need the "Edit branding" right to save these changes.')).toBeTruthy();
    await userEvent.click(screen.getByRole('switch', { name: 'Show event date' }));
    await userEvent.click(save);
    expect(
      callsTo(fetchMock, '/api/core/organization/org-1/brand_kit/').filter((call) => call.method === 'PUT'),
    ).toEqual([]);
  });

  it('applies the brand kit to an event after a confirmation', async () => {
    const { fetchMock } = openStudio('/events/e-1/look-and-feel#headerSettings', {
      user: ada,
      routes: (url, init) => {
        const event = eventFixture({ id: 'e-1', title: 'Launch day' });
        if (url === '/api/event/e-1/apply_brand_kit/' && init.method === 'POST')
          return json(200, { ...event, is_logo_visible: false });
        return eventRoutes()(url, init);
      },
    });
    await heading();
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Show logo' }).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Apply brand kit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('switch', { name: 'Show logo' }).checked).toBe(false),
    );
    expect(callsTo(fetchMock, '/api/event/e-1/apply_brand_kit/')).toHaveLength(1);
  });
});
