import { homeSchema } from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import { createHomeService, type HomeDeps } from './home.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

/** The organisation home (issue 13 §2): one request reading the other modules' services. */
export function registerHomeArea(app: HttpServer, deps: HomeDeps): void {
  const route = routesOf(app, ['home']);
  const home = createHomeService(deps);
  route.get('/api/core/home/', signedIn, { answer: homeSchema }, ({ caller }) => home.home(caller));
}
