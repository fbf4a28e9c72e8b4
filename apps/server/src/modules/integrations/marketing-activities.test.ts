import {
  analyticsBeaconPath,
  type CrmConnection,
  type OrganizationDetail,
  type PardotImport,
  type StudioEvent,
} from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { fileTempDir, openedForFile } from '../../../test/file-studio.ts';
import { eventually } from '../../../test/harness.ts';
import { MARKETO_CLIENT, startMarketoServer } from '../../../test/vendors/marketo-server.ts';
import { PARDOT_CREDENTIALS, startPardotServer } from '../../../test/vendors/pardot-server.ts';
import { sendBeacon } from '../analytics/browser-beacon.ts';
import { magicLinkCookie } from '../attendee-site/event-app/event-app.fixtures.ts';
import {
  fileRegistrationOrganiser,
  memberByEmail,
  register,
  registrant,
  registrationEvent,
  registrationsOf,
  setStatus,
} from '../registration/registrants/registrants.fixtures.ts';
import { fileCrmStudio, syncStatusReaches } from './crm.fixtures.ts';

describe('Marketo custom activities and the SYNC_PARDOT import against their local servers', () => {
  const marketo = openedForFile(startMarketoServer);
  const pardot = openedForFile(startPardotServer);
  const dataDir = fileTempDir('marketing-activities-test-');
  const studio = fileCrmStudio(
    () => ({ salesforceLoginUrl: pardot.url, marketoBaseUrl: marketo.url, pardotBaseUrl: pardot.url }),
    () => ({ dataDir: dataDir.path, pardotImportSweepSeconds: 1 }),
  );
  const { admin, api } = fileRegistrationOrganiser(studio);

  const marketoConnection = async () =>
    (await api.get<CrmConnection[]>('/api/integrations/crm/connections/')).body.find(
      (connection) => connection.crm_type === 'marketo',
    );
  /** The activities Marketo holds for the registrant's lead. */
  const activitiesOf = (email: string) =>
    marketo.activities.filter((activity) => activity.leadId === marketo.leads.get(email)?.id);
  const activityIds = (email: string) => activitiesOf(email).map((activity) => activity.attributes[0]?.value);

  let marketoEvent: StudioEvent;

  it("sends nothing before the activity types exist, then keeps the created types' ids and answers them", async () => {
    for (const credentials of [
      { crm_type: 'marketo', client_id: MARKETO_CLIENT.clientId, client_secret: MARKETO_CLIENT.clientSecret },
      {
        crm_type: 'pardot',
        client_id: PARDOT_CREDENTIALS.clientId,
        client_secret: PARDOT_CREDENTIALS.clientSecret,
        refresh_token: PARDOT_CREDENTIALS.refreshToken,
        business_unit_id: PARDOT_CREDENTIALS.businessUnitId,
      },
    ])
      expect((await api.post('/api/integrations/crm/authenticate/', credentials)).status).toBe(200);
    // Live now: its people may enter the event app (the engagement's beacons).
    marketoEvent = await registrationEvent(
      api,
      {},
      { start: new Date(Date.now() - 60_000), end: new Date(Date.now() + 3_600_000) },
    );
    await api.post(`/api/event/${marketoEvent.id}/connect_marketo_program/`, { program_id: 1001 });
    expect((await marketoConnection())?.marketo_activity_type_ids).toEqual({
      user_profile: null,
      user_engagement: null,
    });

    const early = registrant('Early');
    expect((await register(studio, marketoEvent.id, early)).status).toBe(201);
    await syncStatusReaches(api, marketoEvent.id, { marketo: { synced: 1, pending: 0, failed: 0 } });
    expect(marketo.activities).toEqual([]);

    const created = await api.post<{ marketo_activity_type_ids: Record<string, string> }>(
      `/api/core/organization/${admin.organization.id}/create_marketo_custom_activity_types/`,
      {},
    );
    expect(created.status).toBe(200);
    const ids = created.body.marketo_activity_type_ids;
    // Each type has the studio's activity id as an attribute, added to its draft before approval.
    for (const apiName of ['studio_user_profile', 'studio_user_engagement'])
      expect(marketo.activityTypes.get(apiName)).toMatchObject({
        status: 'approved',
        attributes: [{ apiName: 'activity_id' }],
      });
    expect((await marketoConnection())?.marketo_activity_type_ids).toEqual(ids);
    const organization = await api.get<OrganizationDetail>(
      `/api/core/organization/${admin.organization.id}/`,
    );
    expect(organization.body.marketo_custom_activity_ids).toMatchObject(ids);

    // Creating again fails for both: the kept ids stay.
    await api.post(
      `/api/core/organization/${admin.organization.id}/create_marketo_custom_activity_types/`,
      {},
    );
    expect((await marketoConnection())?.marketo_activity_type_ids).toEqual(ids);
  });

  it("sends each registration status and engagement activity as the studio's custom activity of the person's lead", async () => {
    const ids = (await marketoConnection())!.marketo_activity_type_ids!;
    const person = registrant('Ida');
    expect((await register(studio, marketoEvent.id, person)).status).toBe(201);
    await eventually(() =>
      Promise.resolve(expect(activityIds(person.email)).toEqual(['user_profile:registered'])),
    );
    expect(activitiesOf(person.email)).toEqual([
      {
        leadId: marketo.leads.get(person.email)!.id,
        activityTypeId: Number(ids.user_profile),
        activityDate: expect.any(String) as unknown,
        primaryAttributeValue: marketoEvent.title,
        attributes: [{ apiName: 'activity_id', value: 'user_profile:registered' }],
      },
    ]);

    const cookie = await magicLinkCookie(studio, api, marketoEvent.id, { email: person.email });
    const beacon = await sendBeacon(
      studio.attendeeSite,
      analyticsBeaconPath(marketoEvent.id),
      { actions: [{ action: 'cta_click', cta: 'demo_request' }] },
      { cookie },
    );
    expect(beacon.statusCode).toBeLessThan(300);
    // Entering the event app while it is live makes the registrant Attended: sent too.
    await eventually(() =>
      Promise.resolve(
        expect(activityIds(person.email).toSorted()).toEqual([
          'user_engagement:event_cta_click',
          'user_profile:attended',
          'user_profile:registered',
        ]),
      ),
    );
    const click = activitiesOf(person.email).find(
      (activity) => activity.attributes[0]?.value === 'user_engagement:event_cta_click',
    );
    expect(click).toMatchObject({
      activityTypeId: Number(ids.user_engagement),
      primaryAttributeValue: marketoEvent.title,
    });

    // A chat message: engagement tells its participation listeners.
    const chat = await studio.attendeeSite.inject({
      method: 'POST',
      url: `/e/${marketoEvent.id}/api/chat/event`,
      headers: { cookie },
      payload: { text: 'Hello' },
    });
    expect(chat.statusCode).toBe(201);
    await eventually(() =>
      Promise.resolve(expect(activityIds(person.email)).toContain('user_engagement:chat')),
    );

    const canceled = await setStatus(
      api,
      (await memberByEmail(api, marketoEvent.id, person.email)).id,
      'CANCELED',
    );
    expect(canceled.status).toBe(200);
    await eventually(() =>
      Promise.resolve(expect(activityIds(person.email)).toContain('user_profile:canceled')),
    );
  });

  it("sends a registrant's User Profile activity once when their push is retried after Marketo had it", async () => {
    const person = registrant('Retried');
    expect((await register(studio, marketoEvent.id, person)).status).toBe(201);
    await eventually(() =>
      Promise.resolve(expect(activityIds(person.email)).toEqual(['user_profile:registered'])),
    );
    await syncStatusReaches(api, marketoEvent.id, { marketo: { pending: 0, failed: 0 } });
    // The push failed once Marketo had taken the activity (say its outcome was lost): retried.
    await studio.database.db
      .updateTable('crm_syncs')
      .set({ status: 'failed', error: 'Lost' })
      .where('event_id', '=', marketoEvent.id)
      .where('email', '=', person.email.toLowerCase())
      .execute();
    const retried = await api.post<{ queued: number }>(
      `/api/event/${marketoEvent.id}/integration_sync_retry/`,
      { crm_type: 'marketo' },
    );
    expect(retried.body).toEqual({ queued: 1 });
    await syncStatusReaches(api, marketoEvent.id, { marketo: { pending: 0, failed: 0 } });
    expect(activityIds(person.email)).toEqual(['user_profile:registered']);
  });

  it('sends nothing once the kept activity types are cleared', async () => {
    const cleared = await api.patch(`/api/core/organization/${admin.organization.id}/`, {
      marketo_custom_activity_ids: { user_profile: '', user_engagement: '' },
    });
    expect(cleared.status).toBe(200);
    expect((await marketoConnection())?.marketo_activity_type_ids).toEqual({
      user_profile: null,
      user_engagement: null,
    });
    const person = registrant('Late');
    expect((await register(studio, marketoEvent.id, person)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(marketo.leads.has(person.email)).toBe(true)));
    await syncStatusReaches(api, marketoEvent.id, { marketo: { pending: 0, failed: 0 } });
    expect(activitiesOf(person.email)).toEqual([]);
  });

  const importOf = async (eventId: string) =>
    (await api.get<{ import: PardotImport }>(`/api/event/${eventId}/pardot_import/`)).body.import;

  it("imports a SYNC_PARDOT list's prospects as the event's registrants on connecting and at each sweep, each once", async () => {
    pardot.lists.set(5678, {
      id: 5678,
      name: 'webinar_invitees',
      title: 'Webinar invitees',
      description: null,
      isPublic: false,
      isDynamic: false,
    });
    pardot.addMember(5678, {
      id: 8001,
      email: 'lin@example.com',
      firstName: 'Lin',
      lastName: 'Wu',
      company: 'Acme',
    });
    pardot.addMember(5678, { id: 8002, email: 'max@example.com', firstName: 'Max', lastName: 'Born' });
    pardot.addMember(5678, { id: 8003, email: 'out@example.com', firstName: 'Opted', lastName: 'Out' }, true);
    const event = await registrationEvent(api);
    expect(await importOf(event.id)).toBeNull();
    const connected = await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 5678,
      activity_type: 'SYNC_PARDOT',
    });
    expect(connected.body).toMatchObject({ valid_list_id: true, direction: 'import' });
    await eventually(async () =>
      expect(await importOf(event.id)).toMatchObject({
        list_id: 5678,
        status: 'done',
        imported_count: 2,
        error: null,
      }),
    );
    const imported = await registrationsOf(studio, event.id);
    expect([...imported.keys()].sort()).toEqual(['lin@example.com', 'max@example.com']);
    expect(imported.get('lin@example.com')?.status).toBe('REGISTRATION');

    // Lin cancels; a prospect joins the list: the sweep imports the newcomer, never Lin again.
    await setStatus(api, imported.get('lin@example.com')!.id, 'CANCELED');
    pardot.addMember(5678, { id: 8004, email: 'noor@example.com', firstName: 'Noor', lastName: 'Ali' });
    await eventually(async () => expect(await importOf(event.id)).toMatchObject({ imported_count: 3 }));
    const ranAt = (await importOf(event.id))!.last_run_at;
    await eventually(async () => expect((await importOf(event.id))!.last_run_at).not.toBe(ranAt));
    const after = await registrationsOf(studio, event.id);
    expect(after.size).toBe(3);
    expect(after.get('lin@example.com')?.status).toBe('CANCELED');
    expect(after.get('noor@example.com')?.status).toBe('REGISTRATION');
    const prospectReads = pardot.to('/api/v5/objects/prospects/8001').length;
    expect(prospectReads).toBe(1);

    // Pardot down: the import says so on the event, and the next sweep recovers.
    pardot.fail(10_000);
    await eventually(async () => expect(await importOf(event.id)).toMatchObject({ status: 'failed' }));
    expect((await importOf(event.id))!.error).toBeTruthy();
    pardot.fail(0);
    await eventually(async () =>
      expect(await importOf(event.id)).toMatchObject({ status: 'done', error: null, imported_count: 3 }),
    );

    // Exporting now: the import is over.
    await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 5678,
      activity_type: 'REGISTRATION',
    });
    expect(await importOf(event.id)).toBeNull();
  });

  it('back-fills the registrants already there when the event gets its Marketo program or an exporting Pardot list', async () => {
    const event = await registrationEvent(api);
    const early = [registrant('Before'), registrant('Ahead')];
    for (const person of early) expect((await register(studio, event.id, person)).status).toBe(201);
    const emails = early.map((person) => person.email).sort();

    const program = await api.post(`/api/event/${event.id}/connect_marketo_program/`, { program_id: 1001 });
    expect(program.status).toBe(200);
    await syncStatusReaches(api, event.id, { marketo: { synced: 2, pending: 0, failed: 0 } });
    expect(emails.filter((email) => marketo.leads.has(email))).toEqual(emails);

    pardot.lists.set(4321, {
      id: 4321,
      name: 'webinar_registrants',
      title: 'Webinar registrants',
      description: null,
      isPublic: false,
      isDynamic: false,
    });
    const list = await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 4321,
      activity_type: 'REGISTRATION',
    });
    expect(list.body).toMatchObject({ valid_list_id: true, direction: 'export' });
    await syncStatusReaches(api, event.id, { pardot: { synced: 2, pending: 0, failed: 0 } });
    const onList = pardot.memberships
      .filter((membership) => membership.listId === 4321)
      .map((membership) => pardot.prospects.get(membership.prospectId)?.email);
    expect(onList.sort()).toEqual(emails);
  });
});
