import { EVENT_APP_DEFAULTS, type EventAppSettings } from '@studio/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

/** The event and its app settings as PATCH leaves them. */
function routes() {
  let settings: EventAppSettings = EVENT_APP_DEFAULTS;
  const event = eventFixture({ id: 'e-1', title: 'Launch day' });
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0];
    if (path === '/api/event/e-1/event_app_settings/' && init.method === 'PATCH') {
      settings = { ...settings, ...(JSON.parse(init.body as string) as Partial<EventAppSettings>) };
      return json(200, settings);
    }
    if (path === '/api/event/e-1/event_app_settings/') return json(200, settings);
    if (path === '/api/event/e-1/') return json(200, event);
    return undefined;
  };
}

describe('Look and Feel → Enter Event Experience and Stage Navigation', () => {
  it('shows the defaults and saves only what changed', async () => {
    const { fetchMock } = openStudio('/events/e-1/look-and-feel', { user: ada, routes: routes() });
    const techCheck = await screen.findByRole('switch', { name: 'Attendee Tech Check' }, { timeout: 5000 });
    expect((techCheck as HTMLInputElement).checked).toBe(true);
    const early = screen.getByRole<HTMLInputElement>('switch', { name: 'Enter Event Button' });
    expect(early.checked).toBe(false);
    expect(
      screen.getByRole<HTMLInputElement>('switch', { name: 'Mandatory Attendee Profiles' }).checked,
    ).toBe(false);
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(early);
    await userEvent.click(screen.getByRole('switch', { name: 'Show People' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Speakers tab title' }), 'Voices');
    await userEvent.click(save);
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/event/e-1/event_app_settings/')
          .filter((call) => call.method === 'PATCH')
          .map((call) => call.body),
      ).toEqual([{ disable_enter_event_button: false, show_attendees: false, speaker_tab_title: 'Voices' }]),
    );
    expect(await screen.findByText('Branding updated successfully.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true),
    );
  });
});
