import {
  CRM_SYNC_UPDATED,
  INTEGRATION_TYPES,
  type CrmConnection,
  type CrmSyncFailure,
  type IntegrationActivitySync,
} from '@studio/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { crmConnection, enabledEventCrmSettings, SIGNED_IN } from '../../testing/crm-fixture.ts';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, FakeSocket, json, page, type ExtraRoutes } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';

const EVENT = '00000000-0000-4000-8000-000000000001';
const wait = { timeout: 10_000 };

const connection = (crmType: CrmConnection['crm_type']): CrmConnection =>
  crmConnection(crmType, crmType === 'hubspot' ? SIGNED_IN : {});

describe("an event's pushes to a CRM (issue 36): counts, failed people, Retry", () => {
  it('lists the failed people with their error, retries them, and follows the pushes the server tells', async () => {
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    const refusal = 'HubSpot: it refused the contact: INVALID_EMAIL';
    let failed: CrmSyncFailure[] = [
      { email: 'grace@example.com', error: refusal, updated_at: '2026-11-27T10:00:00Z' },
    ];
    const counts = (): IntegrationActivitySync => ({
      integrationStatusMap: {
        hubspot: {
          synced: 3 - failed.length,
          pending: 0,
          failed: failed.length,
          last_synced_at: null,
          last_error: null,
        },
      },
    });
    const routes: ExtraRoutes = (path) => {
      const [route] = path.split('?');
      if (route === `/api/event/${EVENT}/`) return json(200, eventFixture({ id: EVENT, title: 'Summit' }));
      if (route === '/api/integrations/crm/connections/') return json(200, INTEGRATION_TYPES.map(connection));
      if (route === `/api/event/${EVENT}/integration_settings/`) return json(200, enabledEventCrmSettings());
      if (route === `/api/event/${EVENT}/integration_activity_sync_status/`) return json(200, counts());
      if (route === `/api/event/${EVENT}/integration_sync_failures/`) return page(failed);
      if (route === `/api/event/${EVENT}/integration_sync_retry/`) return json(200, { queued: 1 });
      return undefined;
    };
    const { fetchMock } = openStudio(`/events/${EVENT}/integration/hubspot/settings`, { user: ada, routes });
    const section = await screen.findByRole('region', { name: 'Sync status' }, wait);
    expect(
      (await within(section).findByText('2 synced · 0 pending · 1 failed', {}, wait)).textContent,
    ).toBeTruthy();
    const table = await within(section).findByRole('table', { name: 'Failed pushes' }, wait);
    expect(within(table).getByText('grace@example.com')).toBeTruthy();
    expect(within(table).getByText(refusal)).toBeTruthy();
    expect(callsTo(fetchMock, `/api/event/${EVENT}/integration_sync_failures/`)[0]?.url).toContain(
      'crm_type=hubspot',
    );

    const user = userEvent.setup({ delay: null });
    await user.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(callsTo(fetchMock, `/api/event/${EVENT}/integration_sync_retry/`)[0]?.body).toEqual({
      crm_type: 'hubspot',
    });
    expect(await screen.findByText('1 push queued again.', {}, wait)).toBeTruthy();

    // The retried push succeeds: the server tells the studio, which reads the counts again.
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    act(() => socket.open());
    failed = [];
    act(() =>
      socket.push({
        type: CRM_SYNC_UPDATED,
        data: {
          eventId: EVENT,
          crm_type: 'hubspot',
          email: 'grace@example.com',
          status: 'synced',
          error: null,
        },
      }),
    );
    expect(await within(section).findByText('3 synced · 0 pending · 0 failed', {}, wait)).toBeTruthy();
    await waitFor(
      () => expect(within(section).queryByRole('table', { name: 'Failed pushes' })).toBeNull(),
      wait,
    );
  });
});
