import {
  clonedMarketoProgramSchema,
  cloneMarketoProgramSchema,
  connectionsQuerySchema,
  connectMarketoProgramSchema,
  connectWistiaProjectSchema,
  eloquaFormAnswerSchema,
  eloquaFormQuerySchema,
  eloquaFormValidateQuerySchema,
  eventMarketingSettingsSchema,
  marketoActivityTypesSchema,
  marketoFolderQuerySchema,
  marketoFoldersSchema,
  marketoMemberStatusesSchema,
  marketoMemberStatusQuerySchema,
  marketoProgramQuerySchema,
  pardotImportSchema,
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
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['integrations'];

/**
 * Spec 001 §7 and 002 §7.12: Marketo (validate program, folder search, clone, member status,
 * create_marketo_custom_activity_types), Pardot (update_pardot_list_id_v2, a SYNC_PARDOT list's
 * import), Eloqua (validate form
 * id; its auth health is the connections' own) and Wistia (fetch_wistia_existing_projects_v2, the
 * event's recordings and their pushes, a push by hand).
 * What they find is stored: the event's program, list and project, the organisation's base
 * program and event form.
 */
export function registerMarketingRoutes(app: HttpServer, service: MarketingService): void {
  const route = routesOf(app, tags);
  const { managers, event } = integrationGuards(service.eventManagedBy);

  route.get(
    '/api/event/:id/validate_marketo_program_id/',
    event,
    { params: idParams, query: marketoProgramQuerySchema, answer: validatedMarketoProgramSchema },
    ({ object, query }) => service.validateMarketoProgram(object, query.program_id),
  );

  route.get(
    '/api/integrations/marketo/folders/',
    managers,
    { query: marketoFolderQuerySchema, answer: marketoFoldersSchema },
    ({ caller, query }) => service.marketoFolders(caller, query.search_name, query),
  );

  route.post(
    '/api/event/:id/clone_marketo_program/',
    event,
    { params: idParams, body: cloneMarketoProgramSchema, answer: clonedMarketoProgramSchema },
    ({ object, body }) => service.cloneMarketoProgram(object, body),
  );

  route.get(
    '/api/event/:id/marketo_program_member_status/',
    event,
    { params: idParams, query: marketoMemberStatusQuerySchema, answer: marketoMemberStatusesSchema },
    ({ object, query }) => service.marketoMemberStatuses(object, query.program_id),
  );

  route.post(
    '/api/core/organization/:id/create_marketo_custom_activity_types/',
    managers,
    { params: idParams, query: connectionsQuerySchema, answer: marketoActivityTypesSchema },
    ({ caller, params, query }) => service.createMarketoActivityTypes(caller, params.id, query),
  );

  route.post(
    '/api/event/:id/update_pardot_list_id_v2/',
    event,
    { params: idParams, body: pardotListUpdateSchema, answer: pardotListAnswerSchema },
    ({ object, body }) => service.pardotList(object, body.list_id, body.activity_type),
  );

  route.get(
    '/api/event/:id/pardot_import/',
    event,
    { params: idParams, answer: pardotImportSchema },
    ({ object }) => service.pardotImport(object),
  );

  route.get(
    '/api/integrations/eloqua/validate_form_id/',
    managers,
    { query: eloquaFormValidateQuerySchema, answer: eloquaFormAnswerSchema },
    ({ caller, query }) => service.validateEloquaForm(caller, query.eloqua_form_id, query),
  );

  route.get(
    '/api/event/:id/fetch_wistia_existing_projects_v2/',
    event,
    { params: idParams, answer: wistiaProjectsSchema },
    ({ object }) => service.wistiaProjects(object),
  );

  route.get(
    '/api/event/:id/marketing_settings/',
    event,
    { params: idParams, answer: z.array(eventMarketingSettingsSchema) },
    ({ object }) => service.eventSettings(object),
  );

  route.post(
    '/api/event/:id/connect_marketo_program/',
    event,
    { params: idParams, body: connectMarketoProgramSchema, answer: validatedMarketoProgramSchema },
    ({ object, body }) => service.connectMarketoProgram(object, body.program_id),
  );

  route.post(
    '/api/integrations/marketo/base_program/',
    managers,
    {
      query: connectionsQuerySchema,
      body: connectMarketoProgramSchema,
      answer: validatedMarketoProgramSchema,
    },
    ({ caller, query, body }) => service.setMarketoBaseProgram(caller, body.program_id, query),
  );

  route.post(
    '/api/event/:id/connect_wistia_project/',
    event,
    {
      params: idParams,
      body: connectWistiaProjectSchema,
      answer: wistiaProjectsSchema.shape.wistia_projects.element,
    },
    ({ object, body }) => service.connectWistiaProject(object, body.project_id),
  );

  route.post(
    '/api/integrations/eloqua/event_form/',
    managers,
    { query: connectionsQuerySchema, body: eloquaFormQuerySchema, answer: eloquaFormAnswerSchema },
    ({ caller, query, body }) => service.setEloquaForm(caller, body.eloqua_form_id, query),
  );

  route.post(
    '/api/event/:id/push_recording_to_wistia/',
    event,
    { params: idParams, body: pushWistiaRecordingSchema, answer: wistiaRecordingSchema, status: 202 },
    ({ object, body }) => service.pushWistiaRecording(object, body.video_id),
  );

  route.get(
    '/api/event/:id/wistia_recordings/',
    event,
    { params: idParams, answer: wistiaRecordingsSchema },
    ({ object }) => service.wistiaRecordings(object),
  );
}
