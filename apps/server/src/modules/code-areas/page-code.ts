import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  eventLandingPath,
  eventRegisteredPath,
  eventRegisterPath,
  hubPagePath,
  seriesRegisterPath,
  PAGE_HOOK_FUNCTIONS,
  PAGE_HOOK_PARAMETERS,
  PAGE_HOOKS_GLOBAL,
  type PageHookArea,
} from '@studio/domain';
import type { PageCode } from './code-areas.service.ts';

export type PageCodeOf = (id: string) => Promise<PageCode | undefined>;

/** Where the attendee site finds a page's code: an event's (by event id), a hub page's (by hub page id). */
export interface PageCodeSources {
  eventCodeOf: PageCodeOf;
  /** The hub page's organisation's JavaScript embeds; wired by whoever serves `/h/{hubPageId}`. */
  hubPageCodeOf?: PageCodeOf | undefined;
  /** A series' code on its registration page, by series id. */
  seriesCodeOf?: PageCodeOf | undefined;
}

/** The public pages that run an event's custom code and tracking snippet (the confirmation: its Add to Calendar hook, conversions). */
const EVENT_PAGES_WITH_CODE = new Set([
  eventLandingPath(':eventId'),
  eventRegisterPath(':eventId'),
  eventRegisteredPath(':eventId'),
]);
const HUB_PAGE = hubPagePath(':hubPageId');
const SERIES_REGISTER_PAGE = seriesRegisterPath(':seriesId');

/** The code of the page a request is for (by its route), if that page runs any. */
function codeOfRequest(url: string, params: Record<string, string>, sources: PageCodeSources) {
  if (EVENT_PAGES_WITH_CODE.has(url) && params.eventId) return sources.eventCodeOf(params.eventId);
  if (url === HUB_PAGE && params.hubPageId && sources.hubPageCodeOf)
    return sources.hubPageCodeOf(params.hubPageId);
  if (url === SERIES_REGISTER_PAGE && params.seriesId && sources.seriesCodeOf)
    return sources.seriesCodeOf(params.seriesId);
  return Promise.resolve(undefined);
}

/** What the sources of a CSP directive gain on a page with the organiser's code. */
const WIDENED: Record<string, (nonce: string) => string[]> = {
  'script-src': (nonce) => [`'nonce-${nonce}'`, 'https:'],
  'style-src': (nonce) => [`'nonce-${nonce}'`, 'https:'],
  'img-src': () => ['https:'],
  'connect-src': () => ['https:'],
  'font-src': () => ['https:'],
  'frame-src': () => ['https:'],
  'media-src': () => ['https:'],
};

/**
 * The page's CSP with room for the organiser's code: their inline scripts and styles run by this
 * response's nonce (no 'unsafe-inline': markup that is not theirs still cannot run script), and
 * tracking scripts, pixels, beacons and frames load from any https origin.
 */
export function pageCodePolicy(policy: string, nonce: string): string {
  const directives = new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
  for (const [name, extra] of Object.entries(WIDENED)) {
    const sources = (directives.get(name) ?? []).filter((source) => source !== "'none'");
    directives.set(name, [...sources, ...extra(nonce)]);
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join(';');
}

/** The organiser's HTML with this response's nonce on its script and style elements. */
const withNonce = (html: string, nonce: string) =>
  html.replace(/<(script|style)\b/gi, `<$1 nonce="${nonce}"`);

/** A hook as a function on the page's hook runner; its own script, so one broken hook breaks no other. */
function hookScript(area: PageHookArea, code: string, nonce: string): string {
  // Inside a script element only `</script` and `<!--` can end or confuse it; escaped, the JS means the same.
  const body = code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
  return (
    `<script nonce="${nonce}">(window.${PAGE_HOOKS_GLOBAL}=window.${PAGE_HOOKS_GLOBAL}||{}).` +
    `${PAGE_HOOK_FUNCTIONS[area]}=function(${PAGE_HOOK_PARAMETERS[area].join(', ')}) {\n${body}\n};</script>`
  );
}

/** The page's HTML with the event's Head code and hooks in its head, Body code first in its body, the tracking snippet last. */
export function withPageCode(html: string, code: PageCode, nonce: string): string {
  const hooks = Object.entries(code.hooks)
    .map(([area, script]) => hookScript(area as PageHookArea, script, nonce))
    .join('');
  const head = `${withNonce(code.head, nonce)}${hooks}`;
  return html
    .replace('</head>', () => `${head}</head>`)
    .replace(/<body[^>]*>/, (tag) => `${tag}${withNonce(code.body, nonce)}`)
    .replace(/<\/body>(?![\s\S]*<\/body>)/, () => `${withNonce(code.trackingSnippet, nonce)}</body>`);
}

/**
 * Custom code on the attendee origin only (ARCHITECTURE §1): the event's landing and registration
 * pages get its code, a series' registration page the series', hub pages their organisation's
 * JavaScript embeds, as they are sent, with a
 * per-response nonce added to their CSP.
 */
export function injectPageCode(app: FastifyInstance, sources: PageCodeSources): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const params = (request.params ?? {}) as Record<string, string>;
    const code = await codeOfRequest(request.routeOptions.url ?? '', params, sources);
    if (!code) return payload;
    const nonce = randomBytes(16).toString('base64');
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') reply.header('content-security-policy', pageCodePolicy(policy, nonce));
    return withPageCode(payload, code, nonce);
  });
}
