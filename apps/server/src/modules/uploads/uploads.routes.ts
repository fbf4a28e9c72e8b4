import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { UploadsService } from './uploads.service.ts';

const tags = ['uploads'];
const idParams = z.object({ id: z.string() });

/**
 * tus 1.0 at /api/uploads/ (creation, creation-with-upload, termination, expiration, checksum).
 * Our checks run first (authentication, organisation, size, type, checksum algorithm); then the
 * request is handed to tus as is.
 */
export async function registerUploadsRoutes(app: HttpServer, uploads: UploadsService): Promise<void> {
  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const method = request.raw.method;
    // Refused (400) before tus reads a byte when the algorithm is not one we compute.
    const checksum =
      method === 'PATCH' || method === 'POST' ? uploads.announcedChecksum(request.raw) : undefined;
    if (method === 'OPTIONS' && uploads.checksumAlgorithms.length > 0) {
      reply.raw.setHeader('Tus-Checksum-Algorithm', uploads.checksumAlgorithms.join(','));
    }
    reply.hijack();
    return uploads.handle(request.raw, reply.raw, checksum);
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
        preValidation: signedIn.preValidation,
        preHandler: async (request) => uploads.prepareCreation(signedIn.of(request).caller, request.raw),
        schema: { tags, summary: 'Create a resumable upload (tus)' },
      },
      handOver,
    );

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      scope.route({
        method,
        url: '/api/uploads/:id',
        preValidation: signedIn.preValidation,
        preHandler: async (request) =>
          uploads.authorizeExisting(
            signedIn.of(request).caller,
            (request.params as { id: string }).id,
            method,
          ),
        schema: { tags, params: idParams },
        handler: handOver,
      });
    }
    done();
  });
}
