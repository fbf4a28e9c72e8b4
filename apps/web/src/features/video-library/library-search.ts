import { NO_TEAM, VIDEO_DEFAULT_ORDERING, VIDEO_ORDERINGS, type VideoOrdering } from '@studio/domain';

/**
 * The /videos screen's state as it lives in the address (spec 000 §2: filters, sort and page in
 * the URL): `search`, `page`, `ordering`, `source`, `created_by`, `event_ids` (comma-separated
 * lists), `event_tag`, `series_id`, `workspace`.
 */
export interface LibrarySearch {
  search: string;
  page: number;
  ordering: VideoOrdering;
  source: string[];
  createdBy: string[];
  eventIds: string[];
  eventTag: string;
  seriesId: string;
  /** '' all, 'no-team', or a workspace id. */
  workspace: string;
}

export const defaultLibrarySearch: LibrarySearch = {
  search: '',
  page: 1,
  ordering: VIDEO_DEFAULT_ORDERING,
  source: [],
  createdBy: [],
  eventIds: [],
  eventTag: '',
  seriesId: '',
  workspace: '',
};

const text = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
const list = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(text) : text(value).split(','))
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Reads the address's (already parsed) search parameters; anything unknown or invalid takes its default. */
export function parseLibrarySearch(raw: Readonly<Record<string, unknown>>): LibrarySearch {
  const page = Number(raw.page);
  const ordering = text(raw.ordering);
  const workspace = text(raw.workspace);
  return {
    search: text(raw.search),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    ordering: (VIDEO_ORDERINGS as readonly string[]).includes(ordering)
      ? (ordering as VideoOrdering)
      : VIDEO_DEFAULT_ORDERING,
    source: list(raw.source),
    createdBy: list(raw.created_by),
    eventIds: list(raw.event_ids),
    eventTag: text(raw.event_tag),
    seriesId: text(raw.series_id),
    workspace,
  };
}

/** The address's search parameters for a state: defaults are left out, so `/videos` stays clean. */
export function librarySearchParams(state: LibrarySearch): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  if (state.search.trim()) params.search = state.search;
  if (state.page > 1) params.page = state.page;
  if (state.ordering !== VIDEO_DEFAULT_ORDERING) params.ordering = state.ordering;
  if (state.source.length) params.source = state.source.join(',');
  if (state.createdBy.length) params.created_by = state.createdBy.join(',');
  if (state.eventIds.length) params.event_ids = state.eventIds.join(',');
  if (state.eventTag) params.event_tag = state.eventTag;
  if (state.seriesId) params.series_id = state.seriesId;
  if (state.workspace) params.workspace = state.workspace;
  return params;
}

/** Any change of what is listed starts again at page 1. */
export function changeFilters(
  state: LibrarySearch,
  change: Partial<Omit<LibrarySearch, 'page'>>,
): LibrarySearch {
  return { ...state, ...change, page: 1 };
}

/** How many of the toolbar's filters are set (the Filters button counts them on a phone). */
export const activeFilterCount = (state: LibrarySearch) =>
  [
    state.source.length > 0,
    state.createdBy.length > 0,
    state.eventIds.length > 0,
    state.eventTag,
    state.seriesId,
    state.workspace,
  ].filter(Boolean).length;

export const hasFilters = (state: LibrarySearch) => activeFilterCount(state) > 0;

/**
 * Spec 000 §7 "List video assets": limit, offset ((page-1)×size), search, ordering, workspace,
 * source, created_by, event_ids (repeated), event_tag, series_id.
 */
export function videoListParams(
  state: LibrarySearch,
  pageSize: number,
  restrictWorkspace?: string | null,
): URLSearchParams {
  const params = new URLSearchParams({
    limit: String(pageSize),
    offset: String((state.page - 1) * pageSize),
    ordering: state.ordering,
  });
  if (state.search.trim()) params.set('search', state.search.trim());
  const workspace = restrictWorkspace === undefined ? state.workspace : (restrictWorkspace ?? NO_TEAM);
  if (workspace) params.set('workspace', workspace);
  for (const source of state.source) params.append('source', source);
  for (const user of state.createdBy) params.append('created_by', user);
  for (const event of state.eventIds) params.append('event_ids', event);
  if (state.eventTag) params.set('event_tag', state.eventTag);
  if (state.seriesId) params.set('series_id', state.seriesId);
  return params;
}
