import { magicLinkAnswerSchema, magicLinkQuerySchema, reissueMagicLinkSchema } from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import type { MagicLinksService } from './magic-links.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['magic links'];

/**
 * Spec 002 §7.6 "GET magic link" (by email or user id, in one event) and our re-issue. Static
 * paths beside `/api/event/:id/`: the router prefers them.
 */
export function registerMagicLinksRoutes(app: HttpServer, service: MagicLinksService): void {
  const route = routesOf(app, tags);
  route.get(
    '/api/event/magic_link/',
    eventReaders,
    { query: magicLinkQuerySchema, answer: magicLinkAnswerSchema },
    async ({ caller, query }) => ({ url: await service.linkFor(caller, query) }),
  );

  route.post(
    '/api/event/magic_link/reissue/',
    eventReaders,
    { body: reissueMagicLinkSchema, answer: magicLinkAnswerSchema },
    async ({ caller, body }) => ({ url: await service.reissue(caller, body) }),
  );
}
