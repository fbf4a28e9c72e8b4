import { magicLinkAnswerSchema, magicLinkQuerySchema, reissueMagicLinkSchema } from '@studio/domain';
import { requireCaller } from '../../platform/http/caller.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import { permitted } from '../../platform/http/route-support.ts';
import type { MagicLinksService } from './magic-links.service.ts';

const tags = ['magic links'];

/**
 * Spec 002 §7.6 "GET magic link" (by email or user id, in one event) and our re-issue. Static
 * paths beside `/api/event/:id/`: the router prefers them.
 */
export function registerMagicLinksRoutes(app: HttpServer, service: MagicLinksService): void {
  app.get(
    '/api/event/magic_link/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, querystring: magicLinkQuerySchema, response: { 200: magicLinkAnswerSchema } },
    },
    async (request) => ({ url: await service.linkFor(requireCaller(request), request.query) }),
  );

  app.post(
    '/api/event/magic_link/reissue/',
    {
      preValidation: permitted('event:read'),
      schema: { tags, body: reissueMagicLinkSchema, response: { 200: magicLinkAnswerSchema } },
    },
    async (request) => ({ url: await service.reissue(requireCaller(request), request.body) }),
  );
}
