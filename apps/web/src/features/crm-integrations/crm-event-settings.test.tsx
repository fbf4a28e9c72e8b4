import { crmMessages, INTEGRATION_TYPES, marketingMessages } from '@studio/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { crmConnection, enabledEventCrmSettings } from '../../testing/crm-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const wait = { timeout: 10_000 };

/** An event of an organisation that has connected no CRM; the CRMs refuse to be read (409). */
const notConnected: ExtraRoutes = (path) => {
  const [route] = path.split('?');
  if (route === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
  if (route === '/api/integrations/crm/connections/')
    return json(
      200,
      INTEGRATION_TYPES.map((crmType) => crmConnection(crmType)),
    );
  if (route === `/api/event/${EVENT}/integration_settings/`) return json(200, enabledEventCrmSettings());
  if (route === `/api/event/${EVENT}/integration_activity_sync_status/`)
    return json(200, { integrationStatusMap: {} });
  if (route === `/api/event/${EVENT}/integration_sync_failures/`) return page([]);
  if (route === '/api/integrations/field-mappings/source_fields/')
    return json(200, [{ id: 'email', label: 'Email' }]);
  if (route === '/api/integrations/field-mappings/') return json(404, { message: 'Not found.' });
  if (route === '/api/integrations/crm/salesforce/target_fields/')
    return json(409, { code: 'CRM_NOT_CONNECTED', message: crmMessages.notConnected('Salesforce') });
  return undefined;
};

describe("an event's CRM settings while the CRM is not connected (spec 002 §5.11)", () => {
  it.each([
    ['salesforce', 'Salesforce'],
    ['hubspot', 'HubSpot'],
  ])('%s: the switch sending registrants is off and cannot be turned on', async (crmType, label) => {
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/${crmType}/settings`, {
      user: ada,
      routes: notConnected,
    });
    expect(await screen.findByText(crmMessages.notConnected(label), { exact: false }, wait)).toBeTruthy();
    const send = screen.getByRole<HTMLInputElement>('switch', {
      name: `Send this event's registrants to ${label}`,
    });
    expect(send.checked).toBe(false);
    expect(send.disabled).toBe(true);
    await userEvent.setup({ delay: null }).click(send);
    expect(callsTo(fetchMock, `/api/event/${EVENT}/integration_settings/${crmType}/`)).toEqual([]);
  });

  it("says the server's reason on the field mapping, the CRM is not connected, with the way to connect it", async () => {
    openStudio(`/events/${EVENT}/integration/salesforce/field-mapping/Lead`, {
      user: ada,
      routes: notConnected,
    });
    const alert = await screen.findByRole('alert', {}, wait);
    expect(alert.textContent).toBe(`${crmMessages.notConnected('Salesforce')} Connect it`);
    expect(within(alert).getByRole('link', { name: 'Connect it' }).getAttribute('href')).toBe(
      '/integrations/applications/salesforce/settings/authentication',
    );
  });
});

describe("an in-person event's integrations (spec 001 §5.10, 002 §5.11)", () => {
  it('leaves out Wistia and Eloqua without an event form, and says why for each', async () => {
    const inPerson = eventFixture({ id: EVENT, title: 'Summit', host_type: 'In_Person' });
    openStudio(`/events/${EVENT}/integration`, {
      user: ada,
      routes: (path, init) =>
        path.split('?')[0] === `/api/event/${EVENT}/` ? json(200, inPerson) : notConnected(path, init),
    });
    expect(await screen.findByText(marketingMessages.wistiaInPerson, {}, wait)).toBeTruthy();
    expect(screen.getByText(marketingMessages.eloquaFormMissing)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Salesforce' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Wistia' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Eloqua' })).toBeNull();
  });
});
