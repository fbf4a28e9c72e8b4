import { z } from 'zod';
import {
  transcribeRequestSchema,
  transcriptAnswerSchema,
  transcriptDownloadQuerySchema,
  type TranscriptAnswer,
  updateChaptersRequestSchema,
  updateTranscriptRequestSchema,
  videoAssetSchema,
} from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { attachment, sendDownload } from '../../platform/http/download.ts';
import type { TranscriptsService, WritableVideo } from './transcripts.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['video library'];

/** A VTT or SRT file as text (the page reads the file the organiser picked). */
const uploadTranscriptRequestSchema = z.object({
  file_name: z.string().max(255).optional(),
  content: z.string().min(1, 'This field is required.').max(5_000_000),
});

/** Transcripts and chapters of a library video (issue 37). */
export function registerTranscriptRoutes(app: HttpServer, transcripts: TranscriptsService): void {
  const route = routesOf(app, tags);
  // The video is loaded by the guard, before the body is read: another organisation's answers 404.
  const reads = guard({ permission: 'video:read', load: transcripts.readable });
  const writes = guard({ permission: 'video:update', load: transcripts.writable });
  const path = '/api/core/video_assets/:id/transcript/';

  route.get(path, reads, { params: idParams, answer: transcriptAnswerSchema }, ({ object }) =>
    transcripts.answerOf(object),
  );

  /** A change of the transcript, answered with the transcript: its method, path, body and service call. */
  const transcriptChange = <Body extends z.ZodType>(
    declare: typeof route.put,
    url: string,
    body: Body,
    change: (video: WritableVideo, body: z.output<Body>) => Promise<TranscriptAnswer>,
  ) =>
    declare(url, writes, { params: idParams, body, answer: transcriptAnswerSchema }, ({ object, body }) =>
      change(object, body),
    );
  transcriptChange(route.put, path, updateTranscriptRequestSchema, (video, body) =>
    transcripts.edit(video, body.items),
  );
  transcriptChange(route.post, `${path}upload/`, uploadTranscriptRequestSchema, (video, body) =>
    transcripts.upload(video, body.content),
  );
  transcriptChange(route.post, `${path}transcribe/`, transcribeRequestSchema, (video, body) =>
    transcripts.transcribe(video, body.language),
  );

  route.get(
    `${path}download/`,
    reads,
    { params: idParams, query: transcriptDownloadQuerySchema },
    ({ object, query }, _request, reply) => {
      const { format } = query;
      const file = transcripts.download(object, format);
      return sendDownload(reply, { type: file.type, disposition: attachment(file.name, format) }, file.body);
    },
  );

  route.put(
    '/api/core/video_assets/:id/chapters/',
    writes,
    { params: idParams, body: updateChaptersRequestSchema, answer: videoAssetSchema },
    ({ caller, object, body }) => transcripts.setChapters(caller, object, body.chapters),
  );
}
