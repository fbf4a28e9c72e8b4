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
import type { HttpServer } from '../../platform/http/server.ts';
import { attachment } from './seo-export.ts';
import type { TranscriptsService } from './transcripts.service.ts';

const tags = ['video library'];
const idParams = z.object({ id: z.string() });
const reads = guard({ permission: 'video:read' });
const writes = guard({ permission: 'video:update' });

/** A VTT or SRT file as text (the page reads the file the organiser picked). */
const uploadTranscriptRequestSchema = z.object({
  file_name: z.string().max(255).optional(),
  content: z.string().min(1, 'This field is required.').max(5_000_000),
});

/** Transcripts and chapters of a library video (issue 37). */
export function registerTranscriptRoutes(app: HttpServer, transcripts: TranscriptsService): void {
  const path = '/api/core/video_assets/:id/transcript/';

  app.get(
    path,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, response: { 200: transcriptAnswerSchema } },
    },
    async (request) => transcripts.get(reads.of(request).caller, request.params.id),
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
    async (request) => transcripts.edit(writes.of(request).caller, request.params.id, request.body.items),
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
    async (request) => transcripts.upload(writes.of(request).caller, request.params.id, request.body.content),
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
    async (request) =>
      transcripts.transcribe(writes.of(request).caller, request.params.id, request.body.language),
  );

  app.get(
    `${path}download/`,
    {
      preValidation: reads.preValidation,
      schema: { tags, params: idParams, querystring: transcriptDownloadQuerySchema },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await transcripts.download(reads.of(request).caller, request.params.id, format);
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
    async (request) =>
      transcripts.setChapters(writes.of(request).caller, request.params.id, request.body.chapters),
  );
}
