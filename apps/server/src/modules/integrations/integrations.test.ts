import {
  crmMessages,
  type ApiError,
  type CrmConnection,
  type CrmSyncFailure,
  type CrmTargetField,
  type EventCrmSettings,
  type FieldMapping,
  type Page,
} from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import {
  HUBSPOT_PORTAL_ID,
  HUBSPOT_TOKEN,
  startHubSpotServer,
} from '../../../test/vendors/hubspot-server.ts';
import {
  SALESFORCE_CAMPAIGN,
  SALESFORCE_CLIENT,
  SALESFORCE_ORG_ID,
  startSalesforceServer,
} from '../../../test/vendors/salesforce-server.ts';
import { startVendorServer } from '../../../test/vendors/vendor-server.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import {
  checkInByEmail,
  fileRegistrationOrganiser,
  register,
  registrant,
  registrationEvent,
  registrationsOf,
  setStatus,
} from '../registration/registrants/registrants.fixtures.ts';
import { fileCrmStudio, syncStatusReaches } from './crm.fixtures.ts';
import { multipleSelect, newForm } from '../registration/forms/forms.fixtures.ts';

describe('CRM connectors (issue 36): Salesforce and HubSpot, field mappings, registrant sync', () => {
  const salesforce = openedForFile(startSalesforceServer);
  const hubspot = openedForFile(startHubSpotServer);
  /** A Salesforce My Domain that does not exist: its login answers 404. */
  const nowhere = openedForFile(() =>
    startVendorServer(() => ({ status: 404, json: [{ errorCode: 'NOT_FOUND', message: 'Not Found' }] })),
  );
  /** How far the studio's clock runs ahead of the real one. */
  let ahead = 0;
  const studio = fileCrmStudio(
    () => ({ salesforceLoginUrl: salesforce.url, hubspotApiBaseUrl: hubspot.url }),
    { clock: () => new Date(Date.now() + ahead) },
  );
  const { admin, api, event } = fileRegistrationOrganiser(studio);

  type MappingOf = { crm?: string; objectType?: string; entityType?: string; entityId?: string };
  /** Which field mapping: the file event's Salesforce Lead unless told. */
  const mappingOf = ({
    crm = 'salesforce',
    objectType = 'Lead',
    entityType = 'EVENT',
    entityId = event.id,
  }: MappingOf = {}) => ({
    crm_type: crm,
    crm_object_type: objectType,
    entity_type: entityType,
    entity_id: entityId,
  });
  const mappingUrl = (of?: MappingOf) =>
    `/api/integrations/field-mappings/?${new URLSearchParams(mappingOf(of)).toString()}`;
  const saveMapping = (rows: Record<string, unknown>[], of?: MappingOf, by = api) =>
    by.post<FieldMapping & ApiError>('/api/integrations/field-mappings/bulk_save/', {
      ...mappingOf(of),
      field_mappings: rows,
    });

  it('authenticates with the spec messages, seals the credentials and never answers them', async () => {
    const refused = await api.post<ApiError>('/api/integrations/crm/authenticate/', {
      crm_type: 'salesforce',
      ...SALESFORCE_CLIENT,
      client_secret: 'wrong',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Authentication Failed! Please try again');
    const unknownDomain = await api.post<ApiError>('/api/integrations/crm/authenticate/', {
      crm_type: 'salesforce',
      ...SALESFORCE_CLIENT,
      login_url: nowhere.url,
    });
    expect(unknownDomain.status).toBe(400);
    expect(unknownDomain.body).toMatchObject({
      code: refused.body.code,
      message: 'Authentication Failed! Please try again',
    });

    const accepted = await api.post<{ message: string; connection: CrmConnection }>(
      '/api/integrations/crm/authenticate/',
      { crm_type: 'salesforce', ...SALESFORCE_CLIENT },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.message).toBe('Authentication Successful');
    expect(accepted.body.connection).toMatchObject({
      is_authenticated: true,
      token_expired: false,
      account_id: SALESFORCE_ORG_ID,
      stored_credentials: ['client_id', 'client_secret'],
    });

    const hub = await api.post<{ message: string; connection: CrmConnection }>(
      '/api/integrations/crm/authenticate/',
      {
        crm_type: 'hubspot',
        access_token: HUBSPOT_TOKEN,
      },
    );
    expect(hub.body).toMatchObject({
      message: 'Authentication Successful',
      connection: { account_id: String(HUBSPOT_PORTAL_ID) },
    });
    expect(
      (
        await api.post<ApiError>('/api/integrations/crm/authenticate/', {
          crm_type: 'hubspot',
          access_token: 'pat-wrong',
        })
      ).body.message,
    ).toBe('Authentication Failed! Please try again');

    // A token no token can be (characters an HTTP header cannot carry) is refused as it arrives,
    // not sent to the CRM as a failed request (502).
    for (const access_token of ['pat-\u{1F600}', 'pat wrong', 'pat-\u00e9']) {
      const unsendable = await api.post<ApiError>('/api/integrations/crm/authenticate/', {
        crm_type: 'hubspot',
        access_token,
      });
      expect(unsendable.status).toBe(400);
      expect(unsendable.body.errors?.access_token).toEqual(['Authentication Failed! Please try again']);
    }

    const listed = await api.get<CrmConnection[]>('/api/integrations/crm/connections/');
    expect(listed.body.map((connection) => connection.is_authenticated)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(SALESFORCE_CLIENT.client_secret);
    expect(JSON.stringify(listed.body)).not.toContain(HUBSPOT_TOKEN);
    const stored = await studio.database.db.selectFrom('crm_connections').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(SALESFORCE_CLIENT.client_secret);
    expect(JSON.stringify(stored)).not.toContain(HUBSPOT_TOKEN);

    const health = await api.post<{ message: string }>('/api/integrations/crm/hubspot/auth_health/', {});
    expect(health.body.message).toBe('Authentication Successful');
  });

  it("reads the CRM's target fields, asking again when the CRM fails", async () => {
    salesforce.fail(2);
    const fields = await api.get<CrmTargetField[]>(
      '/api/integrations/crm/salesforce/target_fields/?crm_object_type=Lead',
    );
    expect(fields.status).toBe(200);
    expect(fields.body.find((field) => field.id === 'Lead_Score__c')).toMatchObject({
      is_custom: true,
      is_updateable: false,
    });
    expect(fields.body.find((field) => field.id === 'LastName')).toMatchObject({ is_required: true });
    const properties = await api.get<CrmTargetField[]>(
      '/api/integrations/crm/hubspot/target_fields/?crm_object_type=contacts',
    );
    expect(properties.body.map((field) => field.id)).toContain('event_source');
    expect((await api.get('/api/integrations/crm/hubspot/object_types/')).body).toEqual({
      crm_object_types: ['contacts'],
    });
  });

  it('saves a mapping in one go, or answers each bad row its error and saves nothing', async () => {
    const sources = await api.get<{ id: string }[]>(
      `/api/integrations/field-mappings/source_fields/?event_id=${event.id}`,
    );
    expect(sources.body.map((field) => field.id)).toEqual(
      expect.arrayContaining(['email', 'first_name', 'last_name']),
    );

    const row = (source: string, target: string, policy = 'ALWAYS_UPDATE') => ({
      source_field_id: source,
      crm_field_id: target,
      crm_field_update_policy: policy,
    });
    const refused = await saveMapping([
      row('email', 'Email', 'NEVER_UPDATE'),
      row('first_name', 'FirstName'),
      row('last_name', 'FirstName'),
      row('email', 'Lead_Score__c'),
      row('shoe_size', 'Title'),
      row('last_name', 'NoSuchField'),
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Failed to create/update field mappings! Try again.');
    expect(refused.body.errors).toEqual({
      'field_mappings.1': ['FIELDS_MAPPED_TO_SAME_CRM_FIELD', 'Several fields are mapped to First Name.'],
      'field_mappings.2': ['FIELDS_MAPPED_TO_SAME_CRM_FIELD', 'Several fields are mapped to First Name.'],
      'field_mappings.3': [
        'INVALID_UPDATE_POLICY',
        'Lead Score cannot be updated in the CRM: choose Never update.',
      ],
      'field_mappings.4': ['MISSING_EVENT_SOURCE_FIELD', 'Choose a registration field.'],
      'field_mappings.5': ['MISSING_TARGET_FIELD', 'Choose a CRM field.'],
    });
    expect((await api.get<FieldMapping>(mappingUrl())).body).toMatchObject({
      id: null,
      field_mappings: [],
    });

    const saved = await saveMapping([
      row('email', 'Email', 'NEVER_UPDATE'),
      row('first_name', 'FirstName'),
      row('last_name', 'LastName', 'UPDATE_IF_EMPTY'),
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.field_mappings[2]).toMatchObject({
      crm_field_id: 'LastName',
      is_required_crm_field: true,
    });
    expect((await api.get<FieldMapping>(mappingUrl())).body.field_mappings).toHaveLength(3);
    // The spec's own names: `event` for the entity, the connector as the solution instance.
    const bySpecNames = `/api/integrations/field-mappings/?crm_type=salesforce&crm_object_type=Lead&event=${event.id}`;
    expect((await api.get<FieldMapping>(bySpecNames)).body).toMatchObject({
      id: saved.body.id,
      entity_type: 'EVENT',
    });
    const again = await api.post<FieldMapping>('/api/integrations/field-mappings/bulk_save/', {
      crm_type: 'salesforce',
      crm_object_type: 'Lead',
      event: event.id,
      solution_instance_id: 'salesforce',
      field_mappings: saved.body.field_mappings,
    });
    expect(again.body).toMatchObject({ id: saved.body.id, field_mappings: saved.body.field_mappings });
  });

  it('leaves the saved mapping as it is when the CRM answers 5xx', async () => {
    salesforce.fail(10);
    const failed = await saveMapping([{ source_field_id: 'email', crm_field_id: 'Email' }]);
    salesforce.fail(0);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Something has gone wrong. Please Try Again!!');
    expect((await api.get<FieldMapping>(mappingUrl())).body.field_mappings).toHaveLength(3);
  });

  it('validates and connects a Salesforce campaign, with its member statuses', async () => {
    const unknown = await api.get(
      `/api/event/${event.id}/validate_salesforce_campaign_id/?campaign_id=7015g000000ZZZZAAA`,
    );
    expect(unknown.body).toEqual({ is_valid: false, campaign: null });
    const valid = await api.get(
      `/api/event/${event.id}/validate_salesforce_campaign_id/?campaign_id=${SALESFORCE_CAMPAIGN.Id}`,
    );
    expect(valid.body).toMatchObject({ is_valid: true, campaign: { name: 'Spring Summit' } });
    const connected = await api.post<{ populated_salesforce_campaign_data: { id: string } }>(
      `/api/event/${event.id}/connect_salesforce_campaign/`,
      { campaign_id: SALESFORCE_CAMPAIGN.Id },
    );
    expect(connected.body.populated_salesforce_campaign_data.id).toBe(SALESFORCE_CAMPAIGN.Id);
    const statuses = await api.get<{ statuses: { label: string }[] }>(
      `/api/event/${event.id}/salesforce_campaign_member_status/`,
    );
    expect(statuses.body.statuses.map((status) => status.label)).toEqual(['Sent', 'Responded']);
    const patched = await api.patch<EventCrmSettings>(
      `/api/event/${event.id}/integration_settings/salesforce/`,
      {
        campaign_member_status: 'Responded',
      },
    );
    expect(patched.body).toMatchObject({
      salesforce_campaign_id: SALESFORCE_CAMPAIGN.Id,
      campaign_member_status: 'Responded',
    });
    // A change of nothing (an empty body, or only unknown fields) answers the settings as they are.
    for (const body of [{}, { unknown_field: 1 }]) {
      const same = await api.patch<EventCrmSettings>(
        `/api/event/${event.id}/integration_settings/salesforce/`,
        body,
      );
      expect(same.status).toBe(200);
      expect(same.body).toEqual(patched.body);
    }
  });

  it("pushes a registration to both CRMs by the worker, into the event's campaign, and tells the sync status", async () => {
    const person = registrant('Ada');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await syncStatusReaches(api, event.id, {
      salesforce: { synced: 1, pending: 0, failed: 0 },
      hubspot: { synced: 1, pending: 0, failed: 0 },
    });
    const lead = salesforce.records.Lead!.find((record) => record.Email === person.email);
    expect(lead).toMatchObject({ FirstName: person.first_name, LastName: person.last_name });
    expect(salesforce.records.CampaignMember).toEqual([
      expect.objectContaining({ CampaignId: SALESFORCE_CAMPAIGN.Id, LeadId: lead!.Id, Status: 'Responded' }),
    ]);
    expect(
      hubspot.contacts.find((contact) => contact.properties.email === person.email)?.properties,
    ).toMatchObject({
      firstname: person.first_name,
      lastname: person.last_name,
    });
  });

  it("pushes a registrant's custom answers through the mapping, and the check-in", async () => {
    const hooked = await registrationEvent(api);
    await newForm(
      api,
      'Lead form',
      [
        { type: 'textfield', key: 'organisation', label: 'Organisation' },
        multipleSelect('topics', 'Topics', [
          { label: 'AI', value: 'ai' },
          { label: 'Video', value: 'video' },
        ]),
      ],
      hooked.id,
    );
    await api.post(`/api/event/${hooked.id}/connect_salesforce_campaign/`, {
      campaign_id: SALESFORCE_CAMPAIGN.Id,
    });
    const saved = await saveMapping(
      [
        { source_field_id: 'email', crm_field_id: 'email', crm_field_update_policy: 'NEVER_UPDATE' },
        { source_field_id: 'organisation', crm_field_id: 'company' },
        { source_field_id: 'topics', crm_field_id: 'jobtitle' },
        { source_field_id: 'status', crm_field_id: 'event_source' },
      ],
      { crm: 'hubspot', objectType: 'contacts', entityId: hooked.id },
    );
    expect(saved.status).toBe(200);
    const person = registrant('Custom');
    const registered = await register(studio, hooked.id, {
      ...person,
      organisation: 'Acme',
      topics: ['ai', 'video'],
    });
    expect(registered.status).toBe(201);
    const contact = () => hubspot.contacts.find((found) => found.properties.email === person.email);
    await eventually(() =>
      Promise.resolve(
        expect(contact()?.properties).toMatchObject({
          company: 'Acme',
          jobtitle: 'ai;video',
          event_source: 'REGISTRATION',
        }),
      ),
    );

    expect(await checkInByEmail(api, hooked.id, person.email)).toBe(200);
    await eventually(() =>
      Promise.resolve(expect(contact()?.properties).toMatchObject({ event_source: 'ATTENDED' })),
    );
    expect(contact()?.properties.company).toBe('Acme');
    // The check-in does not join the Salesforce campaign a second time.
    expect(
      salesforce.records.CampaignMember!.filter((member) =>
        salesforce.records.Lead!.some((lead) => lead.Id === member.LeadId && lead.Email === person.email),
      ),
    ).toHaveLength(1);
  });

  it("pushes each later status: the Salesforce campaign member's status (created on the campaign when missing) and HubSpot's mapped status", async () => {
    const changing = await registrationEvent(api);
    await api.post(`/api/event/${changing.id}/connect_salesforce_campaign/`, {
      campaign_id: SALESFORCE_CAMPAIGN.Id,
    });
    const saved = await saveMapping(
      [
        { source_field_id: 'email', crm_field_id: 'email' },
        { source_field_id: 'status', crm_field_id: 'event_source' },
      ],
      { crm: 'hubspot', objectType: 'contacts', entityId: changing.id },
    );
    expect(saved.status).toBe(200);
    const [leaving, staying] = [registrant('Leaving'), registrant('Staying')];
    for (const person of [leaving, staying])
      expect((await register(studio, changing.id, person)).status).toBe(201);
    await syncStatusReaches(api, changing.id, {
      salesforce: { synced: 2, pending: 0, failed: 0 },
      hubspot: { synced: 2, pending: 0, failed: 0 },
    });
    const memberOf = (email: string) => {
      const lead = salesforce.records.Lead!.find((record) => record.Email === email);
      return salesforce.records.CampaignMember!.filter((member) => lead && member.LeadId === lead.Id);
    };
    const contactOf = (email: string) =>
      hubspot.contacts.find((contact) => contact.properties.email === email)?.properties;

    const registrations = await registrationsOf(studio, changing.id);
    expect((await setStatus(api, registrations.get(leaving.email)!.id, 'CANCELED')).status).toBe(200);
    const checkIn = await api.post(`/api/event/${changing.id}/attendance/`, {
      member: registrations.get(staying.email)!.id,
    });
    expect(checkIn.status).toBe(200);
    await eventually(() => {
      expect(memberOf(leaving.email)).toEqual([expect.objectContaining({ Status: 'Canceled' })]);
      expect(memberOf(staying.email)).toEqual([expect.objectContaining({ Status: 'Attended' })]);
      expect(contactOf(leaving.email)).toMatchObject({ event_source: 'CANCELED' });
      expect(contactOf(staying.email)).toMatchObject({ event_source: 'ATTENDED' });
      return Promise.resolve();
    });
    expect(
      salesforce.records.CampaignMemberStatus!.filter(
        (status) => status.CampaignId === SALESFORCE_CAMPAIGN.Id,
      ),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Label: 'Canceled', HasResponded: false }),
        expect.objectContaining({ Label: 'Attended', HasResponded: true }),
      ]),
    );
  });

  it("lists the people whose push failed with the CRM's error, retries them, and back-fills a CRM switched on after people registered", async () => {
    const later = await registrationEvent(api);
    const off = await api.patch(`/api/event/${later.id}/integration_settings/hubspot/`, {
      is_enabled: false,
    });
    expect(off.status).toBe(200);
    const [refused, early] = [registrant('Refused'), registrant('Early')];
    salesforce.refusedEmails.add(refused.email);
    for (const person of [refused, early])
      expect((await register(studio, later.id, person)).status).toBe(201);
    await syncStatusReaches(api, later.id, { salesforce: { synced: 1, pending: 0, failed: 1 } });
    const failures = await api.get<Page<CrmSyncFailure>>(
      `/api/event/${later.id}/integration_sync_failures/?crm_type=salesforce`,
    );
    expect(failures.body).toMatchObject({
      count: 1,
      results: [
        {
          email: refused.email.toLowerCase(),
          error: expect.stringContaining('This email domain is blocked.') as unknown,
        },
      ],
    });

    salesforce.refusedEmails.delete(refused.email);
    const retried = await api.post(`/api/event/${later.id}/integration_sync_retry/`, {
      crm_type: 'salesforce',
    });
    expect(retried.body).toEqual({ queued: 1 });
    await syncStatusReaches(api, later.id, { salesforce: { synced: 2, pending: 0, failed: 0 } });
    expect(salesforce.records.Lead!.some((lead) => lead.Email === refused.email)).toBe(true);

    // HubSpot switched on: the event's two registrants so far are pushed.
    const on = await api.patch(`/api/event/${later.id}/integration_settings/hubspot/`, { is_enabled: true });
    expect(on.status).toBe(200);
    await syncStatusReaches(api, later.id, { hubspot: { synced: 2, pending: 0, failed: 0 } });
    expect(
      hubspot.contacts.filter((contact) =>
        [refused.email, early.email].includes(contact.properties.email ?? ''),
      ),
    ).toHaveLength(2);
  });

  it('pushes each registrant once with both Lead and Contact mapped: their Contact when they are one, else a Lead', async () => {
    const both = await registrationEvent(api);
    await api.post(`/api/event/${both.id}/connect_salesforce_campaign/`, {
      campaign_id: SALESFORCE_CAMPAIGN.Id,
    });
    for (const objectType of ['Lead', 'Contact'])
      expect(
        (
          await saveMapping(
            [
              { source_field_id: 'email', crm_field_id: 'Email' },
              { source_field_id: 'last_name', crm_field_id: 'LastName' },
            ],
            { objectType, entityId: both.id },
          )
        ).status,
      ).toBe(200);
    const known = registrant('Known');
    const contactId = '0035g00000KnOwNAAA';
    salesforce.records.Contact!.push({ Id: contactId, Email: known.email, LastName: 'Before' });
    const newcomer = registrant('Newcomer');
    for (const person of [known, newcomer])
      expect((await register(studio, both.id, person)).status).toBe(201);
    await syncStatusReaches(api, both.id, { salesforce: { synced: 2, pending: 0, failed: 0 } });
    const recordsOf = (email: string) =>
      ['Lead', 'Contact'].flatMap((type) =>
        salesforce.records[type]!.filter((record) => record.Email === email).map(() => type),
      );
    expect(recordsOf(newcomer.email)).toEqual(['Lead']);
    expect(recordsOf(known.email)).toEqual(['Contact']);
    expect(salesforce.records.Contact!.find((contact) => contact.Id === contactId)?.LastName).toBe(
      known.last_name,
    );
    const newcomerLead = salesforce.records.Lead!.find((lead) => lead.Email === newcomer.email)!;
    const members = salesforce.records.CampaignMember!.filter(
      (member) => member.ContactId === contactId || member.LeadId === newcomerLead.Id,
    );
    expect(members.map((member) => member.ContactId ?? member.LeadId).sort()).toEqual(
      [contactId, newcomerLead.Id].sort(),
    );
  });

  it('maps a global form (GLOBAL_FORM) from its own fields', async () => {
    await setOperatorFlags(studio, admin.organization.id, {
      isOneClickRegisterEnabled: true,
      isFormLevelFieldMappingEnabled: true,
    });
    const form = await newForm(api, 'Lead capture', [
      { type: 'textfield', key: 'company', label: 'Company' },
    ]);
    const sources = await api.get<{ id: string; label: string }[]>(
      `/api/integrations/field-mappings/source_fields/?form_id=${form.id}`,
    );
    expect(sources.body).toContainEqual({ id: 'company', label: 'Company' });
    const globalForm = {
      crm: 'hubspot',
      objectType: 'contacts',
      entityType: 'GLOBAL_FORM',
      entityId: form.id,
    };
    const rows = [
      { source_field_id: 'email', crm_field_id: 'email', crm_field_update_policy: 'NEVER_UPDATE' },
      { source_field_id: 'company', crm_field_id: 'company' },
    ];
    const saved = await saveMapping(rows, globalForm);
    expect(saved.status).toBe(200);
    const read = await api.get<FieldMapping>(mappingUrl(globalForm));
    expect(read.body).toMatchObject({ entity_type: 'GLOBAL_FORM', is_active: true });
    // The spec's is_custom_field / is_active are booleans; the answer carries both.
    const flagged = await api.get<FieldMapping>(
      `${mappingUrl(globalForm)}&is_custom_field=true&is_active=true`,
    );
    expect(flagged.body).toMatchObject({ is_custom_field: true, is_active: true });
    const unclear = await api.get(`${mappingUrl(globalForm)}&is_active=maybe`);
    expect(unclear.status).toBe(400);
    expect(read.body.field_mappings.map((entry) => entry.source_field_id)).toEqual(['email', 'company']);
    // Another organisation's form is not found.
    const other = caller(studio, (await newOrganization(studio.app, 'Third Org')).access);
    expect((await saveMapping(rows, globalForm, other)).status).toBe(404);
  });

  it("answers 404 for another organisation's event and mappings", async () => {
    const other = caller(studio, (await newOrganization(studio.app, 'Other Org')).access);
    expect((await other.get(mappingUrl())).status).toBe(404);
    expect((await other.get(`/api/event/${event.id}/integration_settings/`)).status).toBe(404);
    expect((await other.get(`/api/event/${event.id}/integration_activity_sync_status/`)).status).toBe(404);
    // Its own event has no Salesforce settings while the organisation has not connected Salesforce.
    const own = await newEvent(other, {
      title: 'Unconnected',
      start: '2031-06-01T15:00:00Z',
      end: '2031-06-01T16:00:00Z',
    });
    const patched = await other.patch(`/api/event/${own.id}/integration_settings/salesforce/`, {
      campaign_member_status: 'Sent',
    });
    expect([patched.status, patched.body]).toMatchObject([
      404,
      { code: 'INTEGRATION_SETTING_NOT_FOUND', message: crmMessages.settingNotFound },
    ]);
    expect(
      (await other.get<CrmConnection[]>('/api/integrations/crm/connections/')).body.every(
        (c) => !c.is_authenticated,
      ),
    ).toBe(true);
  });

  it('marks a connection whose credentials the CRM refuses on a push as needing re-authentication, and pushes nothing through it until then', async () => {
    const refusing = await registrationEvent(api);
    hubspot.revoked.add(HUBSPOT_TOKEN);
    const first = registrant('Revoked');
    expect((await register(studio, refusing.id, first)).status).toBe(201);
    await syncStatusReaches(api, refusing.id, { hubspot: { synced: 0, pending: 0, failed: 1 } });
    const hubspotConnection = async () =>
      (await api.get<CrmConnection[]>('/api/integrations/crm/connections/')).body.find(
        (connection) => connection.crm_type === 'hubspot',
      );
    expect(await hubspotConnection()).toMatchObject({ is_authenticated: true, needs_reauthentication: true });

    const upserts = () => hubspot.to('/crm/v3/objects/contacts/batch/upsert').length;
    const before = upserts();
    const second = registrant('Waiting');
    expect((await register(studio, refusing.id, second)).status).toBe(201);
    await syncStatusReaches(api, refusing.id, { hubspot: { synced: 0, pending: 0, failed: 2 } });
    const failures = await api.get<Page<CrmSyncFailure>>(
      `/api/event/${refusing.id}/integration_sync_failures/?crm_type=hubspot`,
    );
    expect(failures.body.results.find((failure) => failure.email === second.email.toLowerCase())?.error).toBe(
      'HubSpot refused the stored credentials: authenticate again on the Integrations page.',
    );
    expect(upserts()).toBe(before);

    hubspot.revoked.delete(HUBSPOT_TOKEN);
    const again = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'hubspot',
      access_token: HUBSPOT_TOKEN,
    });
    expect(again.status).toBe(200);
    expect(await hubspotConnection()).toMatchObject({ needs_reauthentication: false });
    await api.post(`/api/event/${refusing.id}/integration_sync_retry/`, { crm_type: 'hubspot' });
    await syncStatusReaches(api, refusing.id, { hubspot: { synced: 2, pending: 0, failed: 0 } });
  });

  it('takes the CRM token as expired 24 hours after the authentication, and authenticates again', async () => {
    const tokenRequests = () =>
      salesforce.requests.filter((request) => request.path === '/services/oauth2/token').length;
    const before = tokenRequests();
    await api.get('/api/integrations/crm/salesforce/target_fields/?crm_object_type=Contact');
    expect(tokenRequests()).toBe(before);
    ahead = 24 * 3_600_000;
    try {
      const listed = await api.get<CrmConnection[]>('/api/integrations/crm/connections/');
      expect(listed.body.find((connection) => connection.crm_type === 'salesforce')?.token_expired).toBe(
        true,
      );
      const fields = await api.get<CrmTargetField[]>(
        '/api/integrations/crm/salesforce/target_fields/?crm_object_type=Contact',
      );
      expect(fields.status).toBe(200);
      expect(tokenRequests()).toBe(before + 1);
      // The new token is kept for the next 24 hours.
      await api.get('/api/integrations/crm/salesforce/target_fields/?crm_object_type=Lead');
      expect(tokenRequests()).toBe(before + 1);
    } finally {
      ahead = 0;
    }
  });
});
