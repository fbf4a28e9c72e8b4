import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireCaller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../access/access.rules.ts';
import type { UploadsService } from './uploads.service.ts';

const tags = ['uploads'];
const idParams = z.object({ id: z.string() });

/**
 * tus 1.0 at /api/uploads/ (creation, creation-with-upload, termination, expiration). Our checks
 * run first (authentication, organisation, size, type); then the request is handed to tus as is.
 */
export async function registerUploadsRoutes(app: HttpServer, uploads: UploadsService): Promise<void> {
  const handOver = (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    return uploads.tus.handle(request.raw, reply.raw);
  };

  await app.register((scope, _options, done) => {
    // The body is tus's to read, as a stream: Fastify must not parse (or limit) it.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.options('/api/uploads/', { schema: { tags, security: [] } }, handOver);
    scope.options('/api/uploads/:id', { schema: { tags, security: [], params: idParams } }, handOver);

    scope.post(
      '/api/uploads/',
      {
        preValidation: signedIn,
        preHandler: async (request) => uploads.prepareCreation(requireCaller(request), request.raw),
        schema: { tags, summary: 'Create a resumable upload (tus)' },
      },
      handOver,
    );

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      scope.route({
        method,
        url: '/api/uploads/:id',
        preValidation: signedIn,
        preHandler: async (request) => uploads.authorizeExisting(requireCaller(request), (request.params as { id: string }).id, method),
        schema: { tags, params: idParams },
        handler: async (request, reply) => {
          await handOver(request, reply);
          if (method === 'DELETE' && reply.raw.statusCode === 204) await uploads.forget((request.params as { id: string }).id);
        },
      });
    }
    done();
  });
}
