import { registrationSettingsHints, resolvePricingConfig } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';

const settingsPath = '/api/event/e-1/registration_settings/';

describe('registration settings in the event’s details (issue 32 §4)', () => {
  it('shows the registration area’s settings, disables what the plan lacks and saves the approval mode there', async () => {
    const starter = {
      ...acme,
      pricing_config: {
        ...resolvePricingConfig({ tier: null, config: {} }),
        registrantCap: false,
        waitlist: false,
      },
    };
    const stored = {
      registration_capacity: 50,
      waitlist_enabled: true,
      registration_approval_required: false,
    };
    const { fetchMock } = openStudio('/events/e-1/dashboard', {
      user: ada,
      organization: starter,
      routes: (path, init) => {
        const [route] = path.split('?');
        if (route === settingsPath)
          return json(
            200,
            init.method === 'PATCH' ? { ...stored, registration_approval_required: true } : stored,
          );
        if (route === '/api/event/e-1/') return json(200, eventFixture({ id: 'e-1', title: 'Summit' }));
        if (path.startsWith('/api/core/workflows/'))
          return json(200, { id: 'e-1', status: 'COMPLETED', failed: false });
        return undefined;
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, { timeout: 15_000 }));
    const drawer = await screen.findByRole('dialog', { name: 'Details' });
    const seats = await within(drawer).findByRole<HTMLInputElement>(
      'textbox',
      { name: /^Seats/ },
      { timeout: 5000 },
    );
    expect(seats.value).toBe('50');
    const waitlist = within(drawer).getByRole<HTMLInputElement>('switch', { name: /^Waitlist/ });
    await waitFor(() => expect(waitlist.disabled).toBe(true));
    expect(within(drawer).getByRole<HTMLInputElement>('checkbox', { name: 'Unlimited' }).disabled).toBe(true);
    expect(within(drawer).getAllByText('This feature is not enabled for your organization')).toHaveLength(2);
    expect(within(drawer).getByText(registrationSettingsHints.waitlist(false))).toBeTruthy();
    await user.click(within(drawer).getByRole('switch', { name: /Approve registrations/ }));
    // With approval on, a freed seat waits for the organiser's approval: the waitlist's hint says so.
    expect(
      within(drawer).getByText(
        'When the seats are taken, people join a waitlist; as seats free up, you approve who takes them.',
      ),
    ).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, settingsPath, 'PATCH')).toEqual([
        { registration_capacity: 50, waitlist_enabled: true, registration_approval_required: true },
      ]),
    );
    expect(callsTo(fetchMock, '/api/event/e-1/').filter((call) => call.method === 'PATCH')).toEqual([]);
  });
});
