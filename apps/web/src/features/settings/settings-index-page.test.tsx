import { registrationFormMessages } from '@studio/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('/settings-new', () => {
  it('lists each settings section once, Forms among them, each with what it holds', async () => {
    openStudio('/settings-new', { user: ada });
    expect(await screen.findByRole('link', { name: 'API Tokens' })).toBeTruthy();
    for (const label of [
      'Organization',
      'Preferences',
      'Teams',
      'Users',
      'Permissions',
      'API Tokens',
      'Forms',
    ]) {
      expect(screen.getAllByText(label)).toHaveLength(1);
    }
    expect(screen.getByRole('link', { name: 'Forms' }).getAttribute('href')).toBe('/settings-new/forms');
    expect(screen.getByText(registrationFormMessages.formsHelp)).toBeTruthy();
    expect(screen.getByText('Tokens your scripts call the REST API with.')).toBeTruthy();
  });
});
