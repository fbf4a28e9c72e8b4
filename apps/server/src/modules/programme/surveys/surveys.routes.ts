import { Readable } from 'node:stream';
import {
  createSurveySchema,
  SURVEY_RESPONSES_PAGE_SIZE,
  surveyBroadcastSchema,
  surveyResponsePageSchema,
  surveyResponsesExportPath,
  surveyResponsesPath,
  surveyResponsesQuerySchema,
  surveyListQuerySchema,
  surveyPageSchema,
  surveySchema,
  SURVEYS_PAGE_SIZE,
  updateSurveySchema,
} from '@studio/domain';
import type { HttpServer } from '../../../platform/http/server.ts';
import { guard } from '../../../platform/http/guard.ts';
import { idParams } from '../../../platform/http/route-support.ts';
import { attachment, CSV_TYPE, sendDownload } from '../../../platform/http/download.ts';
import { registerResourceRoutes } from '../../../platform/http/resource-routes.ts';
import type { SurveyAnswersService } from './survey-answers.service.ts';
import type { SurveysService } from './surveys.service.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import { eventReaders } from '../../../platform/http/access-rules.ts';

const tags = ['surveys'];

/** Spec 002 §7.9 "Surveys": list, create, update, fetch, delete, duplicate with a session, detach. */
export function registerSurveysRoutes(
  app: HttpServer,
  service: SurveysService,
  answers: SurveyAnswersService,
  publicUrl: string,
): void {
  const route = routesOf(app, tags, publicUrl);
  const editable = guard({ permission: 'event:update', load: service.editableSurvey });

  registerResourceRoutes(app, publicUrl, {
    path: '/api/event/surveys/',
    tags,
    part: surveySchema,
    list: {
      query: surveyListQuerySchema,
      page: surveyPageSchema,
      pageSize: SURVEYS_PAGE_SIZE,
      answer: (caller, query, page) => service.list(caller, query, page),
    },
    create: { body: createSurveySchema, answer: (caller, body) => service.create(caller, body) },
    get: (caller, id) => service.get(caller, id),
    update: {
      body: updateSurveySchema,
      guard: editable,
      answer: (loaded, body) => service.update(loaded, body),
    },
    delete: (caller, id) => service.delete(caller, id),
  });

  route.post(
    '/api/event/surveys/:id/duplicate/',
    editable,
    { params: idParams, body: surveyBroadcastSchema, answer: surveySchema, status: 201 },
    ({ object, body }) => service.duplicate(object, body.broadcast),
  );

  route.post(
    '/api/event/surveys/:id/detach/',
    editable,
    { params: idParams, body: surveyBroadcastSchema, status: 204 },
    ({ object, body }) => service.detach(object, body.broadcast),
  );

  // Issue 34 §4: the answers of a survey (a library survey: of every session's copy), read with event:read.
  route.list(
    surveyResponsesPath(':id'),
    eventReaders,
    {
      params: idParams,
      query: surveyResponsesQuerySchema,
      answer: surveyResponsePageSchema,
      pageSize: SURVEY_RESPONSES_PAGE_SIZE,
    },
    ({ caller, params, page }) => answers.responses(caller, params.id, page),
  );

  route.get(
    surveyResponsesExportPath(':id'),
    eventReaders,
    { params: idParams },
    async ({ caller, params }, _request, reply) => {
      const { title, lines } = await answers.exportOf(caller, params.id);
      const disposition = attachment(`${title} answers`, 'csv');
      return sendDownload(reply, { type: CSV_TYPE, disposition }, Readable.from(lines()));
    },
  );
}
