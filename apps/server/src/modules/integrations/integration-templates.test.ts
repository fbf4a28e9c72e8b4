import type {
  ApiError,
  CrmSourceField,
  EventCrmSettings,
  FieldMapping,
  IntegrationTemplate,
  Series,
  StudioEvent,
  StudioTemplate,
} from '@studio/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { openedForFile } from '../../../test/file-studio.ts';
import { newOrganization } from '../../../test/harness.ts';
import { HUBSPOT_TOKEN, startHubSpotServer } from '../../../test/vendors/hubspot-server.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { fileCrmStudio } from './crm.fixtures.ts';
import { newForm } from '../registration/forms/forms.fixtures.ts';

/** Issue 36 §4–5: the integration template of studio templates and series, and form-level mapping. */
describe('integration templates (templates and series) and form-level field mapping', () => {
  const hubspot = openedForFile(startHubSpotServer);
  const studio = fileCrmStudio(() => ({ hubspotApiBaseUrl: hubspot.url }));
  let api: Api;
  let other: Api;
  let organizationId: string;

  beforeAll(async () => {
    const admin = await newOrganization(studio.app);
    organizationId = admin.organization.id;
    api = caller(studio, admin.access);
    other = caller(studio, (await newOrganization(studio.app, 'Other Org')).access);
    const connected = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'hubspot',
      access_token: HUBSPOT_TOKEN,
    });
    expect(connected.status).toBe(200);
  });

  const newTemplate = async (title: string) => {
    const created = await api.post<StudioTemplate>('/api/event/studio-templates/', { title });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  };
  const templatePath = (id: string) => `/api/event/studio-templates/${id}/integration_template/`;
  const mappingBody = (entityType: string, entityId: string) => ({
    crm_type: 'hubspot',
    crm_object_type: 'contacts',
    entity_type: entityType,
    entity_id: entityId,
    field_mappings: [
      { source_field_id: 'email', crm_field_id: 'email', crm_field_update_policy: 'NEVER_UPDATE' },
      { source_field_id: 'last_name', crm_field_id: 'lastname' },
    ],
  });
  const mappingOf = (entityType: string, entityId: string) =>
    api.get<FieldMapping>(
      `/api/integrations/field-mappings/?crm_type=hubspot&crm_object_type=contacts&entity_type=${entityType}&entity_id=${entityId}`,
    );

  it("gives a template its integration template: each CRM's settings, updated one CRM at a time", async () => {
    const template = await newTemplate('Webinar kit');
    const fresh = await api.get<IntegrationTemplate>(templatePath(template.id));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      entity_type: 'STUDIO_TEMPLATE',
      entity_id: template.id,
      settings: [
        { crm_type: 'salesforce', is_enabled: true, campaign_member_status: null, hubspot_portal_id: null },
        { crm_type: 'hubspot', is_enabled: true, campaign_member_status: null, hubspot_portal_id: null },
      ],
    });
    const patched = await api.patch<IntegrationTemplate>(`${templatePath(template.id)}hubspot/`, {
      hubspot_portal_id: '24681357',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.settings[1]).toMatchObject({ crm_type: 'hubspot', hubspot_portal_id: '24681357' });
    const off = await api.patch<IntegrationTemplate>(`${templatePath(template.id)}salesforce/`, {
      is_enabled: false,
    });
    expect(off.body.settings.map((settings) => settings.is_enabled)).toEqual([false, true]);

    const bad = await api.patch<ApiError>(`${templatePath(template.id)}hubspot/`, {
      hubspot_portal_id: 'not a number',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.hubspot_portal_id).toEqual(['A HubSpot portal id is a number.']);
    expect((await api.patch(`${templatePath(template.id)}marketo/`, { is_enabled: false })).status).toBe(400);
  });

  it('answers a change of nothing (an empty body, or only unknown fields) with the settings as they were', async () => {
    const template = await newTemplate('Unchanged kit');
    await api.patch(`${templatePath(template.id)}hubspot/`, { hubspot_portal_id: '1357' });
    for (const body of [{}, { unknown_field: 1 }]) {
      const same = await api.patch<IntegrationTemplate>(`${templatePath(template.id)}hubspot/`, body);
      expect(same.status).toBe(200);
      expect(same.body.settings[1]).toEqual({
        crm_type: 'hubspot',
        is_enabled: true,
        campaign_member_status: null,
        hubspot_portal_id: '1357',
      });
    }
    // A CRM never changed before: its settings as they start.
    const untouched = await api.patch<IntegrationTemplate>(`${templatePath(template.id)}salesforce/`, {});
    expect(untouched.status).toBe(200);
    expect(untouched.body.settings[0]).toMatchObject({ crm_type: 'salesforce', is_enabled: true });
  });

  it("answers 404 for another organisation's template or series before reading the body", async () => {
    const template = await newTemplate('Private kit');
    const series = await api.post<Series>('/api/event/series/', { name: 'Private series', events: [] });
    expect((await other.get(templatePath(template.id))).status).toBe(404);
    expect(
      (await other.patch(`${templatePath(template.id)}hubspot/`, { hubspot_portal_id: 'garbage' })).status,
    ).toBe(404);
    expect((await other.get(`/api/event/series/${series.body.id}/integration_template/`)).status).toBe(404);
    expect(
      (
        await other.post(
          '/api/integrations/field-mappings/bulk_save/',
          mappingBody('STUDIO_TEMPLATE', template.id),
        )
      ).status,
    ).toBe(404);
    expect((await api.get(templatePath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });

  it("maps a template's registration fields, and an event made from it starts with its settings and mappings", async () => {
    const template = await newTemplate('Summit kit');
    const sources = await api.get<CrmSourceField[]>(
      `/api/integrations/field-mappings/source_fields/?studio_template_id=${template.id}`,
    );
    expect(sources.status).toBe(200);
    expect(sources.body.map((field) => field.id)).toEqual(['first_name', 'last_name', 'email', 'status']);
    const saved = await api.post<FieldMapping>(
      '/api/integrations/field-mappings/bulk_save/',
      mappingBody('STUDIO_TEMPLATE', template.id),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({
      entity_type: 'STUDIO_TEMPLATE',
      entity_id: template.id,
      is_active: true,
    });
    await api.patch(`${templatePath(template.id)}hubspot/`, {
      hubspot_portal_id: '111',
      is_enabled: false,
    });

    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'Summit, autumn',
      start_time: '2031-10-01T15:00:00Z',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const settings = await api.get<EventCrmSettings[]>(`/api/event/${made.body.id}/integration_settings/`);
    expect(settings.body.find((row) => row.crm_type === 'hubspot')).toMatchObject({
      is_enabled: false,
      hubspot_portal_id: '111',
    });
    const mapping = await mappingOf('EVENT', made.body.id);
    expect(mapping.body).toMatchObject({ entity_type: 'EVENT', entity_id: made.body.id, is_active: true });
    expect(mapping.body.field_mappings.map((entry) => entry.crm_field_id)).toEqual(['email', 'lastname']);
    // The event's copy is its own: changing it leaves the template's as it was.
    await api.post('/api/integrations/field-mappings/bulk_save/', {
      ...mappingBody('EVENT', made.body.id),
      field_mappings: [
        { source_field_id: 'email', crm_field_id: 'email', crm_field_update_policy: 'NEVER_UPDATE' },
      ],
    });
    expect((await mappingOf('STUDIO_TEMPLATE', template.id)).body.field_mappings).toHaveLength(2);
  });

  it('a template made from an event, and its duplicate, keep the CRM settings and mappings', async () => {
    const event = await newEvent(api, {
      title: 'Source event',
      start: '2031-05-01T15:00:00Z',
      end: '2031-05-01T16:00:00Z',
    });
    await api.patch(`/api/event/${event.id}/integration_settings/hubspot/`, { hubspot_portal_id: '222' });
    expect(
      (await api.post('/api/integrations/field-mappings/bulk_save/', mappingBody('EVENT', event.id))).status,
    ).toBe(200);
    const template = await api.post<StudioTemplate>('/api/event/studio-templates/create_from_event/', {
      event: event.id,
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const copied = await api.get<IntegrationTemplate>(templatePath(template.body.id));
    expect(copied.body.settings[1]).toMatchObject({ hubspot_portal_id: '222' });
    expect((await mappingOf('STUDIO_TEMPLATE', template.body.id)).body.field_mappings).toHaveLength(2);

    const duplicate = await api.post<StudioTemplate>(
      `/api/event/studio-templates/${template.body.id}/duplicate/`,
      {},
    );
    expect(duplicate.status, JSON.stringify(duplicate.body)).toBe(201);
    expect(
      (await api.get<IntegrationTemplate>(templatePath(duplicate.body.id))).body.settings[1],
    ).toMatchObject({
      hubspot_portal_id: '222',
    });
  });

  it("copies a template's integration template onto an existing event, refusing another organisation's template", async () => {
    const template = await newTemplate('Copy kit');
    await api.patch(`${templatePath(template.id)}hubspot/`, { hubspot_portal_id: '333' });
    await api.post(
      '/api/integrations/field-mappings/bulk_save/',
      mappingBody('STUDIO_TEMPLATE', template.id),
    );
    const event = await newEvent(api, {
      title: 'Existing event',
      start: '2031-06-01T15:00:00Z',
      end: '2031-06-01T16:00:00Z',
    });
    const copied = await api.post<EventCrmSettings[]>(`/api/event/${event.id}/copy_integration_template/`, {
      studio_template_id: template.id,
    });
    expect(copied.status, JSON.stringify(copied.body)).toBe(200);
    expect(copied.body.find((row) => row.crm_type === 'hubspot')?.hubspot_portal_id).toBe('333');
    expect((await mappingOf('EVENT', event.id)).body.field_mappings).toHaveLength(2);

    const foreign = await other.post<StudioTemplate>('/api/event/studio-templates/', { title: 'Theirs' });
    const refused = await api.post<ApiError>(`/api/event/${event.id}/copy_integration_template/`, {
      studio_template_id: foreign.body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.studio_template_id).toEqual(['This template was not found.']);
    // Another organisation cannot copy onto this event, whatever the body.
    expect(
      (await other.post(`/api/event/${event.id}/copy_integration_template/`, { studio_template_id: 'x' }))
        .status,
    ).toBe(404);
  });

  it('gives a series its integration template', async () => {
    const series = await api.post<Series>('/api/event/series/', { name: 'Quarterly', events: [] });
    const path = `/api/event/series/${series.body.id}/integration_template/`;
    expect((await api.get<IntegrationTemplate>(path)).body).toMatchObject({
      entity_type: 'SERIES',
      entity_id: series.body.id,
    });
    const patched = await api.patch<IntegrationTemplate>(`${path}salesforce/`, {
      campaign_member_status: 'Attended',
    });
    expect(patched.body.settings[0]).toMatchObject({
      crm_type: 'salesforce',
      campaign_member_status: 'Attended',
    });
    expect((await api.get<IntegrationTemplate>(path)).body.settings[0]?.campaign_member_status).toBe(
      'Attended',
    );
  });

  it("maps a global form only with the 'one-click register' and 'form-level field mapping' flags on", async () => {
    const form = await newForm(api, 'Lead capture', [
      { type: 'textfield', key: 'company', label: 'Company' },
    ]);
    const sourcesUrl = `/api/integrations/field-mappings/source_fields/?form_id=${form.id}`;
    const refused = await api.get<ApiError>(sourcesUrl);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      message: 'This feature is not enabled for your organization',
    });
    await setOperatorFlags(studio, organizationId, { isOneClickRegisterEnabled: true });
    expect(
      (await api.post('/api/integrations/field-mappings/bulk_save/', mappingBody('GLOBAL_FORM', form.id)))
        .status,
    ).toBe(403);
    await setOperatorFlags(studio, organizationId, { isFormLevelFieldMappingEnabled: true });
    expect((await api.get<CrmSourceField[]>(sourcesUrl)).body).toContainEqual({
      id: 'company',
      label: 'Company',
    });
    expect(
      (await api.post('/api/integrations/field-mappings/bulk_save/', mappingBody('GLOBAL_FORM', form.id)))
        .status,
    ).toBe(200);
    expect((await mappingOf('GLOBAL_FORM', form.id)).body.is_active).toBe(true);
  });
});
