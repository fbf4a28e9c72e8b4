import { crmMessages, type CrmConnection } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, json, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const wait = { timeout: 10_000 };
const connection = (
  crmType: 'salesforce' | 'hubspot',
  fields: Partial<CrmConnection> = {},
): CrmConnection => ({
  crm_type: crmType,
  is_authenticated: false,
  token_expired: true,
  authenticated_at: null,
  account_id: null,
  base_url: null,
  region: null,
  stored_credentials: [],
  ...fields,
});

const routes =
  (accept: boolean): ExtraRoutes =>
  (path) => {
    if (path === '/api/integrations/crm/connections/')
      return json(200, [connection('salesforce'), connection('hubspot')]);
    if (path === '/api/integrations/crm/authenticate/')
      return accept
        ? json(200, {
            message: crmMessages.authenticationSuccessful,
            connection: connection('hubspot', { is_authenticated: true }),
          })
        : json(400, { message: crmMessages.authenticationFailed, code: 'AUTHENTICATION_FAILED' });
    return undefined;
  };

describe('CRM applications (issue 36)', () => {
  it('lists each CRM with whether it is connected', async () => {
    openStudio('/integrations/applications', { user: ada, routes: routes(true) });
    const card = await screen.findByRole('article', { name: 'Salesforce' }, wait);
    expect(within(card).getByText('Not connected')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe(
      '/integrations/applications/salesforce/settings/authentication',
    );
  });

  it('sends the token and says the spec message when the CRM refuses it', async () => {
    const { fetchMock } = openStudio('/integrations/applications/hubspot/settings/authentication', {
      user: ada,
      routes: routes(false),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Private app access token/, {}, wait), 'pat-eu1-wrong');
    await user.click(screen.getByRole('button', { name: 'Authenticate' }));
    expect((await screen.findByRole('alert', {}, wait)).textContent).toBe(crmMessages.authenticationFailed);
    expect(callsTo(fetchMock, '/api/integrations/crm/authenticate/')[0]?.body).toEqual({
      crm_type: 'hubspot',
      access_token: 'pat-eu1-wrong',
    });
  });
});
