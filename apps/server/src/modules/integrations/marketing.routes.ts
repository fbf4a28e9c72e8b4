import {
  clonedMarketoProgramSchema,
  cloneMarketoProgramSchema,
  connectMarketoProgramSchema,
  connectWistiaProjectSchema,
  eloquaFormAnswerSchema,
  eloquaFormQuerySchema,
  eventMarketingSettingsSchema,
  marketoActivityTypesSchema,
  marketoFolderQuerySchema,
  marketoFoldersSchema,
  marketoMemberStatusesSchema,
  marketoMemberStatusQuerySchema,
  marketoProgramQuerySchema,
  pardotListAnswerSchema,
  pardotListUpdateSchema,
  pushWistiaRecordingSchema,
  validatedMarketoProgramSchema,
  wistiaProjectsSchema,
  wistiaRecordingSchema,
  wistiaRecordingsSchema,
} from '@studio/domain';
import { z } from 'zod';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { integrationGuards } from './integration-guards.ts';
import type { MarketingService } from './marketing.service.ts';

const tags = ['integrations'];

/**
 * Spec 001 §7 and 002 §7.12: Marketo (validate program, folder search, clone, member status,
 * create_marketo_custom_activity_types), Pardot (update_pardot_list_id_v2), Eloqua (validate form
 * id; its auth health is the connections' own) and Wistia (fetch_wistia_existing_projects_v2, the
 * event's recordings and their pushes, a push by hand).
 * What they find is stored: the event's program, list and project, the organisation's base
 * program and event form.
 */
export function registerMarketingRoutes(app: HttpServer, service: MarketingService): void {
  const { managers, event, organization } = integrationGuards((caller, id) =>
    service.managedEvent(caller, id),
  );

  app.get(
    '/api/event/:id/validate_marketo_program_id/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        querystring: marketoProgramQuerySchema,
        response: { 200: validatedMarketoProgramSchema },
      },
    },
    (request) =>
      service.validateMarketoProgram(event.caller(request), request.params.id, request.query.program_id),
  );

  app.get(
    '/api/integrations/marketo/folders/',
    {
      ...managers.on,
      schema: { tags, querystring: marketoFolderQuerySchema, response: { 200: marketoFoldersSchema } },
    },
    (request) => service.marketoFolders(managers.caller(request), request.query.search_name),
  );

  app.post(
    '/api/event/:id/clone_marketo_program/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: cloneMarketoProgramSchema,
        response: { 200: clonedMarketoProgramSchema },
      },
    },
    (request) => service.cloneMarketoProgram(event.caller(request), request.params.id, request.body),
  );

  app.get(
    '/api/event/:id/marketo_program_member_status/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        querystring: marketoMemberStatusQuerySchema,
        response: { 200: marketoMemberStatusesSchema },
      },
    },
    (request) =>
      service.marketoMemberStatuses(event.caller(request), request.params.id, request.query.program_id),
  );

  app.post(
    '/api/core/organization/:id/create_marketo_custom_activity_types/',
    { ...managers.on, schema: { tags, params: idParams, response: { 200: marketoActivityTypesSchema } } },
    (request) => service.createMarketoActivityTypes(managers.caller(request), request.params.id),
  );

  app.post(
    '/api/event/:id/update_pardot_list_id_v2/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: pardotListUpdateSchema,
        response: { 200: pardotListAnswerSchema },
      },
    },
    (request) =>
      service.pardotList(
        event.caller(request),
        request.params.id,
        request.body.list_id,
        request.body.activity_type,
      ),
  );

  app.get(
    '/api/integrations/eloqua/validate_form_id/',
    {
      ...managers.on,
      schema: { tags, querystring: eloquaFormQuerySchema, response: { 200: eloquaFormAnswerSchema } },
    },
    (request) => service.validateEloquaForm(managers.caller(request), request.query.eloqua_form_id),
  );

  app.get(
    '/api/event/:id/fetch_wistia_existing_projects_v2/',
    { ...event.on, schema: { tags, params: idParams, response: { 200: wistiaProjectsSchema } } },
    (request) => service.wistiaProjects(event.caller(request), request.params.id),
  );

  app.get(
    '/api/event/:id/marketing_settings/',
    {
      ...event.on,
      schema: { tags, params: idParams, response: { 200: z.array(eventMarketingSettingsSchema) } },
    },
    (request) => service.eventSettings(event.caller(request), request.params.id),
  );

  app.post(
    '/api/event/:id/connect_marketo_program/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: connectMarketoProgramSchema,
        response: { 200: validatedMarketoProgramSchema },
      },
    },
    (request) =>
      service.connectMarketoProgram(event.caller(request), request.params.id, request.body.program_id),
  );

  app.post(
    '/api/integrations/marketo/base_program/',
    {
      ...organization.on,
      schema: { tags, body: connectMarketoProgramSchema, response: { 200: validatedMarketoProgramSchema } },
    },
    (request) => service.setMarketoBaseProgram(organization.caller(request), request.body.program_id),
  );

  app.post(
    '/api/event/:id/connect_wistia_project/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: connectWistiaProjectSchema,
        response: { 200: wistiaProjectsSchema.shape.wistia_projects.element },
      },
    },
    (request) =>
      service.connectWistiaProject(event.caller(request), request.params.id, request.body.project_id),
  );

  app.post(
    '/api/integrations/eloqua/event_form/',
    {
      ...organization.on,
      schema: { tags, body: eloquaFormQuerySchema, response: { 200: eloquaFormAnswerSchema } },
    },
    (request) => service.setEloquaForm(organization.caller(request), request.body.eloqua_form_id),
  );

  app.post(
    '/api/event/:id/push_recording_to_wistia/',
    {
      ...event.on,
      schema: {
        tags,
        params: idParams,
        body: pushWistiaRecordingSchema,
        response: { 202: wistiaRecordingSchema },
      },
    },
    async (request, reply) => {
      const queued = await service.pushWistiaRecording(
        event.caller(request),
        request.params.id,
        request.body.video_id,
      );
      return reply.status(202).send(queued);
    },
  );

  app.get(
    '/api/event/:id/wistia_recordings/',
    { ...event.on, schema: { tags, params: idParams, response: { 200: wistiaRecordingsSchema } } },
    (request) => service.wistiaRecordings(event.caller(request), request.params.id),
  );
}
