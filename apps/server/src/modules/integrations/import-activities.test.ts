import type { ActivityWebhook, FlatFileValidation } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { openedForFile } from '../../../test/file-studio.ts';
import { eventually } from '../../../test/harness.ts';
import { HUBSPOT_TOKEN, startHubSpotServer } from '../../../test/vendors/hubspot-server.ts';
import { fileRegistrationOrganiser } from '../registration/registrants/registrants.fixtures.ts';
import { startReceiver } from '../webhooks/webhooks.fixtures.ts';
import { fileCrmStudio, syncStatusReaches } from './crm.fixtures.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';

/**
 * Imported registrants are heard of as registered ones are: a flat-file import reports each new
 * registration's status to the organisation's webhooks and pushes it to the event's CRMs.
 */
describe('a flat-file import reports its registrants (issue 36)', () => {
  const hubspot = openedForFile(startHubSpotServer);
  const receiver = openedForFile(startReceiver);
  const studio = fileCrmStudio(() => ({ hubspotApiBaseUrl: hubspot.url }));
  const { admin, api, event } = fileRegistrationOrganiser(studio);

  /** Validates the CSV as the browser uploads it, then submits its sheet. */
  async function importCsv(csv: string) {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const request = new Request('http://studio.test', { method: 'POST', body: form });
    const validated = await studio.app.inject({
      method: 'POST',
      url: `/api/event/${event.id}/flat_file/validate/`,
      headers: {
        authorization: `Bearer ${admin.access}`,
        'content-type': request.headers.get('content-type')!,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(validated.statusCode).toBe(201);
    const { sheet_id } = validated.json<FlatFileValidation>();
    const submitted = await api.post(`/api/event/${event.id}/flat_file/submit/`, { sheet_id });
    expect(submitted).toMatchObject({ status: 200, body: { created: 2 } });
  }

  it('delivers user_profile:registered for each imported registrant and pushes each to the CRM', async () => {
    const hooked = await api.post<ActivityWebhook>('/api/event/activity-webhooks/', {
      event: event.id,
      url: receiver.url,
      activity_types: ['user_profile:registered'],
    });
    expect(hooked.status).toBe(201);
    const hub = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'hubspot',
      access_token: HUBSPOT_TOKEN,
    });
    expect(hub.status).toBe(200);

    await importCsv(
      ['Email,First Name,Last Name', 'ana@import.test,Ana,Lima', 'ben@import.test,Ben,Ode'].join('\n'),
    );

    await eventually(() => {
      const registered = receiver.received
        .map((delivery) => JSON.parse(delivery.body) as { type: string; data: { email?: string } })
        .filter((delivery) => delivery.type === 'user_profile:registered');
      expect(registered.map((delivery) => delivery.data.email).sort()).toEqual([
        'ana@import.test',
        'ben@import.test',
      ]);
      return Promise.resolve();
    });
    await syncStatusReaches(api, event.id, { hubspot: { synced: 2, pending: 0, failed: 0 } });
    expect(hubspot.contacts.map((contact) => contact.properties.email).sort()).toEqual([
      'ana@import.test',
      'ben@import.test',
    ]);
  });

  it('queues no second push of a status the CRM has, or is about to get, unless a back-fill or retry asks', async () => {
    const syncs = createIntegrationsRepository(studio.database.db);
    const row = {
      organizationId: admin.organization.id,
      eventId: event.id,
      crmType: 'hubspot' as const,
      email: 'Cy@Import.test',
    };
    // A back-fill (forced) queues Cy's registration; the import's report of it comes after.
    expect(await syncs.queueSync(row, 'REGISTRATION', false)).toBe(true);
    expect(await syncs.queueSync(row, 'REGISTRATION', true)).toBe(false);
    await syncs.markSync(row, { status: 'synced' });
    expect(await syncs.queueSync(row, 'REGISTRATION', true)).toBe(false);
    // A new status is news; so is the status again after a failed push, or a back-fill to a new target.
    expect(await syncs.queueSync(row, 'ATTENDED', true)).toBe(true);
    await syncs.markSync(row, { status: 'failed', error: 'HubSpot is down' });
    expect(await syncs.queueSync(row, 'ATTENDED', true)).toBe(true);
    await syncs.markSync(row, { status: 'synced' });
    expect(await syncs.queueSync(row, 'ATTENDED', false)).toBe(true);
    // Where the last push that went through took them stays through a failure after it.
    expect((await syncs.lastPushOf(row)).reached).toBeNull();
    await syncs.markSync(row, { status: 'synced', reached: { status: 'ATTENDED', target: 'program:1001' } });
    await syncs.markSync(row, { status: 'failed', error: 'Marketo is down' });
    expect((await syncs.lastPushOf(row)).reached).toEqual({ status: 'ATTENDED', target: 'program:1001' });
  });
});
