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
  pushedWistiaRecordingSchema,
  pushWistiaRecordingSchema,
  validatedMarketoProgramSchema,
  wistiaProjectsSchema,
} from '@studio/domain';
import { z } from 'zod';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { MarketingService } from './marketing.service.ts';

// The service decides per call: `organization:update` for the organisation's, `event:update` for an event's.
const managers = guard({ permission: ['event:update', 'organization:update'] });
const tags = ['integrations'];

/**
 * Spec 001 §7 and 002 §7.12: Marketo (validate program, folder search, clone, member status,
 * create_marketo_custom_activity_types), Pardot (update_pardot_list_id_v2), Eloqua (validate form
 * id; its auth health is the connections' own) and Wistia (fetch_wistia_existing_projects_v2).
 * What they find is stored: the event's program, list and project, the organisation's base
 * program and event form.
 */
export function registerMarketingRoutes(app: HttpServer, service: MarketingService): void {
  const caller = (request: Parameters<typeof managers.of>[0]) => managers.of(request).caller;
  const on = { preValidation: managers.preValidation };
  // An event's routes load the event before the body is read: another organisation's is 404.
  const eventManagers = guard({
    permission: 'event:update',
    load: (caller, id) => service.managedEvent(caller, id),
  });
  const eventCaller = (request: Parameters<typeof eventManagers.of>[0]) => eventManagers.of(request).caller;
  const onEvent = { preValidation: eventManagers.preValidation };
  // The organisation's own settings: only its managers get as far as the body.
  const organizationManagers = guard({ permission: 'organization:update' });
  const organizationCaller = (request: Parameters<typeof organizationManagers.of>[0]) =>
    organizationManagers.of(request).caller;
  const onOrganization = { preValidation: organizationManagers.preValidation };

  app.get(
    '/api/event/:id/validate_marketo_program_id/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        querystring: marketoProgramQuerySchema,
        response: { 200: validatedMarketoProgramSchema },
      },
    },
    (request) =>
      service.validateMarketoProgram(eventCaller(request), request.params.id, request.query.program_id),
  );

  app.get(
    '/api/integrations/marketo/folders/',
    {
      ...on,
      schema: { tags, querystring: marketoFolderQuerySchema, response: { 200: marketoFoldersSchema } },
    },
    (request) => service.marketoFolders(caller(request), request.query.search_name),
  );

  app.post(
    '/api/event/:id/clone_marketo_program/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: cloneMarketoProgramSchema,
        response: { 200: clonedMarketoProgramSchema },
      },
    },
    (request) => service.cloneMarketoProgram(eventCaller(request), request.params.id, request.body),
  );

  app.get(
    '/api/event/:id/marketo_program_member_status/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        querystring: marketoMemberStatusQuerySchema,
        response: { 200: marketoMemberStatusesSchema },
      },
    },
    (request) =>
      service.marketoMemberStatuses(eventCaller(request), request.params.id, request.query.program_id),
  );

  app.post(
    '/api/core/organization/:id/create_marketo_custom_activity_types/',
    { ...on, schema: { tags, params: idParams, response: { 200: marketoActivityTypesSchema } } },
    (request) => service.createMarketoActivityTypes(caller(request), request.params.id),
  );

  app.post(
    '/api/event/:id/update_pardot_list_id_v2/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: pardotListUpdateSchema,
        response: { 200: pardotListAnswerSchema },
      },
    },
    (request) =>
      service.pardotList(
        eventCaller(request),
        request.params.id,
        request.body.list_id,
        request.body.activity_type,
      ),
  );

  app.get(
    '/api/integrations/eloqua/validate_form_id/',
    {
      ...on,
      schema: { tags, querystring: eloquaFormQuerySchema, response: { 200: eloquaFormAnswerSchema } },
    },
    (request) => service.validateEloquaForm(caller(request), request.query.eloqua_form_id),
  );

  app.get(
    '/api/event/:id/fetch_wistia_existing_projects_v2/',
    { ...onEvent, schema: { tags, params: idParams, response: { 200: wistiaProjectsSchema } } },
    (request) => service.wistiaProjects(eventCaller(request), request.params.id),
  );

  app.get(
    '/api/event/:id/marketing_settings/',
    {
      ...onEvent,
      schema: { tags, params: idParams, response: { 200: z.array(eventMarketingSettingsSchema) } },
    },
    (request) => service.eventSettings(eventCaller(request), request.params.id),
  );

  app.post(
    '/api/event/:id/connect_marketo_program/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: connectMarketoProgramSchema,
        response: { 200: validatedMarketoProgramSchema },
      },
    },
    (request) =>
      service.connectMarketoProgram(eventCaller(request), request.params.id, request.body.program_id),
  );

  app.post(
    '/api/integrations/marketo/base_program/',
    {
      ...onOrganization,
      schema: { tags, body: connectMarketoProgramSchema, response: { 200: validatedMarketoProgramSchema } },
    },
    (request) => service.setMarketoBaseProgram(organizationCaller(request), request.body.program_id),
  );

  app.post(
    '/api/event/:id/connect_wistia_project/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: connectWistiaProjectSchema,
        response: { 200: wistiaProjectsSchema.shape.wistia_projects.element },
      },
    },
    (request) =>
      service.connectWistiaProject(eventCaller(request), request.params.id, request.body.project_id),
  );

  app.post(
    '/api/integrations/eloqua/event_form/',
    {
      ...onOrganization,
      schema: { tags, body: eloquaFormQuerySchema, response: { 200: eloquaFormAnswerSchema } },
    },
    (request) => service.setEloquaForm(organizationCaller(request), request.body.eloqua_form_id),
  );

  app.post(
    '/api/event/:id/push_recording_to_wistia/',
    {
      ...onEvent,
      schema: {
        tags,
        params: idParams,
        body: pushWistiaRecordingSchema,
        response: { 200: pushedWistiaRecordingSchema },
      },
    },
    (request) => service.pushWistiaRecording(eventCaller(request), request.params.id, request.body.video_id),
  );
}
