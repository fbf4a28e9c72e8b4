import { z } from 'zod';
import type { UsageEntityType } from '../video-library/api.ts';
import { pageDocumentSchema } from './page-blocks.ts';

/** Issue 17 §1: the pages an owner has, each built in the page builder. */
export const PAGE_KINDS = ['registration', 'landing', 'on_demand'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

/** Who a page belongs to; each answers `GET|PUT …/page/` under its own API prefix. */
export const PAGE_OWNER_TYPES = ['event', 'series', 'template', 'hub_page'] as const;
export type PageOwnerType = (typeof PAGE_OWNER_TYPES)[number];

/** The API prefix of each owner type: `${prefix}/{id}/page/?kind=`. */
export const PAGE_OWNER_API_PREFIX: Record<PageOwnerType, string> = {
  event: '/api/event',
  series: '/api/event/series',
  template: '/api/event/studio-templates',
  hub_page: '/api/event/hub-pages',
};
/** The library's usage entry of a page's owner (spec 000 §3): a video its page shows is used by it. */
export const PAGE_OWNER_USAGE_TYPES: Record<PageOwnerType, UsageEntityType> = {
  event: 'EVENT',
  series: 'SERIES',
  template: 'STUDIO_EVENT_TEMPLATE',
  hub_page: 'HUB',
};
/**
 * A repeating event's pages its occurrences show (spec 001 §2.3: a repeating event has an
 * on-demand page builder): once the repeating event's page of such a kind is saved, every
 * occurrence's page of that kind is it, in the occurrence's own context (title, recording); until
 * then each occurrence shows its own (or the default).
 */
export const REPEATING_EVENT_PAGE_KINDS: readonly PageKind[] = ['on_demand'];
export const sharedByRepeatingEvent = (kind: PageKind): boolean => REPEATING_EVENT_PAGE_KINDS.includes(kind);

/** Shown above an occurrence's own on-demand page builder while its repeating event's page is in use. */
export const repeatingOnDemandNote =
  "Attendees of this occurrence see its repeating event's on-demand page, with this occurrence's title and recording. The page below is not shown.";

/** Shown above a repeating event's on-demand page builder: where attendees see the page. */
export const repeatingEventOnDemandNote =
  "Attendees see this page on every occurrence's on-demand page and player embed, with that occurrence's title and recording. Until it is published, each occurrence shows its own.";

export const pageApiPath = (ownerType: PageOwnerType, ownerId: string, kind: PageKind) =>
  `${PAGE_OWNER_API_PREFIX[ownerType]}/${ownerId}/page/?kind=${kind}`;

export const pageKindQuerySchema = z.object({ kind: z.enum(PAGE_KINDS).default('registration') });

/** The stored page JSON above this many bytes is refused (413). */
export const PAGE_MAX_BYTES = 512 * 1024;

const pageVideoSchema = z.object({
  hlsUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  captionsUrl: z.string().nullable().optional(),
  chapters: z
    .array(z.object({ title: z.string(), start_time: z.number() }))
    .readonly()
    .optional(),
  /** An on-demand page's recording: the session it is the recording or video of (`PageVideo`). */
  sessionId: z.string().nullable().optional(),
});

/** What a page's blocks show today (`PageContext`): the owner, its agenda, people, booths, events and videos. */
export const pageContextSchema = z.object({
  owner: z.object({
    title: z.string(),
    description: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    timezone: z.string().nullable(),
    location: z.string().nullable(),
    isSeries: z.boolean().optional(),
  }),
  agenda: z.array(z.object({ title: z.string(), start_time: z.string(), end_time: z.string() })),
  speakers: z.array(
    z.object({ name: z.string(), headline: z.string().nullable(), photoUrl: z.string().nullable() }),
  ),
  booths: z.array(
    z.object({ name: z.string(), description: z.string().nullable(), logoUrl: z.string().nullable() }),
  ),
  events: z.array(
    z.object({ title: z.string(), start_time: z.string(), timezone: z.string(), registerUrl: z.string() }),
  ),
  registerUrl: z.string(),
  replayUrl: z.string().nullable().optional(),
  videos: z.record(z.string(), pageVideoSchema),
  recording: pageVideoSchema.nullable().optional(),
});

/** GET answers the stored page or the owner type's default (`is_default`); PUT takes `builder_raw_json`. */
export const storedPageSchema = z.object({
  kind: z.enum(PAGE_KINDS),
  builder_raw_json: pageDocumentSchema,
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
  /** GET: what its blocks show today, for the builder's preview (the page the attendees get). */
  preview: pageContextSchema.optional(),
  /**
   * GET of an occurrence's page of a `REPEATING_EVENT_PAGE_KINDS` kind: its repeating event (series
   * id) when that one's saved page is what attendees see instead of this one; absent otherwise.
   */
  repeating_event: z.string().optional(),
});
export type StoredPage = z.infer<typeof storedPageSchema>;

/** PUT: the page, checked against the block schemas (errors name the block's path). */
export const savePageRequestSchema = z.object({ builder_raw_json: pageDocumentSchema });
export type SavePageRequest = z.infer<typeof savePageRequestSchema>;

/**
 * An event's or template's `builder_raw_json` (spec 001 §3) as a request writes it: its
 * registration page, checked as the page PUT checks it; null clears it (the default page again).
 */
export const registrationPageFieldSchema = pageDocumentSchema.nullable();

/**
 * `builder_raw_json` as events and templates answer it: the registration page's stored JSON, null
 * while none is stored (the default page applies). Not re-checked: a page stored before a block
 * was retired is answered as stored (the page itself then renders its default).
 */
export const registrationPageAnswerSchema = z.unknown();

export const pageMessages = {
  pageSaved: 'Page saved',
  pageNotSaved: 'The page could not be saved, please try again',
  pageTooLarge: 'The page is too large to save.',
} as const;
