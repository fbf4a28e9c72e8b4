import { z } from 'zod';
import {
  transcribeRequestSchema,
  transcriptAnswerSchema,
  transcriptDownloadQuerySchema,
  updateChaptersRequestSchema,
  updateTranscriptRequestSchema,
  videoAssetSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { attachment } from './seo-export.ts';
import type { TranscriptsService } from './transcripts.service.ts';

const tags = ['video library'];

/** A VTT or SRT file as text (the page reads the file the organiser picked). */
const uploadTranscriptRequestSchema = z.object({
  file_name: z.string().max(255).optional(),
  content: z.string().min(1, 'This field is required.').max(5_000_000),
});

/** Transcripts and chapters of a library video (issue 37). */
export function registerTranscriptRoutes(app: HttpServer, transcripts: TranscriptsService): void {
  // The video is loaded by the guard, before the body is read: another organisation's answers 404.
  const reads = guard({ permission: 'video:read', load: transcripts.readable });
  const writes = guard({ permission: 'video:update', load: transcripts.writable });
  const path = '/api/core/video_assets/:id/transcript/';

  app.get(
    path,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: transcriptAnswerSchema } },
    },
    (request) => transcripts.answerOf(reads.of(request).object),
  );

  app.put(
    path,
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateTranscriptRequestSchema,
        response: { 200: transcriptAnswerSchema },
      },
    },
    async (request) => transcripts.edit(writes.of(request).object, request.body.items),
  );

  app.post(
    `${path}upload/`,
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: uploadTranscriptRequestSchema,
        response: { 200: transcriptAnswerSchema },
      },
    },
    async (request) => transcripts.upload(writes.of(request).object, request.body.content),
  );

  app.post(
    `${path}transcribe/`,
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: transcribeRequestSchema,
        response: { 200: transcriptAnswerSchema },
      },
    },
    async (request) => transcripts.transcribe(writes.of(request).object, request.body.language),
  );

  app.get(
    `${path}download/`,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, querystring: transcriptDownloadQuerySchema },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = transcripts.download(reads.of(request).object, format);
      return reply
        .header('content-type', file.type)
        .header('content-disposition', attachment(file.name, format))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.put(
    '/api/core/video_assets/:id/chapters/',
    {
      preValidation: writes.preValidation,
      schema: {
        tags,
        params: idParams,
        body: updateChaptersRequestSchema,
        response: { 200: videoAssetSchema },
      },
    },
    async (request) => {
      const { caller, object } = writes.of(request);
      return transcripts.setChapters(caller, object, request.body.chapters);
    },
  );
}
