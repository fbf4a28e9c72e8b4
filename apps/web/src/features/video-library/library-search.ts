import {
  NO_TEAM,
  videoListAddressSchema,
  videoListNarrowedToEvents,
  type VideoListAddress,
} from '@studio/domain';
import { pageQuery } from '../../ui/list-page.ts';

/** The /videos screen's state as it lives in the address (spec 000 §2: filters, sort and page in the URL). */
export type LibrarySearch = VideoListAddress;

/** The library at its defaults (newest first, no filter, page 1). */
export const defaultLibrarySearch: LibrarySearch = videoListAddressSchema.parse({});

/**
 * Spec 000 §7 "List video assets": limit, offset ((page-1)×size), search, ordering, workspace,
 * source, created_by, event_ids (repeated), event_tag, series_id; and with those events
 * `include_used` (the videos they use beside their own).
 */
export function videoListParams(
  state: LibrarySearch,
  pageSize: number,
  restrictWorkspace?: string | null,
): URLSearchParams {
  const params = pageQuery(state.page, pageSize, { ordering: state.ordering });
  if (state.search.trim()) params.set('search', state.search.trim());
  const workspace = restrictWorkspace === undefined ? state.workspace : (restrictWorkspace ?? NO_TEAM);
  if (workspace) params.set('workspace', workspace);
  for (const source of state.source) params.append('source', source);
  for (const user of state.created_by) params.append('created_by', user);
  for (const event of state.event_ids) params.append('event_ids', event);
  if (state.event_tag) params.set('event_tag', state.event_tag);
  if (state.series_id) params.set('series_id', state.series_id);
  if (state.include === 'used' && videoListNarrowedToEvents(state)) params.set('include_used', 'true');
  return params;
}
