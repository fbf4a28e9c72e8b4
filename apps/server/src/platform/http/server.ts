import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './answers.ts';
import { bearerToken, type Authenticator, type SessionClaimsReader } from './caller.ts';
import { installInputGuard } from './input-guard.ts';
import { withoutToken } from './request-log.ts';
import { installSecurity } from './security.ts';

export interface HttpServerOptions {
  logLevel: string;
  /** Where the log goes; default standard output. */
  logStream?: { write(line: string): void } | undefined;
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
  /** Told of each route as it is registered (tests: the access matrix calls every one). */
  onRoute?: ((route: RouteOptions) => void) | undefined;
}

const API_DESCRIPTION =
  'The Event Studio REST API. Scripts call it with an API token from Settings → API Tokens ' +
  '(the automation API), people through the studio with their access token.';
const API_TOKEN_DESCRIPTION =
  "An organization's API token (Settings → API Tokens), sent as `Authorization: Bearer st_…`. " +
  "It acts as its creator with their current role, inside the token's organization only, while " +
  "the organization's 'new automation API' flag is on (else 403 FEATURE_NOT_ENABLED). Each token " +
  'has a rate limit per minute: over it the answer is 429 with a Retry-After header. A deleted ' +
  'token answers 401. API tokens cannot manage API tokens.';

export type HttpServer = ReturnType<typeof withTypes>;
/** The server with its zod schemas typed; also a plugin's own scope (`register`'s instance). */
export const withTypes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Fastify with zod schemas, OpenAPI at /api/docs, the caller resolved from the bearer token. */
export async function createHttpServer(options: HttpServerOptions): Promise<HttpServer> {
  const app = Fastify({
    logger:
      options.logLevel === 'silent'
        ? false
        : {
            level: options.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Bearer tokens (access tokens, API tokens) are never written: no header is logged,
            // and the websocket's `?token=` is redacted.
            serializers: {
              req: (request: FastifyRequest) => ({
                method: request.method,
                url: withoutToken(request.url),
                remoteAddress: request.ip,
              }),
            },
          },
    trustProxy: options.trustProxy,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(options.checkAnswers ?? true));
  installInputGuard(app);
  installSecurity(app, { mediaOrigins: options.mediaOrigins ?? [], isMediaOrigin: options.isMediaOrigin });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Event Studio API', version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access token of a signed-in person (POST /api/auth/login/).',
          },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'st_…',
            description: API_TOKEN_DESCRIPTION,
          },
        },
      },
      // Either scheme: an API token acts as its creator (routes that need a person refuse it).
      security: [{ bearer: [] }, { apiToken: [] }],
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
