import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './answers.ts';
import { bearerToken, type Authenticator, type SessionClaimsReader } from './caller.ts';
import { installInputGuard } from './input-guard.ts';
import { installSecurity } from './security.ts';

export interface HttpServerOptions {
  logLevel: string;
  trustProxy: boolean;
  authenticate: Authenticator;
  /** Without it, routes that check their own session get a caller like every other route. */
  sessionClaims?: SessionClaimsReader | undefined;
  /** Origins allowed to read media answers cross-origin; default none (same origin only). */
  mediaOrigins?: readonly string[] | undefined;
  /** More origins allowed to read media, decided per request (verified custom domains). */
  isMediaOrigin?: ((origin: string) => Promise<boolean>) | undefined;
  /** Encode every answer with its response schema and refuse one that differs (default: true). */
  checkAnswers?: boolean | undefined;
}

export type HttpServer = ReturnType<typeof withTypes>;
const withTypes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Fastify with zod schemas, OpenAPI at /api/docs, the caller resolved from the bearer token. */
export async function createHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const app = Fastify({
    logger:
      options.logLevel === 'silent'
        ? false
        : { level: options.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(options.checkAnswers ?? true));
  installInputGuard(app);
  installSecurity(app, { mediaOrigins: options.mediaOrigins ?? [], isMediaOrigin: options.isMediaOrigin });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Event Studio API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Its page needs inline script: it sends a CSP of its own (script hashes); its inline styles are
  // allowed, and plain-http installs keep working (no upgrade-insecure-requests).
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'")
        .replace(' upgrade-insecure-requests;', ''),
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, () => app.swagger());

  app.decorateRequest('caller', null);
  app.decorateRequest('sessionClaims', null);
  app.decorateRequest('sessionCheck', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) return;
    const { checksItsOwnSession, readsBesideSessionCheck } = request.routeOptions.config;
    if (options.sessionClaims && checksItsOwnSession) {
      request.sessionClaims = await options.sessionClaims(token);
      if (request.sessionClaims) return;
    }
    if (options.sessionClaims && readsBesideSessionCheck && (await options.sessionClaims(token))) {
      request.sessionCheck = options.authenticate(token).then((caller) => (request.caller = caller));
      // The guard awaits it; a request refused before the guard must not leave it unhandled.
      request.sessionCheck.catch(() => undefined);
      return;
    }
    request.caller = await options.authenticate(token);
  });
  return withTypes(app);
}
