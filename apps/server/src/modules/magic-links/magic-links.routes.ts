import { magicLinkAnswerSchema, magicLinkQuerySchema, reissueMagicLinkSchema } from '@studio/domain';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { MagicLinksService } from './magic-links.service.ts';

const eventReaders = guard({ permission: 'event:read' });

const tags = ['magic links'];

/**
 * Spec 002 §7.6 "GET magic link" (by email or user id, in one event) and our re-issue. Static
 * paths beside `/api/event/:id/`: the router prefers them.
 */
export function registerMagicLinksRoutes(app: HttpServer, service: MagicLinksService): void {
  app.get(
    '/api/event/magic_link/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, querystring: magicLinkQuerySchema, response: { 200: magicLinkAnswerSchema } },
    },
    async (request) => ({ url: await service.linkFor(eventReaders.of(request).caller, request.query) }),
  );

  app.post(
    '/api/event/magic_link/reissue/',
    {
      preValidation: eventReaders.preValidation,
      schema: { tags, body: reissueMagicLinkSchema, response: { 200: magicLinkAnswerSchema } },
    },
    async (request) => ({ url: await service.reissue(eventReaders.of(request).caller, request.body) }),
  );
}
