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
  eventCrmSettingsSchema,
  integrationTypeSchema,
  fieldMappingQuerySchema,
  fieldMappingSchema,
  integrationActivitySyncSchema,
  patchEventCrmSettingsSchema,
  salesforceCampaignQuerySchema,
  saveFieldMappingsSchema,
  sourceFieldsQuerySchema,
  validatedCampaignSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { IntegrationsService } from './integrations.service.ts';

// The service decides per call: `organization:update` for connections and global forms, `event:update` for an event's.
const managers = guard({ permission: ['event:update', 'organization:update'] });
const tags = ['integrations'];
const crm = '/api/integrations/crm/';
const mappings = '/api/integrations/field-mappings/';
const crmParams = z.object({ crmType: crmTypeSchema });
const connectionParams = z.object({ crmType: integrationTypeSchema });
const eventCrmParams = z.object({ id: z.string().max(100), crmType: crmTypeSchema });

/**
 * Spec 001 §7 and 002 §7.12: the organisation's CRM connections (authenticate, auth health, region),
 * CRM object types and target fields, field mappings (source fields, list, bulk save, defaults,
 * delete), an event's CRM settings (Salesforce campaign, HubSpot portal) and its activity sync status.
 */
export function registerIntegrationsRoutes(app: HttpServer, service: IntegrationsService): void {
  const caller = (request: Parameters<typeof managers.of>[0]) => managers.of(request).caller;
  const on = { preValidation: managers.preValidation };
  // An event's routes load the event before the body is read: another organisation's is 404.
  const eventManagers = guard({
    permission: 'event:update',
    load: (caller, id) => service.managedEvent(caller, id),
  });
  const eventCaller = (request: Parameters<typeof eventManagers.of>[0]) => eventManagers.of(request).caller;
  const onEvent = { preValidation: eventManagers.preValidation };

  app.get(
    `${crm}connections/`,
    { ...on, schema: { tags, response: { 200: crmConnectionListSchema } } },
    (request) => service.connections(caller(request)),
  );

  app.post(
    `${crm}authenticate/`,
    { ...on, schema: { tags, body: crmCredentialsSchema, response: { 200: crmAuthenticationResultSchema } } },
    (request) => service.authenticate(caller(request), request.body),
  );

  app.post(
    `${crm}:crmType/auth_health/`,
    { ...on, schema: { tags, params: connectionParams, response: { 200: crmAuthenticationResultSchema } } },
    (request) => service.authHealth(caller(request), request.params.crmType),
  );

  app.patch(
    `${crm}:crmType/region/`,
    {
      ...on,
      schema: {
        tags,
        params: connectionParams,
        body: crmRegionSchema,
        response: { 200: crmAuthenticationResultSchema },
      },
    },
    (request) => service.updateRegion(caller(request), request.params.crmType, request.body.region),
  );

  app.delete(
    `${crm}:crmType/`,
    { ...on, schema: { tags, params: connectionParams } },
    async (request, reply) => {
      await service.disconnect(caller(request), request.params.crmType);
      return reply.status(204).send();
    },
  );

  app.get(
    `${crm}:crmType/object_types/`,
    {
      ...on,
      schema: {
        tags,
        params: crmParams,
        response: { 200: z.object({ crm_object_types: z.array(z.string()) }) },
      },
    },
    (request) => Promise.resolve({ crm_object_types: [...CRM_OBJECT_TYPES[request.params.crmType]] }),
  );

  app.get(
    `${crm}:crmType/target_fields/`,
    {
      ...on,
      schema: {
        tags,
        params: crmParams,
        querystring: z.object({ crm_object_type: z.string().min(1).max(100) }),
        response: { 200: crmTargetFieldListSchema },
      },
    },
    (request) => service.targetFields(caller(request), request.params.crmType, request.query.crm_object_type),
  );

  app.get(
    `${mappings}source_fields/`,
    {
      ...on,
      schema: { tags, querystring: sourceFieldsQuerySchema, response: { 200: crmSourceFieldListSchema } },
    },
    (request) => service.sourceFields(caller(request), request.query),
  );

  app.get(
    mappings,
    { ...on, schema: { tags, querystring: fieldMappingQuerySchema, response: { 200: fieldMappingSchema } } },
    (request) => service.mapping(caller(request), request.query),
  );

  app.post(
    `${mappings}bulk_save/`,
    { ...on, schema: { tags, body: saveFieldMappingsSchema, response: { 200: fieldMappingSchema } } },
    (request) => service.saveMapping(caller(request), request.body),
  );

  app.post(
    `${mappings}defaults/`,
    {
      ...on,
      schema: { tags, body: createDefaultMappingsSchema, response: { 201: z.array(fieldMappingSchema) } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createDefaults(caller(request), request.body)),
  );

  app.delete(
    mappings,
    { ...on, schema: { tags, querystring: fieldMappingQuerySchema } },
    async (request, reply) => {
      await service.deleteMapping(caller(request), request.query);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/event/:id/integration_settings/',
    { ...onEvent, schema: { tags, params: idParams, response: { 200: z.array(eventCrmSettingsSchema) } } },
    (request) => service.eventSettings(eventCaller(request), request.params.id),
  );

  app.patch(
    '/api/event/:id/integration_settings/:crmType/',
    {
      ...onEvent,
      schema: {
        tags,
        params: eventCrmParams,
        body: patchEventCrmSettingsSchema,
        response: { 200: eventCrmSettingsSchema },
      },
    },
    (request) =>
      service.updateEventSettings(
        eventCaller(request),
        request.params.id,
        request.params.crmType,
        request.body,
      ),
  );

  app.get(
    '/api/event/:id/validate_salesforce_campaign_id/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        querystring: salesforceCampaignQuerySchema,
        response: { 200: validatedCampaignSchema },
      },
    },
    (request) => service.validateCampaign(eventCaller(request), request.params.id, request.query.campaign_id),
  );

  app.post(
    '/api/event/:id/connect_salesforce_campaign/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: connectSalesforceCampaignSchema,
        response: { 200: connectedCampaignSchema },
      },
    },
    (request) => service.connectCampaign(eventCaller(request), request.params.id, request.body.campaign_id),
  );

  app.get(
    '/api/event/:id/salesforce_campaign_member_status/',
    { ...onEvent, schema: { tags, params: idParams, response: { 200: campaignMemberStatusSchema } } },
    (request) => service.campaignMemberStatus(eventCaller(request), request.params.id),
  );

  app.get(
    '/api/event/:id/integration_activity_sync_status/',
    { ...onEvent, schema: { tags, params: idParams, response: { 200: integrationActivitySyncSchema } } },
    (request) => service.activitySync(eventCaller(request), request.params.id),
  );
}
