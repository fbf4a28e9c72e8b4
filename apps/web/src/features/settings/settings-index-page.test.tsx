import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ada } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';

describe('/settings-new', () => {
  it('lists each settings section once', async () => {
    openStudio('/settings-new', { user: ada });
    expect(await screen.findByRole('link', { name: 'API Tokens' })).toBeTruthy();
    for (const label of ['Organization', 'Preferences', 'Teams', 'Users', 'Permissions', 'API Tokens']) {
      expect(screen.getAllByText(label)).toHaveLength(1);
    }
  });
});
