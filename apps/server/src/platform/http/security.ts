import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '@studio/domain';
import { fieldError } from './errors.ts';

export interface SecuritySettings {
  /** Origins allowed to read media answers cross-origin (the studio, the attendee site), and that its pages may frame. */
  mediaOrigins: readonly string[];
  /** Origins known only at request time (organisations' verified custom domains). */
  isMediaOrigin?: ((origin: string) => Promise<boolean>) | undefined;
}

/** Paths whose answers are media or stored files that players and pages on other origins read. */
const MEDIA_PATHS = [
  /^\/api\/media\//,
  /^\/api\/live\//,
  /^\/api\/core\/video_assets\/[^/]+\/download\//,
  /^\/api\/files\//,
];

export const isMediaPath = (url: string) => MEDIA_PATHS.some((pattern) => pattern.test(url));

/** The studio's headers; its pages frame only its own sites (attendee pages, embeds) and https pages. */
const helmetOptions = (frameOrigins: readonly string[]): Parameters<typeof helmet>[0] => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its theme variables and some component styles as style elements/attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:', 'https:'],
      // The live updates websocket and, with S3, direct uploads/reads from the bucket.
      connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Previews of the attendee origin (embed builder, dummy page); custom domains are https.
      frameSrc: ["'self'", 'https:', ...frameOrigins],
      frameAncestors: ["'none'"],
    },
  },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
});

/**
 * helmet's headers, computed once: they depend on the options only (no CSP nonces), and helmet's
 * Fastify plugin rebuilt them, CSP string included, on every request.
 */
export function securityHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  return headers;
}

/**
 * Security headers on every answer (helmet), CORS on media answers for the configured origins only,
 * and NUL characters refused in one place before any route reads its input.
 */
export function installSecurity(app: FastifyInstance, settings: SecuritySettings): void {
  const headers = securityHeaders(helmetOptions(settings.mediaOrigins));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const allowed = new Set(settings.mediaOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isMediaPath(request.url)) return payload;
    reply.removeHeader('access-control-allow-origin');
    // Media is played and images are shown by pages on other origins (attendee site, embeds).
    reply.header('cross-origin-resource-policy', 'cross-origin');
    const origin = request.headers.origin;
    if (origin && (allowed.has(origin) || (await settings.isMediaOrigin?.(origin))))
      reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    return payload;
  });

  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulField(request);
    done(field === undefined ? undefined : fieldError(field, serverMessages.nulCharacter));
  });
}

/** The first field (dotted path) whose name or value holds U+0000, in the body, query or path. */
function nulField(request: FastifyRequest): string | undefined {
  for (const input of [request.params, request.query, request.body]) {
    const found = findNul(input, '');
    if (found !== undefined) return found || 'non_field_errors';
  }
  return undefined;
}

function findNul(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (key.includes('\0')) return path;
    const found = findNul(item, path);
    if (found !== undefined) return found;
  }
  return undefined;
}
