import {
  campaignMemberStatusSchema,
  connectedCampaignSchema,
  connectSalesforceCampaignSchema,
  createDefaultMappingsSchema,
  CRM_OBJECT_TYPES,
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
import type { IntegrationsService } from './integrations.service.ts';

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
 * Spec 001 §7 and 002 §7.12: the organisation's CRM connections (authenticate, auth health, region),
 * CRM object types and target fields, field mappings (source fields, list, bulk save, defaults,
 * delete), an event's CRM settings (Salesforce campaign, HubSpot portal) and its activity sync status,
 * and the integration template of a studio template or a series (get, and update per CRM).
 */
export function registerIntegrationsRoutes(app: HttpServer, service: IntegrationsService): void {
  const { managers, connection, event } = integrationGuards((caller, id) => service.managedEvent(caller, id));

  app.get(
    `${crm}connections/`,
    { ...managers.on, schema: { tags, response: { 200: crmConnectionListSchema } } },
    (request) => service.connections(managers.caller(request)),
  );

  app.post(
    `${crm}authenticate/`,
    {
      ...managers.on,
      schema: { tags, body: crmCredentialsSchema, response: { 200: crmAuthenticationResultSchema } },
    },
    (request) => service.authenticate(managers.caller(request), request.body),
  );

  app.post(
    `${crm}:crmType/auth_health/`,
    {
      ...connection.on,
      schema: { tags, params: connectionParams, response: { 200: crmAuthenticationResultSchema } },
    },
    (request) => service.authHealth(connection.caller(request), request.params.crmType),
  );

  app.patch(
    `${crm}:crmType/region/`,
    {
      ...connection.on,
      schema: {
        tags,
        params: connectionParams,
        body: crmRegionSchema,
        response: { 200: crmAuthenticationResultSchema },
      },
    },
    (request) =>
      service.updateRegion(connection.caller(request), request.params.crmType, request.body.region),
  );

  app.delete(
    `${crm}:crmType/`,
    { ...connection.on, schema: { tags, params: connectionParams } },
    async (request, reply) => {
      await service.disconnect(connection.caller(request), request.params.crmType);
      return reply.status(204).send();
    },
  );

  app.get(
    `${crm}:crmType/object_types/`,
    {
      ...connection.on,
      schema: {
        tags,
        params: mappedParams,
        response: { 200: z.object({ crm_object_types: z.array(z.string()) }) },
      },
    },
    (request) => Promise.resolve({ crm_object_types: [...CRM_OBJECT_TYPES[request.params.crmType]] }),
  );

  app.get(
    `${crm}:crmType/target_fields/`,
    {
      ...connection.on,
      schema: {
        tags,
        params: mappedParams,
        querystring: z.object({ crm_object_type: z.string().min(1).max(100) }),
        response: { 200: crmTargetFieldListSchema },
      },
    },
    (request) =>
      service.targetFields(connection.caller(request), request.params.crmType, request.query.crm_object_type),
  );

  app.get(
    `${mappings}source_fields/`,
    {
      ...managers.on,
      schema: { tags, querystring: sourceFieldsQuerySchema, response: { 200: crmSourceFieldListSchema } },
    },
    (request) => service.sourceFields(managers.caller(request), request.query),
  );

  app.get(
    mappings,
    {
      ...managers.on,
      schema: { tags, querystring: fieldMappingQuerySchema, response: { 200: fieldMappingSchema } },
    },
    (request) => service.mapping(managers.caller(request), request.query),
  );

  app.post(
    `${mappings}bulk_save/`,
    {
      ...managers.on,
      schema: { tags, body: saveFieldMappingsSchema, response: { 200: fieldMappingSchema } },
    },
    (request) => service.saveMapping(managers.caller(request), request.body),
  );

  app.post(
    `${mappings}defaults/`,
    {
      ...managers.on,
      schema: { tags, body: createDefaultMappingsSchema, response: { 201: z.array(fieldMappingSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDefaults(managers.caller(request), request.body)),
  );

  app.delete(
    mappings,
    { ...managers.on, schema: { tags, querystring: fieldMappingQuerySchema } },
    async (request, reply) => {
      await service.deleteMapping(managers.caller(request), request.query);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/:id/integration_settings/',
    { ...event.on, schema: { tags, params: idParams, response: { 200: z.array(eventCrmSettingsSchema) } } },
    (request) => service.eventSettings(event.caller(request), request.params.id),
  );

  app.patch(
    '/api/event/:id/integration_settings/:crmType/',
    {
      ...event.on,
      schema: {
        tags,
        params: eventCrmParams,
        body: patchEventCrmSettingsSchema,
        response: { 200: eventCrmSettingsSchema },
      },
    },
    (request) =>
      service.updateEventSettings(
        event.caller(request),
        request.params.id,
        request.params.crmType,
        request.body,
      ),
  );

  app.get(
    '/api/event/:id/validate_salesforce_campaign_id/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        querystring: salesforceCampaignQuerySchema,
        response: { 200: validatedCampaignSchema },
      },
    },
    (request) =>
      service.validateCampaign(event.caller(request), request.params.id, request.query.campaign_id),
  );

  app.post(
    '/api/event/:id/connect_salesforce_campaign/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: connectSalesforceCampaignSchema,
        response: { 200: connectedCampaignSchema },
      },
    },
    (request) => service.connectCampaign(event.caller(request), request.params.id, request.body.campaign_id),
  );

  app.get(
    '/api/event/:id/salesforce_campaign_member_status/',
    { ...event.on, schema: { tags, params: idParams, response: { 200: campaignMemberStatusSchema } } },
    (request) => service.campaignMemberStatus(event.caller(request), request.params.id),
  );

  app.get(
    '/api/event/:id/integration_activity_sync_status/',
    { ...event.on, schema: { tags, params: idParams, response: { 200: integrationActivitySyncSchema } } },
    (request) => service.activitySync(event.caller(request), request.params.id),
  );

  app.post(
    '/api/event/:id/copy_integration_template/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: copyIntegrationTemplateSchema,
        response: { 200: z.array(eventCrmSettingsSchema) },
      },
    },
    (request) =>
      service.copyIntegrationTemplate(
        event.caller(request),
        request.params.id,
        request.body.studio_template_id,
      ),
  );

  for (const [entityType, path] of Object.entries(integrationTemplatePaths) as [
    IntegrationContext,
    string,
  ][]) {
    const context = contextGuard(entityType, service.managedContext);
    app.get(
      path,
      { ...context.on, schema: { tags, params: idParams, response: { 200: integrationTemplateSchema } } },
      (request) => service.integrationTemplate(context.caller(request), entityType, request.params.id),
    );
    app.patch(
      `${path}:crmType/`,
      {
        ...context.on,
        schema: {
          tags,
          params: eventCrmParams,
          body: patchEventCrmSettingsSchema,
          response: { 200: integrationTemplateSchema },
        },
      },
      (request) =>
        service.updateIntegrationTemplate(
          context.caller(request),
          entityType,
          request.params.id,
          request.params.crmType,
          request.body,
        ),
    );
  }
}
