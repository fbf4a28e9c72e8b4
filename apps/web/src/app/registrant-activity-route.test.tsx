import { registrantActivityMessages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { acme, ada, json, type ExtraRoutes } from '../testing/fake-studio-api.ts';
import { openStudio } from '../testing/open-studio.tsx';

const profile = {
  full_name: 'Grace Parks',
  email: 'grace@example.com',
  company: 'Harbour Labs',
  title: 'CTO',
  events: [
    {
      id: 'e-2',
      title: 'Autumn launch',
      start_time: '2031-10-01T09:00:00Z',
      end_time: '2031-10-01T10:00:00Z',
      event_user_status: 'REGISTRATION',
      registered_at: '2031-09-01T09:00:00Z',
      checked_in_at: null,
    },
  ],
};

const routes: ExtraRoutes = (path) => {
  if (path === '/api/core/registrant_activity_url/is_enabled/?short_url=abc')
    return json(200, { is_enabled: true, organization_id: acme.id });
  if (path === '/api/core/registrant_activity_url/is_enabled/?short_url=broken')
    return json(200, { is_enabled: true, organization_id: acme.id });
  if (path.startsWith('/api/core/registrant_activity_url/registrant_profile/?short_url=broken'))
    return json(503, { message: 'Service unavailable', code: 'unavailable' });
  if (path === '/api/core/registrant_activity_url/is_enabled/?short_url=gone')
    return json(200, { is_enabled: false, organization_id: null });
  if (
    path === `/api/core/registrant_activity_url/registrant_profile/?short_url=abc&organization_id=${acme.id}`
  )
    return json(200, profile);
  return undefined;
};

describe('/registrants-activity', () => {
  it('shows the registrant of its short URL and their registrations, without signing in', async () => {
    openStudio('/registrants-activity?short_url=abc', { user: ada, signedIn: false, routes });
    expect(await screen.findByText('Grace Parks')).toBeTruthy();
    expect(screen.getByText('grace@example.com · CTO · Harbour Labs')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Registrations' });
    const row = within(table).getByRole('row', { name: /Autumn launch/ });
    expect(within(row).getByText('Registered')).toBeTruthy();
  });

  it('says so when the link is not valid', async () => {
    openStudio('/registrants-activity?short_url=gone', { user: ada, signedIn: false, routes });
    expect(await screen.findByText(registrantActivityMessages.notEnabled)).toBeTruthy();
  });

  it("says the profile did not load in the spec's words (002 §8.9)", async () => {
    openStudio('/registrants-activity?short_url=broken', { user: ada, signedIn: false, routes });
    expect(
      await screen.findByText('Error in fetching user profile information! Please try again.'),
    ).toBeTruthy();
  });
});
