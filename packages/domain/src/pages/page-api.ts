import { z } from 'zod';
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
export const pageApiPath = (ownerType: PageOwnerType, ownerId: string, kind: PageKind) =>
  `${PAGE_OWNER_API_PREFIX[ownerType]}/${ownerId}/page/?kind=${kind}`;

export const pageKindQuerySchema = z.object({ kind: z.enum(PAGE_KINDS).default('registration') });

/** The stored page JSON above this many bytes is refused (413). */
export const PAGE_MAX_BYTES = 512 * 1024;

/** GET answers the stored page or the owner type's default (`is_default`); PUT takes `builder_raw_json`. */
export const storedPageSchema = z.object({
  kind: z.enum(PAGE_KINDS),
  builder_raw_json: pageDocumentSchema,
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
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
