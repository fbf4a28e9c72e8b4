import { createHash } from 'node:crypto';
import { escapeHtml } from '../../platform/mail/mail.ts';
import { ATTENDEE_PAGE_STYLE, isScheduled, timeRangeText } from '@studio/domain';

/** The attendee pages' one style (the builder's preview wears it too): `@studio/domain`'s ATTENDEE_PAGE_STYLE. */
const STYLE = ATTENDEE_PAGE_STYLE;

export const PAGE_STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export interface PageHead {
  /** Open Graph / Twitter description (plain text). */
  description?: string | undefined;
  /** The page's absolute URL (og:url). */
  url?: string | undefined;
  /** The social-media thumbnail (og:image, twitter:image). */
  image?: string | null | undefined;
  /** A video the page plays (og:video): an mp4 any site's preview can play. */
  video?: string | null | undefined;
  /** The body's class (`embed`: the player alone, edge to edge). */
  bodyClass?: string | undefined;
  /** The island's built script (absent without a web build). */
  script?: string | undefined;
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

/**
 * An attendee page: its title and social tags in the HTML, no icon (browsers would ask for
 * /favicon.ico), the one style, maybe the island's script.
 */
export function page(title: string, body: string, head: PageHead = {}): string {
  const social = [
    meta('property', 'og:type', head.video ? 'video.other' : 'website'),
    meta('property', 'og:title', title),
    meta('name', 'twitter:card', head.video && head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    ...(head.description
      ? [
          meta('name', 'description', head.description),
          meta('property', 'og:description', head.description),
          meta('name', 'twitter:description', head.description),
        ]
      : []),
    ...(head.url ? [meta('property', 'og:url', head.url)] : []),
    ...(head.image
      ? [meta('property', 'og:image', head.image), meta('name', 'twitter:image', head.image)]
      : []),
    ...(head.video
      ? [meta('property', 'og:video', head.video), meta('property', 'og:video:type', 'video/mp4')]
      : []),
  ].join('');
  const script = head.script ? `<script type="module" src="${escapeHtml(head.script)}"></script>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>${social}<style>${STYLE}</style>${script}</head><body${head.bodyClass ? ` class="${escapeHtml(head.bodyClass)}"` : ''}><main>${body}</main></body></html>`;
}

/** Plain text of the event's (sanitised) rich description, for social tags and calendar entries. */
export { richTextAsPlainText as plainText } from '@studio/domain';

/**
 * The event's dates in its own zone, and a slot the island fills with the visitor's (the
 * `data-start`/`data-end` instants), shown only when the visitor's zone differs. None for a
 * recording: it has no schedule (`isScheduled`), whatever times it stores.
 */
export const eventTimes = ({ event_type, start_time: start, end_time: end, timezone }: DatedEvent) =>
  isScheduled(event_type)
    ? `<p class="muted event-dates"><time datetime="${start.toISOString()}">${escapeHtml(timeRangeText(start, end, timezone))}</time>` +
      `<span class="local-time" data-start="${start.toISOString()}" data-end="${end.toISOString()}" data-zone="${escapeHtml(timezone)}"></span></p>`
    : '';

/** An event as its pages date it. */
export interface DatedEvent {
  event_type: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
}
