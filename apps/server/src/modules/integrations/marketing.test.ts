import type { ApiError, CrmConnection, IntegrationActivitySync, StudioEvent } from '@studio/domain';
import { describe, expect, it } from 'vitest';
import { fileTempDir, openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { ELOQUA_CREDENTIALS, startEloquaServer } from '../../../test/vendors/eloqua-server.ts';
import { MARKETO_CLIENT, startMarketoServer } from '../../../test/vendors/marketo-server.ts';
import { PARDOT_CREDENTIALS, startPardotServer } from '../../../test/vendors/pardot-server.ts';
import { startWistiaServer, WISTIA_TOKEN } from '../../../test/vendors/wistia-server.ts';
import { caller } from '../back-office/back-office.fixtures.ts';
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
import { newForm } from '../registration/forms/forms.fixtures.ts';

type Authenticated = { message: string; connection: CrmConnection };

describe('Marketo, Pardot, Eloqua and Wistia connectors (issue 36) against their local servers', () => {
  const marketo = openedForFile(startMarketoServer);
  const pardot = openedForFile(startPardotServer);
  const eloqua = openedForFile(startEloquaServer);
  const wistia = openedForFile(startWistiaServer);
  const dataDir = fileTempDir('marketing-test-');
  const studio = fileCrmStudio(
    () => ({
      // Pardot's token comes from Salesforce's login.
      salesforceLoginUrl: pardot.url,
      marketoBaseUrl: marketo.url,
      pardotBaseUrl: pardot.url,
      eloquaLoginUrl: eloqua.url,
      wistiaBaseUrl: wistia.url,
      wistiaUploadUrl: wistia.url,
    }),
    () => ({ dataDir: dataDir.path, marketoNoShowSweepSeconds: 1 }),
  );
  const { admin, api, event } = fileRegistrationOrganiser(studio);

  const connect = (body: Record<string, unknown>) =>
    api.post<Authenticated & ApiError>('/api/integrations/crm/authenticate/', body);

  it('connects each with write-only sealed credentials and the spec messages', async () => {
    const notConnected = await api.get<ApiError>(`/api/event/${event.id}/fetch_wistia_existing_projects_v2/`);
    expect(notConnected.status).toBe(409);

    const refused = await connect({
      crm_type: 'marketo',
      client_id: MARKETO_CLIENT.clientId,
      client_secret: 'nope',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Authentication Failed! Please try again');

    const secrets = {
      marketo: { client_id: MARKETO_CLIENT.clientId, client_secret: MARKETO_CLIENT.clientSecret },
      pardot: {
        client_id: PARDOT_CREDENTIALS.clientId,
        client_secret: PARDOT_CREDENTIALS.clientSecret,
        refresh_token: PARDOT_CREDENTIALS.refreshToken,
        business_unit_id: PARDOT_CREDENTIALS.businessUnitId,
      },
      eloqua: ELOQUA_CREDENTIALS,
      wistia: { api_token: WISTIA_TOKEN },
    };
    for (const [type, credentials] of Object.entries(secrets)) {
      const accepted = await connect({ crm_type: type, ...credentials });
      expect(accepted.status, type).toBe(200);
      expect(accepted.body.message).toBe('Authentication Successful');
      expect(accepted.body.connection.is_authenticated).toBe(true);
    }
    const listed = await api.get<CrmConnection[]>('/api/integrations/crm/connections/');
    const byType = new Map(listed.body.map((connection) => [connection.crm_type, connection]));
    expect(byType.get('eloqua')?.account_id).toBe('42');
    expect(byType.get('pardot')?.account_id).toBe(PARDOT_CREDENTIALS.businessUnitId);
    expect(byType.get('marketo')?.stored_credentials).toEqual(['client_id', 'client_secret']);
    const seen = JSON.stringify(listed.body);
    const stored = JSON.stringify(
      await studio.database.db.selectFrom('crm_connections').selectAll().execute(),
    );
    for (const secret of [
      MARKETO_CLIENT.clientSecret,
      PARDOT_CREDENTIALS.refreshToken,
      ELOQUA_CREDENTIALS.password,
      WISTIA_TOKEN,
    ]) {
      expect(seen).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }

    const badUnit = await connect({ ...secrets.pardot, crm_type: 'pardot', business_unit_id: '42' });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.errors?.business_unit_id).toBeDefined();
  });

  it('validates a Marketo program, searches folders, clones the base program and lists member statuses', async () => {
    const valid = await api.get(`/api/event/${event.id}/validate_marketo_program_id/?program_id=1001`);
    expect(valid.body).toMatchObject({ is_valid: true, program: { id: 1001, name: 'Base webinar' } });
    const unknown = await api.get(`/api/event/${event.id}/validate_marketo_program_id/?program_id=999`);
    expect(unknown.body).toEqual({ is_valid: false, program: null });

    const blank = await api.get<{ folders: unknown[] }>('/api/integrations/marketo/folders/?search_name=%20');
    expect(blank.body.folders).toEqual([]);
    const webinars = await api.get<{ folders: { id: number; name: string }[] }>(
      '/api/integrations/marketo/folders/?search_name=webinar',
    );
    expect(webinars.body.folders.map((folder) => folder.name)).toEqual(['Webinars', 'Webinars 2026']);

    // An id is a number or its digits, never a boolean or a list read as one.
    for (const campaign_folder_id of [true, [20], '20x', ''])
      expect(
        (
          await api.post(`/api/event/${event.id}/clone_marketo_program/`, {
            base_program_id: 1001,
            program_name: 'Spring Summit 2026',
            campaign_folder_id,
          })
        ).status,
      ).toBe(400);
    const cloned = await api.post<{ message: string; program: { id: number; name: string } }>(
      `/api/event/${event.id}/clone_marketo_program/`,
      { base_program_id: 1001, program_name: 'Spring Summit 2026', campaign_folder_id: 20 },
    );
    expect(cloned.status).toBe(200);
    expect(cloned.body.message).toBe('Marketo program cloned and connected successfully.');
    expect(marketo.programs.get(cloned.body.program.id)?.name).toBe('Spring Summit 2026');
    const again = await api.post<ApiError>(`/api/event/${event.id}/clone_marketo_program/`, {
      base_program_id: 1001,
      program_name: 'Spring Summit 2026',
      campaign_folder_id: 20,
    });
    expect(again.body.message).toBe('Something has gone wrong. Please Try Again!!');

    const statuses = await api.get<{ statuses: { name: string }[] }>(
      `/api/event/${event.id}/marketo_program_member_status/?program_id=1001`,
    );
    expect(statuses.body.statuses.map((status) => status.name)).toEqual([
      'Not in Program',
      'Registered',
      'No Show',
      'Attended',
    ]);
  });

  it("creates the studio's Marketo custom activity types for its own organisation only", async () => {
    const created = await api.post<{ marketo_activity_type_ids: Record<string, string>; failures: string[] }>(
      `/api/core/organization/${admin.organization.id}/create_marketo_custom_activity_types/`,
      {},
    );
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.marketo_activity_type_ids)).toEqual(['user_profile', 'user_engagement']);
    expect(created.body.failures).toEqual([]);
    const twice = await api.post<{ failures: string[]; message: string }>(
      `/api/core/organization/${admin.organization.id}/create_marketo_custom_activity_types/`,
      {},
    );
    expect(twice.body.message).toBe(
      'Failed to create a new Custom Activity: "User Profile" and "User Engagement"',
    );
    const other = await newOrganization(studio.app);
    expect(
      (
        await api.post(
          `/api/core/organization/${other.organization.id}/create_marketo_custom_activity_types/`,
          {},
        )
      ).status,
    ).toBe(404);
  });

  it('checks the Pardot list of an event (SYNC_PARDOT imports, others export)', async () => {
    const found = await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'SYNC_PARDOT',
    });
    expect(found.body).toEqual({
      valid_list_id: true,
      pardot_list: { id: 1234, name: 'summit_registrants', title: 'Summit registrants' },
      direction: 'import',
    });
    const missing = await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 999,
      activity_type: 'REGISTRATION',
    });
    expect(missing.body).toEqual({ valid_list_id: false, pardot_list: null, direction: null });
    const asText = await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: '1234',
      activity_type: 'REGISTRATION',
    });
    expect(asText.status).toBe(400);
    const unknownType = await api.post<ApiError>(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'WEBINAR_JOINED',
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.errors?.activity_type).toEqual([
      'Choose one of SYNC_PARDOT, REGISTRATION, ATTENDED.',
    ]);
  });

  it("validates an Eloqua form id, checks Eloqua's authentication health, and lists Wistia projects", async () => {
    expect(
      (await api.get('/api/integrations/eloqua/validate_form_id/?eloqua_form_id=1234')).body,
    ).toMatchObject({
      is_valid_eloqua_form_id: true,
      form: { id: '1234' },
    });
    expect((await api.get('/api/integrations/eloqua/validate_form_id/?eloqua_form_id=77')).body).toEqual({
      is_valid_eloqua_form_id: false,
      form: null,
    });
    const health = await api.post<{ message: string }>('/api/integrations/crm/eloqua/auth_health/', {});
    expect(health.body.message).toBe('Authentication Successful');

    const projects = await api.get<{ wistia_projects: { hashed_id: string }[] }>(
      `/api/event/${event.id}/fetch_wistia_existing_projects_v2/`,
    );
    expect(projects.body.wistia_projects.map((project) => project.hashed_id)).toEqual([
      'proj1',
      'proj2',
      'proj3',
    ]);
  });

  it("stores what the lookups found: the event's program, list and project, the organisation's base program and form", async () => {
    const settings = async () =>
      (
        await api.get<
          { integration_type: string; external_id: string | null; activity_type: string | null }[]
        >(`/api/event/${event.id}/marketing_settings/`)
      ).body;
    const eventRow = async () => (await api.get<StudioEvent>(`/api/event/${event.id}/`)).body;

    const cloned = await api.post<{ program: { id: number } }>(
      `/api/event/${event.id}/clone_marketo_program/`,
      {
        base_program_id: 1001,
        program_name: 'Autumn Summit 2026',
        campaign_folder_id: 20,
      },
    );
    expect((await eventRow()).marketo_campaign_id).toBe(String(cloned.body.program.id));

    const unknownProgram = await api.post<ApiError>(`/api/event/${event.id}/connect_marketo_program/`, {
      program_id: 999,
    });
    expect(unknownProgram.status).toBe(400);
    expect(unknownProgram.body.message).toBe('This Marketo program was not found.');
    expect((await eventRow()).marketo_campaign_id).toBe(String(cloned.body.program.id));
    expect(
      (await api.post(`/api/event/${event.id}/connect_marketo_program/`, { program_id: 1001 })).status,
    ).toBe(200);

    await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'REGISTRATION',
    });
    await api.post(`/api/event/${event.id}/update_pardot_list_id_v2/`, {
      list_id: 999,
      activity_type: 'ATTENDED',
    });

    expect(
      (await api.post(`/api/event/${event.id}/connect_wistia_project/`, { project_id: 'nope' })).status,
    ).toBe(404);
    const project = await api.post<{ name: string }>(`/api/event/${event.id}/connect_wistia_project/`, {
      project_id: 'proj2',
    });
    expect(project.status).toBe(200);

    expect(await settings()).toEqual([
      { integration_type: 'marketo', external_id: '1001', external_name: null, activity_type: null },
      { integration_type: 'pardot', external_id: '1234', external_name: null, activity_type: 'REGISTRATION' },
      { integration_type: 'wistia', external_id: 'proj2', external_name: null, activity_type: null },
    ]);
    expect((await eventRow()).pardot_list).toEqual({ list_id: 1234, activity_type: 'REGISTRATION' });

    const noForm = await api.post<ApiError>('/api/integrations/eloqua/event_form/', { eloqua_form_id: '77' });
    expect(noForm.status).toBe(400);
    expect(noForm.body.message).toBe('This Eloqua form was not found.');
    const eloquaFormOf = async () =>
      (await api.get<CrmConnection[]>(`/api/integrations/crm/connections/?event=${event.id}`)).body.find(
        (connection) => connection.crm_type === 'eloqua',
      )?.eloqua_form_id;
    expect(await eloquaFormOf()).toBeNull();
    expect((await api.post('/api/integrations/eloqua/event_form/', { eloqua_form_id: '1234' })).status).toBe(
      200,
    );
    // The event's connections say Eloqua has its event form: offered on the event.
    expect(await eloquaFormOf()).toBe('1234');
    expect((await api.post('/api/integrations/marketo/base_program/', { program_id: 1001 })).status).toBe(
      200,
    );
    const organization = await api.get<{ eloqua_form_id: string; base_marketo_program_id: string }>(
      `/api/core/organization/${admin.organization.id}/`,
    );
    expect(organization.body).toMatchObject({ eloqua_form_id: '1234', base_marketo_program_id: '1001' });

    const other = await newOrganization(studio.app);
    const stranger = caller(studio, other.access);
    expect(
      (await stranger.post(`/api/event/${event.id}/connect_marketo_program/`, { program_id: 1001 })).status,
    ).toBe(404);
  });

  it("pushes a registrant by the worker to the event's Marketo program and Pardot list, and the Eloqua event form", async () => {
    const person = registrant('Grace');
    expect((await register(studio, event.id, person)).status).toBe(201);
    // The prospect the SYNC_PARDOT list imported went to the program and the exporting list when the
    // event got them (their back-fill), before this registrant.
    await syncStatusReaches(api, event.id, {
      marketo: { synced: 2, pending: 0, failed: 0 },
      pardot: { synced: 2, pending: 0, failed: 0 },
      eloqua: { synced: 1, pending: 0, failed: 0 },
    });
    const bodies = (requests: { text: string }[]) =>
      requests.map((request) => JSON.parse(request.text) as unknown);
    const theirs = (requests: { text: string }[]) =>
      bodies(requests.filter((request) => request.text.includes(person.email)));

    expect(theirs(marketo.to('/rest/v1/leads.json'))).toEqual([
      {
        action: 'createOrUpdate',
        lookupField: 'email',
        input: [{ email: person.email, firstName: person.first_name, lastName: person.last_name }],
      },
    ]);
    const registered = { statusName: 'Registered', input: [{ leadId: expect.any(Number) as unknown }] };
    expect(bodies(marketo.to('/rest/v1/programs/1001/members/status.json'))).toEqual([
      registered,
      registered,
    ]);

    const [upsert] = theirs(pardot.to('/api/v5/objects/prospects/do/upsertLatestByEmail')) as {
      matchEmail: string;
      prospect: Record<string, unknown>;
    }[];
    expect(upsert).toMatchObject({
      matchEmail: person.email,
      prospect: { email: person.email, firstName: person.first_name, lastName: person.last_name },
    });
    const memberships = pardot
      .to('/api/v5/objects/list-memberships')
      .filter((request) => request.method === 'POST');
    // The imported prospect's and Grace's, in whichever order the worker pushed them.
    const listed = bodies(memberships) as { listId: number; prospectId: number }[];
    expect(listed.map((membership) => membership.listId)).toEqual([1234, 1234]);
    expect(listed.map((membership) => membership.prospectId)).toContain(7001);

    expect(eloqua.submissions).toEqual([
      {
        formId: '1234',
        fieldValues: [
          { type: 'FieldValue', id: '501', value: person.email },
          { type: 'FieldValue', id: '502', value: person.first_name },
        ],
      },
    ]);
  });

  /** An event with a form asking for the organisation, its Marketo program and Pardot list connected. */
  const mappedEvent = async (formName: string) => {
    const mapped = await registrationEvent(api);
    await newForm(
      api,
      formName,
      [{ type: 'textfield', key: 'organisation', label: 'Organisation' }],
      mapped.id,
    );
    await api.post(`/api/event/${mapped.id}/connect_marketo_program/`, { program_id: 1001 });
    await api.post(`/api/event/${mapped.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'REGISTRATION',
    });
    return mapped;
  };

  it('maps registration fields, custom answers included, to Marketo lead, Pardot prospect and Eloqua form fields', async () => {
    const mapped = await mappedEvent('Marketing form');

    const objectTypes = await api.get<{ crm_object_types: string[] }>(
      '/api/integrations/crm/marketo/object_types/',
    );
    expect(objectTypes.body.crm_object_types).toEqual(['lead']);
    const targets = async (crm: string, objectType: string) =>
      (
        await api.get<{ id: string; is_updateable: boolean; is_custom: boolean }[]>(
          `/api/integrations/crm/${crm}/target_fields/?crm_object_type=${objectType}`,
        )
      ).body;
    // Marketo's describe: by REST name, read-only ones kept as such, SOAP-only ones left out.
    expect((await targets('marketo', 'lead')).map((field) => field.id)).toEqual([
      'email',
      'firstName',
      'lastName',
      'company',
      'createdAt',
    ]);
    expect((await targets('marketo', 'lead')).find((field) => field.id === 'createdAt')?.is_updateable).toBe(
      false,
    );
    expect(await targets('pardot', 'prospect')).toContainEqual(
      expect.objectContaining({ id: 'Tshirt_Size__c', is_custom: true }),
    );
    expect((await targets('eloqua', 'form')).map((field) => field.id)).toEqual([
      'emailAddress',
      'firstName',
      'company',
    ]);
    expect(
      (await api.get<ApiError>('/api/integrations/crm/pardot/target_fields/?crm_object_type=lead')).status,
    ).toBe(400);

    const save = (crm: string, objectType: string, rows: Record<string, unknown>[]) =>
      api.post<ApiError>('/api/integrations/field-mappings/bulk_save/', {
        crm_type: crm,
        crm_object_type: objectType,
        entity_type: 'EVENT',
        entity_id: mapped.id,
        field_mappings: rows,
      });
    const email = (target: string) => ({
      source_field_id: 'email',
      crm_field_id: target,
      crm_field_update_policy: 'NEVER_UPDATE',
    });
    const unknownTarget = await save('marketo', 'lead', [
      email('email'),
      { source_field_id: 'organisation', crm_field_id: 'nope' },
    ]);
    expect(unknownTarget.status).toBe(400);
    expect(unknownTarget.body.errors?.['field_mappings.1']?.[0]).toBe('MISSING_TARGET_FIELD');
    expect(
      (
        await save('marketo', 'lead', [
          email('email'),
          { source_field_id: 'organisation', crm_field_id: 'company' },
          { source_field_id: 'status', crm_field_id: 'lastName' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await save('pardot', 'prospect', [
          email('email'),
          { source_field_id: 'organisation', crm_field_id: 'Tshirt_Size__c' },
        ])
      ).status,
    ).toBe(200);
    expect(
      (
        await save('eloqua', 'form', [
          email('emailAddress'),
          { source_field_id: 'organisation', crm_field_id: 'company' },
        ])
      ).status,
    ).toBe(200);

    const person = registrant('Ada');
    expect((await register(studio, mapped.id, { ...person, organisation: 'Acme' })).status).toBe(201);
    await syncStatusReaches(api, mapped.id, {
      marketo: { synced: 1 },
      pardot: { synced: 1 },
      eloqua: { synced: 1 },
    });
    const leads = marketo
      .to('/rest/v1/leads.json')
      .map((request) => JSON.parse(request.text) as { input: Record<string, string>[] })
      .filter((body) => body.input[0]?.email === person.email);
    expect(leads).toEqual([
      {
        action: 'createOrUpdate',
        lookupField: 'email',
        input: [{ email: person.email, company: 'Acme', lastName: 'REGISTRATION' }],
      },
    ]);
    const prospects = pardot
      .to('/api/v5/objects/prospects/do/upsertLatestByEmail')
      .map((request) => JSON.parse(request.text) as { prospect: Record<string, string> })
      .filter((body) => body.prospect.email === person.email);
    expect(prospects.map((body) => body.prospect)).toEqual([{ email: person.email, Tshirt_Size__c: 'Acme' }]);
    expect(eloqua.submissions.at(-1)).toEqual({
      formId: '1234',
      fieldValues: [
        { type: 'FieldValue', id: '501', value: person.email },
        { type: 'FieldValue', id: '503', value: 'Acme' },
      ],
    });
  });

  it("honours each mapped field's update policy in the Marketo, Pardot and Eloqua pushes", async () => {
    const mapped = await mappedEvent('Policy form');
    const row = (source: string, target: string, policy: string) => ({
      source_field_id: source,
      crm_field_id: target,
      crm_field_update_policy: policy,
    });
    const save = (crm: string, objectType: string, rows: Record<string, unknown>[]) =>
      api.post('/api/integrations/field-mappings/bulk_save/', {
        crm_type: crm,
        crm_object_type: objectType,
        entity_type: 'EVENT',
        entity_id: mapped.id,
        field_mappings: rows,
      });
    const saved = await Promise.all([
      save('marketo', 'lead', [
        row('email', 'email', 'NEVER_UPDATE'),
        row('organisation', 'company', 'UPDATE_IF_EMPTY'),
        row('first_name', 'firstName', 'NEVER_UPDATE'),
        row('status', 'lastName', 'ALWAYS_UPDATE'),
      ]),
      save('pardot', 'prospect', [
        row('email', 'email', 'NEVER_UPDATE'),
        row('organisation', 'company', 'UPDATE_IF_EMPTY'),
        row('first_name', 'firstName', 'UPDATE_IF_EMPTY'),
      ]),
      save('eloqua', 'form', [
        row('email', 'emailAddress', 'NEVER_UPDATE'),
        row('organisation', 'company', 'NEVER_UPDATE'),
        row('first_name', 'firstName', 'ALWAYS_UPDATE'),
      ]),
    ]);
    expect(saved.map((answer) => answer.status)).toEqual([200, 200, 200]);

    // Known to Marketo and Pardot already, with a company; a newcomer is known to neither.
    const known = registrant('Ines');
    marketo.leads.set(known.email, { id: 4999, email: known.email, company: 'Old Co', firstName: 'Inès' });
    pardot.prospects.set(6999, { id: 6999, email: known.email, company: 'Old Co' });
    const newcomer = registrant('Nora');
    for (const person of [known, newcomer])
      expect((await register(studio, mapped.id, { ...person, organisation: 'Acme' })).status).toBe(201);
    await syncStatusReaches(api, mapped.id, {
      marketo: { synced: 2 },
      pardot: { synced: 2 },
      eloqua: { synced: 2 },
    });

    const pushedLead = (email: string) =>
      marketo
        .to('/rest/v1/leads.json')
        .filter((request) => request.method === 'POST')
        .map((request) => (JSON.parse(request.text) as { input: Record<string, string>[] }).input[0])
        .filter((lead) => lead?.email === email);
    // Marketo's company is kept (not empty), the first name never updated; a new lead gets all.
    expect(pushedLead(known.email)).toEqual([{ email: known.email, lastName: 'REGISTRATION' }]);
    expect(marketo.leads.get(known.email)).toMatchObject({ company: 'Old Co', firstName: 'Inès' });
    expect(pushedLead(newcomer.email)).toEqual([
      { email: newcomer.email, company: 'Acme', firstName: 'Nora', lastName: 'REGISTRATION' },
    ]);
    const upserted = (email: string) =>
      pardot
        .to('/api/v5/objects/prospects/do/upsertLatestByEmail')
        .map((request) => (JSON.parse(request.text) as { prospect: Record<string, string> }).prospect)
        .filter((prospect) => prospect.email === email);
    // Pardot's company is kept; its empty first name is filled.
    expect(upserted(known.email)).toEqual([{ email: known.email, firstName: 'Ines' }]);
    expect(pardot.prospects.get(6999)).toMatchObject({ company: 'Old Co', firstName: 'Ines' });
    expect(upserted(newcomer.email)).toEqual([{ email: newcomer.email, company: 'Acme', firstName: 'Nora' }]);

    // Eloqua: the registration submits every mapped field; the check-in only those always updated.
    const before = eloqua.submissions.length;
    expect(await checkInByEmail(api, mapped.id, newcomer.email)).toBe(200);
    await eventually(() => Promise.resolve(expect(eloqua.submissions.length).toBe(before + 1)));
    const byEmail = (value: string) =>
      eloqua.submissions.filter((one) => one.fieldValues.some((field) => field.value === value));
    expect(byEmail(newcomer.email).map((one) => one.fieldValues.map((field) => field.id))).toEqual([
      ['501', '502', '503'],
      ['501', '502'],
    ]);
  });

  /** The Marketo program member statuses one person's lead was given, in order. */
  const statusesOf = (email: string) => {
    const leadId = marketo.leads.get(email)?.id;
    return marketo
      .to('/rest/v1/programs/1001/members/status.json')
      .map((request) => JSON.parse(request.text) as { statusName: string; input: { leadId: number }[] })
      .filter((body) => body.input.some((input) => input.leadId === leadId))
      .map((body) => body.statusName);
  };

  it('moves the Marketo program member to Attended at the check-in', async () => {
    const person = registrant('Edith');
    expect((await register(studio, event.id, person)).status).toBe(201);
    await eventually(() => Promise.resolve(expect(statusesOf(person.email)).toEqual(['Registered'])));
    expect(await checkInByEmail(api, event.id, person.email)).toBe(200);
    await eventually(() =>
      Promise.resolve(expect(statusesOf(person.email)).toEqual(['Registered', 'Attended'])),
    );
    const leads = marketo
      .to('/rest/v1/leads.json')
      .filter((request) => request.method === 'POST')
      .map((request) => JSON.parse(request.text) as { input: { email: string }[] })
      .filter((body) => body.input[0]?.email === person.email);
    expect(leads).toHaveLength(2);
  });

  it("takes a canceled registrant out of the Marketo program and the event's REGISTRATION Pardot list, and submits the change to Eloqua", async () => {
    const mapped = await mappedEvent('Cancellation form');
    const person = registrant('Canceling');
    expect((await register(studio, mapped.id, person)).status).toBe(201);
    const pushed = { synced: 1, pending: 0, failed: 0 };
    await syncStatusReaches(api, mapped.id, { marketo: pushed, pardot: pushed, eloqua: pushed });
    const prospect = [...pardot.prospects.values()].find((found) => found.email === person.email)!;
    const onList = () =>
      pardot.memberships.some((member) => member.listId === 1234 && member.prospectId === prospect.id);
    expect(onList()).toBe(true);
    const submissions = () =>
      eloqua.submissions.filter((submission) =>
        submission.fieldValues.some((field) => field.value === person.email),
      ).length;
    expect(submissions()).toBe(1);

    const registration = (await registrationsOf(studio, mapped.id)).get(person.email)!;
    expect((await setStatus(api, registration.id, 'CANCELED')).status).toBe(200);
    const leadId = marketo.leads.get(person.email)?.id;
    await eventually(() => {
      expect(onList()).toBe(false);
      expect(submissions()).toBe(2);
      expect(
        marketo
          .to('/rest/v1/programs/1001/members/delete.json')
          .map((request) => JSON.parse(request.text) as unknown),
      ).toContainEqual({ input: [{ leadId }] });
      return Promise.resolve();
    });
    await syncStatusReaches(api, mapped.id, { marketo: pushed, pardot: pushed, eloqua: pushed });
  });

  it('adds a registrant to an ATTENDED Pardot list at the check-in, not at the registration', async () => {
    const attendedList = await registrationEvent(api);
    const connected = await api.post(`/api/event/${attendedList.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'ATTENDED',
    });
    expect(connected.status).toBe(200);
    const person = registrant('Attending');
    const upserts = () =>
      pardot
        .to('/api/v5/objects/prospects/do/upsertLatestByEmail')
        .filter(
          (request) => (JSON.parse(request.text) as { matchEmail: string }).matchEmail === person.email,
        );
    const memberships = () =>
      pardot.to('/api/v5/objects/list-memberships').filter((request) => request.method === 'POST').length;
    const before = memberships();
    expect((await register(studio, attendedList.id, person)).status).toBe(201);
    // The registration's pushes are done (Eloqua's) and Pardot's was never queued.
    await eventually(async () => {
      const status = await api.get<IntegrationActivitySync>(
        `/api/event/${attendedList.id}/integration_activity_sync_status/`,
      );
      expect(status.body.integrationStatusMap).toEqual({
        eloqua: expect.objectContaining({ synced: 1 }) as unknown,
      });
    });
    expect(upserts()).toHaveLength(0);

    expect(await checkInByEmail(api, attendedList.id, person.email)).toBe(200);
    await syncStatusReaches(api, attendedList.id, { pardot: { synced: 1, pending: 0, failed: 0 } });
    expect(upserts()).toHaveLength(1);
    expect(memberships()).toBe(before + 1);
  });

  it("moves the registrants who never attended to the Marketo program's No Show once the event has ended, once", async () => {
    const ended = await registrationEvent(api);
    await api.post(`/api/event/${ended.id}/connect_marketo_program/`, { program_id: 1001 });
    const [present, absent] = [registrant('Present'), registrant('Absent')];
    for (const person of [present, absent])
      expect((await register(studio, ended.id, person)).status).toBe(201);
    await eventually(() =>
      Promise.resolve(
        expect([statusesOf(present.email), statusesOf(absent.email)]).toEqual([
          ['Registered'],
          ['Registered'],
        ]),
      ),
    );
    expect(await checkInByEmail(api, ended.id, present.email)).toBe(200);
    await eventually(() =>
      Promise.resolve(expect(statusesOf(present.email)).toEqual(['Registered', 'Attended'])),
    );
    // Nothing moves before the event ends.
    expect(statusesOf(absent.email)).toEqual(['Registered']);

    const hour = 3_600_000;
    await studio.database.db
      .updateTable('events')
      .set({ start_time: new Date(Date.now() - 2 * hour), end_time: new Date(Date.now() - hour) })
      .where('id', '=', ended.id)
      .execute();
    const done = () =>
      studio.database.db
        .selectFrom('marketo_no_shows')
        .selectAll()
        .where('event_id', '=', ended.id)
        .executeTakeFirst();
    await eventually(async () => expect(await done()).toMatchObject({ program_id: '1001', lead_count: 1 }));
    expect(statusesOf(absent.email)).toEqual(['Registered', 'No Show']);
    expect(statusesOf(present.email)).toEqual(['Registered', 'Attended']);
    // Later sweeps leave the ended event alone.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(statusesOf(absent.email)).toEqual(['Registered', 'No Show']);
    expect(statusesOf(present.email)).toEqual(['Registered', 'Attended']);
  });

  it('pushes nothing to a connector the event has no target in (a Pardot list that imports)', async () => {
    const other = await registrationEvent(api);
    await api.post(`/api/event/${other.id}/update_pardot_list_id_v2/`, {
      list_id: 1234,
      activity_type: 'SYNC_PARDOT',
    });
    const before = pardot.to('/api/v5/objects/prospects/do/upsertLatestByEmail').length;
    expect((await register(studio, other.id, registrant('Hedy'))).status).toBe(201);
    await eventually(async () => {
      const status = await api.get<IntegrationActivitySync>(
        `/api/event/${other.id}/integration_activity_sync_status/`,
      );
      expect(status.body.integrationStatusMap).toEqual({
        eloqua: expect.objectContaining({ synced: 1 }) as unknown,
      });
    });
    expect(pardot.to('/api/v5/objects/prospects/do/upsertLatestByEmail')).toHaveLength(before);
  });

  it("answers the spec's generic message when a vendor fails, and 404 for another organisation's event", async () => {
    wistia.fail(10);
    const down = await api.get<ApiError>(`/api/event/${event.id}/fetch_wistia_existing_projects_v2/`);
    wistia.fail(0);
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Something has gone wrong. Please Try Again!!');

    const other = await newOrganization(studio.app);
    const stranger = caller(studio, other.access);
    expect((await stranger.get(`/api/event/${event.id}/fetch_wistia_existing_projects_v2/`)).status).toBe(
      404,
    );
  });
});
