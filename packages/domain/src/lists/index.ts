import { z } from 'zod';
import {
  DEFAULT_EVENT_LIST_FILTER,
  DEFAULT_EVENT_ORDERING,
  DEFAULT_SERIES_ORDERING,
  EVENT_LIST_FILTERS,
  EVENT_TYPE_FILTERS,
  HUB_PAGE_ORDERINGS,
  HUB_PAGE_SCOPES,
  REPEATING_VISIBILITIES,
  SERIES_FILTERS,
  SERIES_ORDERINGS,
  TEMPLATE_ORDERINGS,
} from '../events/index.ts';
import { VIDEO_DEFAULT_ORDERING, VIDEO_ORDERINGS } from '../video-library/index.ts';

/** Spec 002 §9 "Search input debounce": a list's search box follows the typing after 1000 ms. */
export const SEARCH_INPUT_DEBOUNCE_MS = 1000;
/** Spec 000 §9 "Asset picker page size … search debounce 200 ms". */
export const PICKER_SEARCH_DEBOUNCE_MS = 200;
/** Spec 000 §9 / 002 §9 "Email input and branding text debounce": 500 ms. */
export const TEXT_INPUT_DEBOUNCE_MS = 500;

/*
 * A list page keeps its whole state (search, filters, sort, page) in the address. Each field of an
 * address schema falls back to its default when missing or invalid, so a hand-edited or stale
 * address always opens the list; the router's `validateSearch` and the page read it through these.
 */

/** A free text (the router reads `?tag=12` as the number 12). */
const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value))
  .catch('');
/** One of the allowed values, else the default. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values).catch(fallback);
/** A page number from 1. */
const page = z.coerce.number().int().min(1).catch(1);
/** A list given repeated or comma-separated. */
const textList = z
  .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
  .transform((value) =>
    (Array.isArray(value) ? value.map(String) : String(value).split(','))
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .catch([]);

/** Spec 001 §2.5: the event list's sorts (event date and title, both ways). */
export const EVENT_LIST_SORTS = ['-start_time', 'start_time', 'title', '-title'] as const;

/** /events: upcoming, all types, date descending by default (spec 001 §2.5). */
export const eventListAddressSchema = z.object({
  filter: choice(EVENT_LIST_FILTERS, DEFAULT_EVENT_LIST_FILTER),
  type: choice(EVENT_TYPE_FILTERS, 'All'),
  sort: choice(EVENT_LIST_SORTS, DEFAULT_EVENT_ORDERING as (typeof EVENT_LIST_SORTS)[number]),
  series: text,
  tag: text,
  workspace: choice(['all', 'mine'], 'all'),
  search: text,
  repeating: choice(REPEATING_VISIBILITIES, 'show'),
  page,
});
export type EventListAddress = z.infer<typeof eventListAddressSchema>;

/** /series. */
export const seriesListAddressSchema = z.object({
  search: text,
  filter: choice(SERIES_FILTERS, 'all'),
  sort: choice(SERIES_ORDERINGS, DEFAULT_SERIES_ORDERING),
  tag: text,
  page,
});
export type SeriesListAddress = z.infer<typeof seriesListAddressSchema>;

/** /templates. */
export const templateListAddressSchema = z.object({
  search: text,
  scope: choice(['all', 'mine'], 'all'),
  sort: choice(TEMPLATE_ORDERINGS, '-created_at'),
  page,
});
export type TemplateListAddress = z.infer<typeof templateListAddressSchema>;

/** /pages (hub pages). */
export const hubPageListAddressSchema = z.object({
  search: text,
  scope: choice(HUB_PAGE_SCOPES, 'all'),
  sort: choice(HUB_PAGE_ORDERINGS, '-created_at'),
  page,
});
export type HubPageListAddress = z.infer<typeof hubPageListAddressSchema>;

/** /recordings. */
export const recordingListAddressSchema = z.object({ search: text, page });
export type RecordingListAddress = z.infer<typeof recordingListAddressSchema>;

/**
 * /videos (spec 000 §2: filters, sort and page in the URL): `search`, `page`, `ordering`,
 * `source`, `created_by`, `event_ids` (comma-separated lists), `event_tag`, `series_id`,
 * `workspace` ('' all, 'no-team', or a workspace id).
 */
export const videoListAddressSchema = z.object({
  search: text,
  page,
  ordering: choice(VIDEO_ORDERINGS, VIDEO_DEFAULT_ORDERING),
  source: textList,
  created_by: textList,
  event_ids: textList,
  event_tag: text,
  series_id: text,
  workspace: text,
  /** 'used': with an event filter, also the library videos those events use (the list's `include_used`). */
  include: choice(['', 'used'], ''),
});
export type VideoListAddress = z.infer<typeof videoListAddressSchema>;

/**
 * Whether a video list is narrowed to some events (by id, tag or series): only then may it also
 * take the videos those events use (`include_used`). Read alike from the address and the API query.
 */
export const videoListNarrowedToEvents = (filter: {
  event_ids?: readonly string[] | undefined;
  event_tag?: string | null | undefined;
  series_id?: string | null | undefined;
}): boolean => Boolean(filter.event_ids?.length || filter.event_tag || filter.series_id);

/** The field kinds of an address schema, for the areas that keep their list schemas beside their API. */
export const listAddressFields = { text, choice, page, textList };

export type ListAddressValue = string | number | readonly string[];

/**
 * The address's search parameters for a state: only what differs from the defaults (lists
 * comma-separated, the search trimmed), so a list at its defaults has a bare address.
 */
export function listAddressParams<T extends Record<string, ListAddressValue>>(
  state: T,
  defaults: T,
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(defaults)) {
    const value = state[key];
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params[key] = value.join(',');
      continue;
    }
    const plain = key === 'search' ? String(value).trim() : String(value);
    if (plain !== String(defaults[key])) params[key] = plain;
  }
  return params;
}

/** The address of a list page for a state. */
export function listAddressHref<T extends Record<string, ListAddressValue>>(
  path: string,
  state: T,
  defaults: T,
): string {
  const query = new URLSearchParams(listAddressParams(state, defaults)).toString();
  return query ? `${path}?${query}` : path;
}
