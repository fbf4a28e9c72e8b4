import type { PageBlock, PageBlockProps, PageBlockType, PageDocument } from './page-blocks.ts';
import type { CtaPageType } from '../code-areas/areas.ts';
import { dateFormat } from '../events/date-format.ts';
import {
  eventDatesText,
  eventTimesText,
  isOneDay,
  timeRangeText,
  timezoneLabel,
  timezoneNameLabel,
} from '../events/timezones.ts';
import type { PageHtmlSanitizer } from './page-html-policy.ts';
import { CTA_BLOCK_TYPES, PAGE_ISLAND_ATTRIBUTE, publicPageMessages } from './public-pages.ts';

/** What a page shows besides its blocks' own props, read by the server through the owning areas. */
export interface PageContext {
  /** The page's owner: an event, or a series / template / hub page (no dates for the last). */
  owner: {
    title: string;
    description: string | null;
    start_time: string | null;
    end_time: string | null;
    timezone: string | null;
    location: string | null;
    /** A series: its dates run from its first event to its last, with no one time between. */
    isSeries?: boolean;
  };
  agenda: { title: string; start_time: string; end_time: string }[];
  speakers: { name: string; headline: string | null; photoUrl: string | null }[];
  booths: { name: string; description: string | null; logoUrl: string | null }[];
  /** Hub and series pages: their events, each with its registration link. */
  events: { title: string; start_time: string; timezone: string; registerUrl: string }[];
  /** Where the Register CTA goes (the registration form). */
  registerUrl: string;
  /**
   * After the event, when it has something to watch: its on-demand page, where the Register CTA
   * leads instead ('Watch on demand'; registration is closed by then).
   */
  replayUrl?: string | null;
  /** The library videos of the page's Video blocks, by id (unknown ids render a placeholder). */
  videos: Record<string, PageVideo>;
  /** On-demand pages: the event's recording, shown by a Video block with no library video chosen. */
  recording?: PageVideo | null;
}

/** A video as a page plays it: its HLS playlist, poster, WebVTT captions and chapters (seconds from the start). */
export interface PageVideo {
  hlsUrl: string;
  thumbnailUrl: string | null;
  /** The transcript's WebVTT file, when the video has one (issue 37 item 1: captions in every player). */
  captionsUrl?: string | null;
  chapters?: readonly { title: string; start_time: number }[];
  /** The session it is the recording or video of (an on-demand page's recording): its watches name it. */
  sessionId?: string | null;
}

/** What the page's CTA hooks are told about it: on the page's wrapper as data attributes. */
export interface PageHookTarget {
  /** The page a CTA click happened on, as the click hooks name it (002 §5.9). */
  pageType: CtaPageType;
  eventId: string | null;
  eventName: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function formatDate(iso: string, timezone: string): string {
  return dateFormat('en-US', { dateStyle: 'medium' }, timezone).format(new Date(iso));
}
function formatTime(iso: string, timezone: string): string {
  const at = new Date(iso);
  return `${dateFormat('en-US', { hour: 'numeric', minute: '2-digit' }, timezone).format(at)} ${timezoneLabel(timezone, at)}`;
}
/** `m:ss`, or `h:mm:ss` past an hour: a chapter's start. */
export function chapterTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

const when = (iso: string, timezone: string | null) =>
  `${formatDate(iso, timezone ?? 'UTC')}, ${formatTime(iso, timezone ?? 'UTC')}`;

const section = (block: { type: PageBlockType; props: { id: string } }, inner: string) =>
  `<section class="page-block page-${block.type.toLowerCase()}" data-block-id="${escapeHtml(block.props.id)}">${inner}</section>`;
const headingOf = (text: string) => (text ? `<h2>${escapeHtml(text)}</h2>` : '');
const image = (url: string | null, alt: string) =>
  url ? `<img src="${escapeHtml(url)}" alt="${escapeHtml(alt)}" loading="lazy">` : '';

/**
 * The video island's slot (its playlist, poster, captions and the player's name for a screen
 * reader) and the chapters it seeks to; with nothing to play yet, the slot says so.
 */
export function videoPlayer(video: PageVideo | undefined, name: string): string {
  if (!video)
    return `<div ${PAGE_ISLAND_ATTRIBUTE}="video"><p class="muted">${escapeHtml(publicPageMessages.noRecording)}</p></div>`;
  const poster = video?.thumbnailUrl ? ` data-poster="${escapeHtml(video.thumbnailUrl)}"` : '';
  const captions = video?.captionsUrl ? ` data-captions-src="${escapeHtml(video.captionsUrl)}"` : '';
  const session = video.sessionId ? ` data-session="${escapeHtml(video.sessionId)}"` : '';
  const slot = `<div ${PAGE_ISLAND_ATTRIBUTE}="video" data-hls-src="${escapeHtml(video.hlsUrl)}"${poster}${captions}${session} data-title="${escapeHtml(name)}"></div>`;
  const chapters = [...(video.chapters ?? [])].sort((a, b) => a.start_time - b.start_time);
  return chapters.length
    ? `${slot}<ol class="page-chapters">${chapters.map((chapter) => `<li><button type="button" data-seek="${chapter.start_time}">${chapterTime(chapter.start_time)} ${escapeHtml(chapter.title)}</button></li>`).join('')}</ol>`
    : slot;
}

/**
 * The owner's description (organisers' rich HTML): sanitised here as well as on save — a page
 * never trusts stored HTML raw; nothing when there is none or it cleans to nothing.
 */
function eventDescription(description: string | null, sanitize: PageHtmlSanitizer): string {
  const html = description ? sanitize(description).trim() : '';
  const shows = /<(img|iframe|video)\b/.test(html) || html.replace(/<[^>]*>|&nbsp;|\s/g, '');
  return shows ? `<div class="event-description">${html}</div>` : '';
}

type Renderer<T extends PageBlockType> = (
  props: PageBlockProps<T>,
  context: PageContext,
  sanitize: PageHtmlSanitizer,
) => string;

/** The event details' rows that follow the event's Header Settings for dates. */
const DATE_ROWS = new Set(['Date', 'Dates', 'Time']);

const renderers: { [T in PageBlockType]: Renderer<T> } = {
  Hero: (props, { owner }) =>
    `${image(props.imageUrl, '')}<h1 class="event-title">${escapeHtml(props.title || owner.title)}</h1>${props.subtitle ? `<p>${escapeHtml(props.subtitle)}</p>` : ''}`,
  EventDetails: (props, { owner }, sanitize) => {
    const zone = owner.timezone ?? 'UTC';
    const start = owner.start_time ? new Date(owner.start_time) : null;
    const end = owner.end_time ? new Date(owner.end_time) : null;
    const rows = [
      start && [
        end && !isOneDay(start, end, zone) ? 'Dates' : 'Date',
        eventDatesText(start, end ?? start, zone),
      ],
      start && end && !owner.isSeries && ['Time', eventTimesText(start, end, zone)],
      // The zone said once, here, named with its offset at the start as the studio's zone picker names it.
      owner.timezone && ['Timezone', timezoneNameLabel(owner.timezone, start ?? undefined)],
      props.showLocation && owner.location && ['Location', owner.location],
    ].filter((row): row is [string, string] => Boolean(row));
    // The date and time rows follow the event's Header Settings (`.event-dates`).
    const dated = (label: string) => (DATE_ROWS.has(label) ? ' class="event-dates"' : '');
    return `${headingOf(props.heading)}<dl>${rows.map(([label, value]) => `<dt${dated(label)}>${label}</dt><dd${dated(label)}>${escapeHtml(value)}</dd>`).join('')}</dl>${eventDescription(owner.description, sanitize)}`;
  },
  // Each session by its title, its start and end under it (the zone said once, as the stage's agenda says it).
  Agenda: (props, { agenda, owner }) =>
    `${headingOf(props.heading)}<ol>${agenda.map((session) => `<li><strong>${escapeHtml(session.title)}</strong><time datetime="${escapeHtml(session.start_time)}">${escapeHtml(timeRangeText(new Date(session.start_time), new Date(session.end_time), owner.timezone ?? 'UTC'))}</time></li>`).join('')}</ol>`,
  Speakers: (props, { speakers }) =>
    `${headingOf(props.heading)}<ul>${speakers.map((speaker) => `<li>${image(speaker.photoUrl, speaker.name)}<strong>${escapeHtml(speaker.name)}</strong>${speaker.headline ? `<span>${escapeHtml(speaker.headline)}</span>` : ''}</li>`).join('')}</ul>`,
  Booths: (props, { booths }) =>
    `${headingOf(props.heading)}<ul>${booths.map((booth) => `<li>${image(booth.logoUrl, booth.name)}<strong>${escapeHtml(booth.name)}</strong>${booth.description ? `<p>${escapeHtml(booth.description)}</p>` : ''}</li>`).join('')}</ul>`,
  RegistrationForm: (props) => `${headingOf(props.heading)}<div ${PAGE_ISLAND_ATTRIBUTE}="register"></div>`,
  RichText: (props, _context, sanitize) => sanitize(props.html),
  Image: (props) => {
    const img = image(props.url, props.alt);
    return props.linkUrl && img ? `<a href="${escapeHtml(props.linkUrl)}">${img}</a>` : img;
  },
  Video: (props, { videos, recording, owner }) => {
    // No library video chosen: the owner's recording (on-demand pages), else a player that says none is ready.
    const video = props.videoId ? videos[props.videoId] : (recording ?? undefined);
    const name = [props.title, owner.title].filter(Boolean).join(': ');
    return `${headingOf(props.title)}${videoPlayer(video, name)}`;
  },
  CallToAction: (props, { registerUrl, replayUrl }) => {
    const replay = props.kind === 'register' && replayUrl;
    const href = replay ? replayUrl : props.kind === 'register' ? registerUrl : props.url || '#';
    const label = replay ? publicPageMessages.watchOnDemand : props.label;
    // A button, in the brand's button colours (the attendee pages' `.button`).
    return `<a class="page-cta button" href="${escapeHtml(href)}" data-block-type="${CTA_BLOCK_TYPES[props.kind]}" data-block-id="${escapeHtml(props.id)}">${escapeHtml(label)}</a>`;
  },
  Faq: (props) =>
    `${headingOf(props.heading)}${props.items.map((item) => `<details><summary>${escapeHtml(item.question)}</summary><p>${escapeHtml(item.answer)}</p></details>`).join('')}`,
  Countdown: (props, { owner }) =>
    `${headingOf(props.heading)}${owner.start_time ? `<div ${PAGE_ISLAND_ATTRIBUTE}="countdown" data-starts-at="${escapeHtml(owner.start_time)}"${owner.end_time ? ` data-ends-at="${escapeHtml(owner.end_time)}"` : ''}><time datetime="${escapeHtml(owner.start_time)}">${escapeHtml(when(owner.start_time, owner.timezone))}</time></div>` : ''}`,
  EventList: (props, { events }) =>
    `${headingOf(props.heading)}<ul>${events.map((event) => `<li><a href="${escapeHtml(event.registerUrl)}">${escapeHtml(event.title)}</a> <time datetime="${escapeHtml(event.start_time)}">${escapeHtml(when(event.start_time, event.timezone))}</time></li>`).join('')}</ul>`,
  Footer: (props) =>
    `${props.text ? `<p>${escapeHtml(props.text)}</p>` : ''}${props.links.length ? `<nav>${props.links.map((link) => `<a href="${escapeHtml(link.url || '#')}">${escapeHtml(link.label)}</a>`).join(' ')}</nav>` : ''}`,
};

/** One block's HTML — the page's and the builder's preview alike. */
export function renderPageBlock(block: PageBlock, context: PageContext, sanitize: PageHtmlSanitizer): string {
  // Each renderer takes its own block's props; TypeScript cannot correlate the union here.
  const render = renderers[block.type] as Renderer<PageBlockType>;
  return section(block, render(block.props, context, sanitize));
}

/**
 * Blocks left off the page while they have nothing to show: a list of what the owner has while it
 * has none, the countdown of an owner without a start (a recording, which has no schedule).
 */
const hasContent: Partial<Record<PageBlockType, (context: PageContext) => boolean>> = {
  Agenda: (context) => context.agenda.length > 0,
  Speakers: (context) => context.speakers.length > 0,
  Booths: (context) => context.booths.length > 0,
  EventList: (context) => context.events.length > 0,
  Countdown: (context) => context.owner.start_time !== null,
};

/** Whether the page shows the block: one with nothing to show is left off. */
export const blockShownOnPage = (type: PageBlockType, context: PageContext): boolean =>
  hasContent[type]?.(context) ?? true;

/**
 * What the builder's preview shows in place of a block the page leaves off (no heading over an
 * empty list, as attendees see none), so the organiser can still find and select it.
 */
export const emptyBlockNotes: Partial<Record<PageBlockType, string>> = {
  Agenda: 'No sessions yet: attendees will see this block once the agenda has some.',
  Speakers: 'No speakers yet: attendees will see this block once the event has some.',
  Booths: 'No booths yet: attendees will see this block once the event has some.',
  EventList: 'No events yet: attendees will see this block once there are some.',
  Countdown: 'No start time here: attendees see this block on an event that has one.',
};

/** The page's body HTML, light and server-rendered; islands hydrate the interactive blocks. */
export function renderPageHtml(
  page: PageDocument,
  context: PageContext,
  sanitize: PageHtmlSanitizer,
  target?: PageHookTarget,
): string {
  const hookAttributes = target
    ? ` data-page-type="${target.pageType}" data-event-name="${escapeHtml(target.eventName)}"${target.eventId ? ` data-event-id="${escapeHtml(target.eventId)}"` : ''}`
    : '';
  // A block list: the page that shows it (the attendee site's layout) gives the <main>.
  const shown = page.content.filter((block) => blockShownOnPage(block.type, context));
  return `<div class="built-page"${hookAttributes}>${shown.map((block) => renderPageBlock(block, context, sanitize)).join('')}</div>`;
}
