import { seriesTypeOf, type EventListAddress } from '@studio/domain';

/** GET /api/event/'s query for a state and page size (spec 001 §7 "GET list"). */
export function eventListParams(
  state: EventListAddress,
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
