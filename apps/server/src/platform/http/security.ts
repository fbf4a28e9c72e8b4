import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';

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

/** Sent only over https (HSTS over plain http is meaningless and wrong): helmet's own value. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The powerful features a page may ask for; each is off unless its origins are named. */
const POWERFUL_FEATURES = [
  'camera',
  'microphone',
  'geolocation',
  'payment',
  'usb',
  'display-capture',
] as const;
export type PowerfulFeature = (typeof POWERFUL_FEATURES)[number];

/** A Permissions-Policy: each feature for the origins given ('self' or an origin), none for the rest. */
export function permissionsPolicy(allowed: Partial<Record<PowerfulFeature, readonly string[]>>): string {
  return POWERFUL_FEATURES.map((feature) => {
    const origins = (allowed[feature] ?? []).map((origin) => (origin === 'self' ? 'self' : `"${origin}"`));
    return `${feature}=(${origins.join(' ')})`;
  }).join(', ');
}

/**
 * helmet's headers and the Permissions-Policy, computed once: they depend on the options only (no
 * CSP nonces), and helmet's Fastify plugin rebuilt them, CSP string included, on every request.
 * HSTS is left to `sendSecurityHeaders`, which knows the request's protocol.
 */
export function securityHeaders(
  options: Parameters<typeof helmet>[0],
  permissions: string,
): Record<string, string> {
  const headers: Record<string, string> = { 'permissions-policy': permissions };
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => {});
  delete headers['strict-transport-security'];
  return headers;
}

/**
 * The headers on every answer of a server (the studio's, the attendee site's), and HSTS when the
 * request came over https: `request.protocol`, which reads X-Forwarded-Proto behind a trusted
 * proxy (TRUST_PROXY) only.
 */
export function sendSecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    done();
  });
}

/**
 * Security headers on every answer (helmet) and CORS on media answers for the configured origins only.
 */
export function installSecurity(app: FastifyInstance, settings: SecuritySettings): void {
  // The studio uses no camera or microphone itself; the branding preview's tech check, framed from
  // the attendee origin, does (its frame's `allow`).
  const permissions = permissionsPolicy({
    camera: settings.mediaOrigins,
    microphone: settings.mediaOrigins,
  });
  sendSecurityHeaders(app, securityHeaders(helmetOptions(settings.mediaOrigins), permissions));

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
}
