import type { IncomingMessage } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filesMessages,
  signedUrlRequestSchema,
  signedUrlResponseSchema,
  UPLOAD_PRESET_NAMES,
  type UploadPresetName,
} from '@studio/domain';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { ObjectNotFoundError, contentTypeOf, type ObjectStore } from '../../platform/storage/object-store.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { FilesService } from './files.service.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

const tags = ['files'];

const ticketQuery = z.object({
  key: z.string(),
  organization: z.string(),
  type: z.string(),
  preset: z.enum(UPLOAD_PRESET_NAMES as [UploadPresetName, ...UploadPresetName[]]),
  expires: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
  sig: z.string(),
});

const tooLarge = () =>
  new HttpError(413, 'FILE_TOO_LARGE', filesMessages.tooLarge, { file: [filesMessages.tooLarge] });

/** The request body, refused (413) as soon as it passes `limit` bytes. */
async function readBody(raw: IncomingMessage, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The stored file (or its resized copy) a content path names, with headers that never let it run
 * as a page; 404 when there is none. The studio and the attendee site both answer content paths.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  deps: { files: FilesService; storage: ObjectStore },
  path: string,
  width: number | undefined,
): Promise<FastifyReply> {
  const key = await deps.files.servedKey(path, width);
  try {
    const object = await deps.storage.get(key);
    return (
      reply
        .header('content-type', contentTypeOf(key))
        .header('content-length', String(object.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        // A stored file is never a page: no script runs even if a browser were to render it as one.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(object.body)
    );
  } catch (error) {
    if (error instanceof ObjectNotFoundError) throw notFound();
    throw error;
  }
}

/**
 * General files and images (spec 001 §7): a signed URL, the PUT of the bytes to it, and the stored
 * file (or a resized copy) served from its content URL.
 */
export async function registerFilesRoutes(
  app: HttpServer,
  files: FilesService,
  storage: ObjectStore,
): Promise<void> {
  const route = routesOf(app, tags);
  route.post(
    '/api/core/files/signed_url/',
    signedIn,
    { body: signedUrlRequestSchema, answer: signedUrlResponseSchema },
    ({ caller, body }) => files.signedUrl(caller, body),
  );

  await app.register((scope, _options, done) => {
    // The bytes are read here, as a stream with a limit of their own; nothing parses them.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, parsed) => parsed(null));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .put(
        '/api/files/upload/',
        { schema: { tags, security: [], querystring: ticketQuery } },
        async (request, reply) => {
          const ticket = request.query;
          files.admit(ticket, request.caller);
          const limit = files.maxBytesOf(ticket.preset);
          if (Number(request.headers['content-length'] ?? 0) > limit) throw tooLarge();
          const stored = await files.store(ticket, await readBody(request.raw, limit));
          return reply.status(201).send(stored);
        },
      );
    done();
  });

  publicRoutesOf(app, tags).get(
    '/api/files/*',
    {
      params: z.object({ '*': z.string() }),
      query: z.object({ w: z.coerce.number().int().positive().optional() }),
    },
    ({ params, query }, _request, reply) => sendStoredFile(reply, { files, storage }, params['*'], query.w),
  );
}
