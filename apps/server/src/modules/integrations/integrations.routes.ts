import {
  campaignMemberStatusSchema,
  connectedCampaignSchema,
  connectSalesforceCampaignSchema,
  createDefaultMappingsSchema,
  CRM_OBJECT_TYPES,
  CRM_SYNC_FAILURES_PAGE_SIZE,
  crmSyncFailurePageSchema,
  crmSyncFailuresQuerySchema,
  crmSyncRetryAnswerSchema,
  crmSyncRetrySchema,
  crmAuthenticationResultSchema,
  crmConnectionListSchema,
  crmCredentialsSchema,
  crmRegionSchema,
  crmSourceFieldListSchema,
  crmTargetFieldListSchema,
  crmTypeSchema,
  mappedTypeSchema,
  eventCrmSettingsSchema,
  integrationTypeSchema,
  fieldMappingQuerySchema,
  fieldMappingSchema,
  integrationActivitySyncSchema,
  integrationTemplateSchema,
  copyIntegrationTemplateSchema,
  connectionOwnerQuerySchema,
  connectionsQuerySchema,
  type IntegrationContext,
  patchEventCrmSettingsSchema,
  salesforceCampaignQuerySchema,
  saveFieldMappingsSchema,
  sourceFieldsQuerySchema,
  validatedCampaignSchema,
} from '@studio/domain';
import { z } from 'zod';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { contextGuard, integrationGuards } from './integration-guards.ts';
import type { CrmSyncStatus } from './crm-sync-status.ts';
import type { IntegrationsService } from './integrations.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['integrations'];
const crm = '/api/integrations/crm/';
const mappings = '/api/integrations/field-mappings/';
/** The connectors with field mappings: the CRMs, Marketo, Pardot and Eloqua. */
const mappedParams = z.object({ crmType: mappedTypeSchema });
const connectionParams = z.object({ crmType: integrationTypeSchema });
const eventCrmParams = z.object({ id: z.string().max(100), crmType: crmTypeSchema });
/** Where a studio template's and a series' integration template answer (spec 001 §7). */
const integrationTemplatePaths: Record<IntegrationContext, string> = {
  STUDIO_TEMPLATE: '/api/event/studio-templates/:id/integration_template/',
  SERIES: '/api/event/series/:id/integration_template/',
};

/**
 * Spec 001 §7 and 002 §7.12: the organisation's CRM connections (authenticate, auth health, region;
 * `workspace=`: a team's, team-level integrations),
 * CRM object types and target fields, field mappings (source fields, list, bulk save, defaults,
 * delete), an event's CRM settings (Salesforce campaign, HubSpot portal) and its activity sync status,
 * and the integration template of a studio template or a series (get, and update per CRM).
 */
export function registerIntegrationsRoutes(app: HttpServer, service: IntegrationsService): void {
  const route = routesOf(app, tags);
  const { managers, connection, event } = integrationGuards(service.eventManagedBy);

  route.get(
    `${crm}connections/`,
    managers,
    { query: connectionsQuerySchema, answer: crmConnectionListSchema },
    ({ caller, query }) => service.connections(caller, query),
  );

  route.post(
    `${crm}authenticate/`,
    managers,
    { query: connectionOwnerQuerySchema, body: crmCredentialsSchema, answer: crmAuthenticationResultSchema },
    ({ caller, query, body }) => service.authenticate(caller, body, query.workspace),
  );

  route.post(
    `${crm}:crmType/auth_health/`,
    connection,
    { params: connectionParams, query: connectionOwnerQuerySchema, answer: crmAuthenticationResultSchema },
    ({ caller, params, query }) => service.authHealth(caller, params.crmType, query.workspace),
  );

  route.patch(
    `${crm}:crmType/region/`,
    connection,
    {
      params: connectionParams,
      query: connectionOwnerQuerySchema,
      body: crmRegionSchema,
      answer: crmAuthenticationResultSchema,
    },
    ({ caller, params, query, body }) =>
      service.updateRegion(caller, params.crmType, body.region, query.workspace),
  );

  route.delete(
    `${crm}:crmType/`,
    connection,
    { params: connectionParams, query: connectionOwnerQuerySchema, status: 204 },
    ({ caller, params, query }) => service.disconnect(caller, params.crmType, query.workspace),
  );

  route.get(
    `${crm}:crmType/object_types/`,
    connection,
    { params: mappedParams, answer: z.object({ crm_object_types: z.array(z.string()) }) },
    ({ params }) => Promise.resolve({ crm_object_types: [...CRM_OBJECT_TYPES[params.crmType]] }),
  );

  route.get(
    `${crm}:crmType/target_fields/`,
    connection,
    {
      params: mappedParams,
      query: connectionsQuerySchema.extend({ crm_object_type: z.string().min(1).max(100) }),
      answer: crmTargetFieldListSchema,
    },
    ({ caller, params, query }) => service.targetFields(caller, params.crmType, query.crm_object_type, query),
  );

  route.get(
    `${mappings}source_fields/`,
    managers,
    { query: sourceFieldsQuerySchema, answer: crmSourceFieldListSchema },
    ({ caller, query }) => service.sourceFields(caller, query),
  );

  route.get(
    mappings,
    managers,
    { query: fieldMappingQuerySchema, answer: fieldMappingSchema },
    ({ caller, query }) => service.mapping(caller, query),
  );

  route.post(
    `${mappings}bulk_save/`,
    managers,
    { body: saveFieldMappingsSchema, answer: fieldMappingSchema },
    ({ caller, body }) => service.saveMapping(caller, body),
  );

  route.post(
    `${mappings}defaults/`,
    managers,
    { body: createDefaultMappingsSchema, answer: z.array(fieldMappingSchema), status: 201 },
    ({ caller, body }) => service.createDefaults(caller, body),
  );

  route.delete(mappings, managers, { query: fieldMappingQuerySchema, status: 204 }, ({ caller, query }) =>
    service.deleteMapping(caller, query),
  );

  route.get(
    '/api/event/:id/integration_settings/',
    event,
    { params: idParams, answer: z.array(eventCrmSettingsSchema) },
    ({ object }) => service.eventSettings(object),
  );

  route.patch(
    '/api/event/:id/integration_settings/:crmType/',
    event,
    { params: eventCrmParams, body: patchEventCrmSettingsSchema, answer: eventCrmSettingsSchema },
    ({ object, params, body }) => service.updateEventSettings(object, params.crmType, body),
  );

  route.get(
    '/api/event/:id/validate_salesforce_campaign_id/',
    event,
    { params: idParams, query: salesforceCampaignQuerySchema, answer: validatedCampaignSchema },
    ({ object, query }) => service.validateCampaign(object, query.campaign_id),
  );

  route.post(
    '/api/event/:id/connect_salesforce_campaign/',
    event,
    { params: idParams, body: connectSalesforceCampaignSchema, answer: connectedCampaignSchema },
    ({ object, body }) => service.connectCampaign(object, body.campaign_id),
  );

  route.get(
    '/api/event/:id/salesforce_campaign_member_status/',
    event,
    { params: idParams, answer: campaignMemberStatusSchema },
    ({ object }) => service.campaignMemberStatus(object),
  );

  route.get(
    '/api/event/:id/integration_activity_sync_status/',
    event,
    { params: idParams, answer: integrationActivitySyncSchema },
    ({ object }) => service.activitySync(object),
  );

  route.post(
    '/api/event/:id/copy_integration_template/',
    event,
    { params: idParams, body: copyIntegrationTemplateSchema, answer: z.array(eventCrmSettingsSchema) },
    ({ object, body }) => service.copyIntegrationTemplate(object, body.studio_template_id),
  );

  for (const [entityType, path] of Object.entries(integrationTemplatePaths) as [
    IntegrationContext,
    string,
  ][]) {
    const context = contextGuard(entityType, service.managedContext);
    route.get(path, context, { params: idParams, answer: integrationTemplateSchema }, ({ caller, params }) =>
      service.integrationTemplate(caller, entityType, params.id),
    );
    route.patch(
      `${path}:crmType/`,
      context,
      { params: eventCrmParams, body: patchEventCrmSettingsSchema, answer: integrationTemplateSchema },
      ({ caller, params, body }) =>
        service.updateIntegrationTemplate(caller, entityType, params.id, params.crmType, body),
    );
  }
}

/**
 * An event's pushes to one CRM beyond the counts: the people whose push failed, a page at a time
 * with the CRM's error, and "Retry" (their pushes queued again, one job per person).
 */
export function registerCrmSyncRoutes(
  app: HttpServer,
  service: IntegrationsService,
  status: CrmSyncStatus,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  const { event } = integrationGuards(service.eventManagedBy);

  route.list(
    '/api/event/:id/integration_sync_failures/',
    event,
    {
      params: idParams,
      query: crmSyncFailuresQuerySchema,
      answer: crmSyncFailurePageSchema,
      pageSize: CRM_SYNC_FAILURES_PAGE_SIZE,
    },
    ({ object, query, page }) => status.failures(object, query.crm_type, page),
  );

  route.post(
    '/api/event/:id/integration_sync_retry/',
    event,
    { params: idParams, body: crmSyncRetrySchema, answer: crmSyncRetryAnswerSchema },
    ({ object, body }) => status.retry(object, body.crm_type),
  );
}
