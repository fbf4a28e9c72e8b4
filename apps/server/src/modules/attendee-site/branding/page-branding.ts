import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  absoluteFileUrl,
  brandingCssVariables,
  brandingFontSources,
  brandingPreviewPath,
  cssDeclarations,
  eventAppPath,
  eventLandingPath,
  eventOnDemandPath,
  eventRegisteredPath,
  eventRegisterPath,
  hubPagePath,
  seriesRegisteredPath,
  seriesRegisterPath,
  type BrandingState,
} from '@studio/domain';
import { escapeHtml } from '../../../platform/mail/mail.ts';

/** A page owner's saved branding, undefined for no such owner. */
export type BrandingOf = (id: string) => Promise<BrandingState | undefined>;

/**
 * Whose branding the attendee origin's pages wear: an event's its own, a hub page and a series'
 * registration their organisation's brand kit.
 */
export interface PageBrandings {
  /** The event's saved branding (the events area). */
  event: BrandingOf;
  /** The brand kit of the hub page's organisation. */
  hubPage: BrandingOf;
  /** The brand kit of the series' organisation. */
  series: BrandingOf;
}

/**
 * The pages that wear a branding, by route, with the owner it is read by: an event's landing,
 * registration and its confirmation, on-demand page, event app and its preview (not the on-demand
 * embed: the player alone), hub pages, and a series' registration and its outcome.
 */
const BRANDED_PAGES = new Map<string, [keyof PageBrandings, string]>([
  ...[
    eventLandingPath(':eventId'),
    eventOnDemandPath(':eventId'),
    eventRegisterPath(':eventId'),
    eventRegisteredPath(':eventId'),
    eventAppPath(':eventId'),
    brandingPreviewPath(':eventId', ':page' as 'splash'),
  ].map((path): [string, [keyof PageBrandings, string]] => [path, ['event', 'eventId']]),
  [hubPagePath(':hubPageId'), ['hubPage', 'hubPageId']],
  [seriesRegisterPath(':seriesId'), ['series', 'seriesId']],
  [seriesRegisteredPath(':seriesId'), ['series', 'seriesId']],
]);

/** A URL inside a CSS string: no quote, backslash or newline can end it (the rest is a validated URL). */
const cssUrl = (url: string) => `url("${url.replace(/["\\\n<]/g, encodeURIComponent)}")`;

/** The branding's one style: its CSS variables and the custom fonts' faces. No `<` can close the element. */
export function brandingStyle(state: BrandingState): string {
  const faces = brandingFontSources(state)
    .filter((font) => font.kind === 'file')
    .map((font) => `@font-face{font-family:"${font.family}";src:${cssUrl(font.url)};font-display:swap}`);
  return `:root{${cssDeclarations(brandingCssVariables(state))}}${faces.join('')}`.replace(/</g, '\\3c ');
}

/** What the branding adds to a page's head and CSP. */
export interface PageBranding {
  head: string;
  /** The style's hash, for `style-src`. */
  styleHash: string;
  /** The origins of the web fonts' stylesheets, for `style-src`. */
  stylesheetOrigins: string[];
}

export function pageBranding(state: BrandingState): PageBranding {
  const style = brandingStyle(state);
  const stylesheets = brandingFontSources(state).filter((font) => font.kind === 'stylesheet');
  const head = [
    `<style id="event-branding">${style}</style>`,
    ...stylesheets.map((font) => `<link rel="stylesheet" href="${escapeHtml(font.url)}">`),
  ].join('');
  return {
    head,
    styleHash: `'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    stylesheetOrigins: [...new Set(stylesheets.map((font) => new URL(font.url).origin))],
  };
}

/**
 * The page's HTML in the event's branding: the style in its head, the favicon for the empty
 * icon, the social thumbnail when the page names none (an upload's full address on `origin`, as
 * other sites read it), the logo first in its main (when shown).
 */
export function withBranding(
  html: string,
  state: BrandingState,
  origin: string,
  branding = pageBranding(state),
): string {
  const { event } = state;
  const image = event.social_media_thumbnail && absoluteFileUrl(event.social_media_thumbnail, origin);
  const social =
    image && !html.includes('property="og:image"')
      ? `<meta property="og:image" content="${escapeHtml(image)}"><meta name="twitter:image" content="${escapeHtml(image)}">`
      : '';
  const logo =
    event.is_logo_visible && event.logo_url
      ? `<img class="event-logo" alt="" src="${escapeHtml(event.logo_url)}">`
      : '';
  return html
    .replace('<link rel="icon" href="data:,">', () =>
      event.favicon
        ? `<link rel="icon" href="${escapeHtml(event.favicon)}">`
        : '<link rel="icon" href="data:,">',
    )
    .replace('</head>', () => `${social}${branding.head}</head>`)
    .replace('<main>', () => `<main>${logo}`);
}

/** The CSP a branded page needs: its style by hash, web font stylesheets, fonts and pictures from https. */
export function brandedPolicy(policy: string, branding: PageBranding, studioOrigin: string): string {
  const extra = [branding.styleHash, ...branding.stylesheetOrigins].join(' ');
  const fonts = `font-src 'self' data: ${studioOrigin} https:`;
  const widened = policy
    .replace(/style-src ([^;]*)/, `style-src $1 ${extra}`)
    .replace(/img-src ([^;]*)/, (directive) =>
      directive.includes(' https:') ? directive : `${directive} ${studioOrigin} https:`,
    );
  return /font-src [^;]*/.test(widened)
    ? widened.replace(/font-src ([^;]*)/, `font-src $1 data: ${studioOrigin} https:`)
    : `${widened};${fonts}`;
}

/**
 * Issue 18 §5: an event's pages on the attendee origin wear its saved branding, hub and series
 * pages their organisation's brand kit, added as they are sent (after the page is rendered, so
 * every page gets the same treatment).
 */
export function injectBranding(app: FastifyInstance, brandings: PageBrandings, studioOrigin: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const owner = BRANDED_PAGES.get(request.routeOptions.url ?? '');
    if (!owner) return payload;
    const [kind, param] = owner;
    const id = (request.params as Record<string, string | undefined> | undefined)?.[param];
    const state = id === undefined ? undefined : await brandings[kind](id);
    if (!state) return payload;
    const branding = pageBranding(state);
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string')
      reply.header('content-security-policy', brandedPolicy(policy, branding, studioOrigin));
    return withBranding(payload, state, studioOrigin, branding);
  });
}
