import { homeSchema } from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import { createHomeService, type HomeDeps } from './home.service.ts';

/** The organisation home (issue 13 §2): one request reading the other modules' services. */
export function registerHomeArea(app: HttpServer, deps: HomeDeps): void {
  const home = createHomeService(deps);
  app.get(
    '/api/core/home/',
    { preValidation: signedIn.preValidation, schema: { tags: ['home'], response: { 200: homeSchema } } },
    async (request) => home.home(signedIn.of(request).caller),
  );
}
