import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada } from '../testing/fake-studio-api.ts';
import { openStudio } from '../testing/open-studio.tsx';

describe('the confirm-your-email notice on organisation creation', () => {
  it('sends an unconfirmed person to the code page, coming back to /createorg', async () => {
    openStudio('/createorg', {
      user: { ...ada, organization: null, role: null, email_verified: false },
      organization: null,
    });
    const notice = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(within(notice).getByText('Confirm your email address')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Enter the code' }).getAttribute('href')).toBe(
      '/auth/confirmSignup?email=ada%40example.com&redirect=%2Fcreateorg',
    );
  });
});
