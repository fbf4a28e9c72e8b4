import {
  DEFAULT_EVENT_LIST_FILTER,
  DEFAULT_EVENT_ORDERING,
  EVENT_LIST_FILTERS,
  EVENT_TYPE_FILTERS,
  REPEATING_VISIBILITIES,
  seriesTypeOf,
  type EventListFilter,
  type EventTypeFilter,
  type RepeatingVisibility,
} from '@studio/domain';

/** Spec 001 §2.5: the event list's sorts (title and event date, both ways). */
export const EVENT_LIST_SORTS = ['-start_time', 'start_time', 'title', '-title'] as const;
export type EventListSort = (typeof EVENT_LIST_SORTS)[number];

export type WorkspaceScope = 'all' | 'mine';

/** The event list's state; all of it lives in the address (defaults left out). */
export interface EventSearch {
  filter: EventListFilter;
  type: EventTypeFilter;
  sort: EventListSort;
  series: string;
  tag: string;
  workspace: WorkspaceScope;
  search: string;
  repeating: RepeatingVisibility;
  page: number;
}

export const DEFAULT_EVENT_SEARCH: EventSearch = {
  filter: DEFAULT_EVENT_LIST_FILTER,
  type: 'All',
  sort: DEFAULT_EVENT_ORDERING as EventListSort,
  series: '',
  tag: '',
  workspace: 'all',
  search: '',
  repeating: 'show',
  page: 1,
};

const oneOf = <T extends string>(values: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Reads the state from the address's search object; anything unknown falls back to its default. */
export function parseEventSearch(raw: Readonly<Record<string, unknown>>): EventSearch {
  const page = Number(raw.page);
  return {
    filter: oneOf(EVENT_LIST_FILTERS, raw.filter, DEFAULT_EVENT_SEARCH.filter),
    type: oneOf(EVENT_TYPE_FILTERS, raw.type, DEFAULT_EVENT_SEARCH.type),
    sort: oneOf(EVENT_LIST_SORTS, raw.sort, DEFAULT_EVENT_SEARCH.sort),
    series: text(raw.series),
    tag: text(raw.tag),
    workspace: oneOf(['all', 'mine'] as const, raw.workspace, 'all'),
    search: text(raw.search),
    repeating: oneOf(REPEATING_VISIBILITIES, raw.repeating, 'show'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's search parameters for a state: only what differs from the defaults. */
export function eventSearchParams(state: EventSearch): Record<string, string> {
  const params: Record<string, string> = {};
  for (const key of Object.keys(DEFAULT_EVENT_SEARCH) as (keyof EventSearch)[]) {
    const value = key === 'search' ? state.search.trim() : state[key];
    if (value !== DEFAULT_EVENT_SEARCH[key]) params[key] = String(value);
  }
  return params;
}

export function eventsHref(state: EventSearch): string {
  const query = new URLSearchParams(eventSearchParams(state)).toString();
  return query ? `/events?${query}` : '/events';
}

/** GET /api/event/'s query for a state and page size (spec 001 §7 "GET list"). */
export function eventListParams(
  state: EventSearch,
  organizationId: string,
  pageSize: number,
): URLSearchParams {
  const params = new URLSearchParams({
    organization: organizationId,
    limit: String(pageSize),
    offset: String((state.page - 1) * pageSize),
    filter: state.filter,
    event_type: state.type,
    ordering: state.sort,
  });
  if (state.series) params.set('series', state.series);
  if (state.tag) params.set('tag', state.tag);
  if (state.workspace === 'mine') params.set('workspace', 'mine');
  if (state.search.trim()) params.set('title', state.search.trim());
  const seriesType = seriesTypeOf(state.repeating);
  if (seriesType) params.set('series_type', seriesType);
  return params;
}
