import { messages, serverMessages } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { USER_STATE_KEY } from '../api/local-session.ts';
import { ada, json } from '../testing/fake-studio-api.ts';
import { bodiesSentTo, openStudio } from '../testing/open-studio.tsx';

describe('sign-out', () => {
  it.each([
    [
      'a revoked refresh token',
      () => json(401, { code: 'INVALID_REFRESH_TOKEN', message: serverMessages.invalidRefresh }),
    ],
    ['a server failure', () => json(500, { code: 'INTERNAL_ERROR', message: messages.internalServerError })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('falls back to signing out locally after %s', async (_, answer) => {
    const { router } = openStudio('/home', {
      user: ada,
      routes: (path) => (path === '/api/auth/logout/' ? answer() : undefined),
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Account of / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out', hidden: true }));
    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(await screen.findByText(messages.loggedOut)).toBeTruthy();
    expect(localStorage.getItem(USER_STATE_KEY)).toBeNull();
  });

  it('signs out of all devices from Preferences (global revocation), after asking', async () => {
    const { fetchMock, router } = openStudio('/settings-new/preferences', { user: ada });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of all devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));

    await waitFor(() => expect(router.state.location.href).toBe('/auth/login'));
    expect(await screen.findByText(messages.loggedOut)).toBeTruthy();
    expect(bodiesSentTo(fetchMock, '/api/auth/logout/')).toEqual([{ refresh: 'refresh-1', global: true }]);
  });
});
