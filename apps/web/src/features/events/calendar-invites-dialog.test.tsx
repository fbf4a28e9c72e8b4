import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture, eventPageRoutes } from '../../testing/event-fixture.ts';
import { ada, json } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const path = '/api/event/e-1/send_calendar_invites/';

describe('sending calendar invites', () => {
  it('asks first, says who gets them, and sends the choices made; Cancel sends nothing', async () => {
    const event = eventFixture({ id: 'e-1', title: 'Launch Day' });
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      routes: eventPageRoutes(event, (url, init) =>
        url === path && init.method === 'POST'
          ? json(200, { recipients: 3, sent: 3, skipped: 0, failed: 0 })
          : undefined,
      ),
    });
    const user = userEvent.setup({ delay: null });
    const open = async () => {
      await user.click(await screen.findByRole('button', { name: 'Send Calendar Invites' }));
      return screen.findByRole('dialog', { name: 'Send calendar invites' });
    };

    let dialog = await open();
    expect(dialog.textContent).toContain(
      'Its registrants, speakers and staff get the calendar invite of Launch Day',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send calendar invites' })).toBeNull());
    expect(callsTo(fetchMock, path)).toEqual([]);

    dialog = await open();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Registrants only' }));
    expect(dialog.textContent).toContain('Its registrants get the calendar invite');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send calendar invites' })).toBeNull());
    expect(bodiesSentTo(fetchMock, path)).toEqual([{ forced: false, only_attendees: true }]);
    expect(await screen.findByText('Calendar invites sent: 3 sent, 0 skipped, 0 failed.')).toBeTruthy();
  });
});
