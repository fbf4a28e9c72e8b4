import {
  createSurveySchema,
  surveyBroadcastSchema,
  surveyListQuerySchema,
  surveyPageSchema,
  surveySchema,
  SURVEYS_PAGE_SIZE,
  updateSurveySchema,
} from '@studio/domain';
import { requireCaller } from '../../../platform/http/caller.ts';
import { pageRequest, toPage } from '../../../platform/http/pagination.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import type { SurveysService } from './surveys.service.ts';

const tags = ['surveys'];

/** Spec 002 §7.9 "Surveys": list, create, update, fetch, delete, duplicate with a session, detach. */
export function registerSurveysRoutes(app: HttpServer, service: SurveysService, publicUrl: string): void {
  const editable = guard({ permission: 'event:update', load: service.editableSurvey });

  app.get(
    '/api/event/surveys/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
      schema: { tags, querystring: surveyListQuerySchema, response: { 200: surveyPageSchema } },
    },
    async (request) => {
      const page = pageRequest(request.query, SURVEYS_PAGE_SIZE);
      const { count, results } = await service.list(requireCaller(request), request.query, page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );

  app.post(
    '/api/event/surveys/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, body: createSurveySchema, response: { 201: surveySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(requireCaller(request), request.body)),
  );

  app.get(
    '/api/event/surveys/:id/',
    {
      preValidation: guard({ permission: 'event:read' }).preValidation,
      schema: { tags, params: idParams, response: { 200: surveySchema } },
    },
    async (request) => service.get(requireCaller(request), request.params.id),
  );

  app.patch(
    '/api/event/surveys/:id/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: updateSurveySchema, response: { 200: surveySchema } },
    },
    async (request) => service.update(editable.of(request).object, request.body),
  );

  app.delete(
    '/api/event/surveys/:id/',
    {
      preValidation: guard({ permission: 'event:update' }).preValidation,
      schema: { tags, params: idParams },
    },
    async (request, reply) => {
      await service.delete(requireCaller(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/event/surveys/:id/duplicate/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: surveyBroadcastSchema, response: { 201: surveySchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.duplicate(editable.of(request).object, request.body.broadcast)),
  );

  app.post(
    '/api/event/surveys/:id/detach/',
    {
      preValidation: editable.preValidation,
      schema: { tags, params: idParams, body: surveyBroadcastSchema },
    },
    async (request, reply) => {
      await service.detach(editable.of(request).object, request.body.broadcast);
      return reply.status(204).send();
    },
  );
}
