import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

describe('Login validation', () => {
  it('checks the fields inline and sends nothing while they are empty or the email is invalid', async () => {
    const { fetchMock } = openStudio('/auth/login', { user: ada, signedIn: false });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Enter your password.')).toBeNull();
    expect(callsTo(fetchMock, '/api/auth/login/')).toHaveLength(0);
  });
});
