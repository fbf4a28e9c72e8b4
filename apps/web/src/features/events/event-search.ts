import { seriesTypeOf, type EventListAddress } from '@studio/domain';
import { pageQuery } from '../../ui/list-page.ts';

/** GET /api/event/'s query for a state and page size (spec 001 §7 "GET list"). */
export function eventListParams(
  state: EventListAddress,
  organizationId: string,
  pageSize: number,
): URLSearchParams {
  return pageQuery(state.page, pageSize, {
    organization: organizationId,
    filter: state.filter,
    event_type: state.type,
    ordering: state.sort,
    series: state.series || undefined,
    tag: state.tag || undefined,
    workspace: state.workspace === 'mine' && 'mine',
    title: state.search.trim() || undefined,
    series_type: seriesTypeOf(state.repeating) || undefined,
  });
}
