import {
  currentUserSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshRequestSchema,
  signupRequestSchema,
  tokenPairSchema,
} from '@studio/domain';
import type { HttpServer } from '../../platform/http/server.ts';
import type { AuthService } from './auth.service.ts';

export function registerAuthRoutes(app: HttpServer, auth: AuthService): void {
  app.post(
    '/api/auth/signup/',
    { schema: { tags: ['auth'], security: [], body: signupRequestSchema, response: { 201: currentUserSchema } } },
    async (request, reply) => reply.status(201).send(await auth.signup(request.body)),
  );

  app.post(
    '/api/auth/login/',
    { schema: { tags: ['auth'], security: [], body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request) => auth.login(request.body.email, request.body.password),
  );

  app.post(
    '/api/auth/token/refresh/',
    { schema: { tags: ['auth'], security: [], body: refreshRequestSchema, response: { 200: tokenPairSchema } } },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/api/auth/logout/',
    { schema: { tags: ['auth'], security: [], body: refreshRequestSchema } },
    async (request, reply) => {
      await auth.logout(request.body.refresh);
      return reply.status(204).send();
    },
  );
}
