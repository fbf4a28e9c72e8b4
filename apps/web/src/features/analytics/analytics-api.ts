import {
  ENGAGEMENT_UPDATED,
  analyticsCsvPath,
  analyticsPath,
  analyticsReport,
  viewersNow,
  viewersNowPath,
  type AnalyticsTab,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { studioApi } from '../../api/studio-api.ts';

/** Days in the event's time zone (YYYY-MM-DD); absent: the server's default range. */
export interface AnalyticsRange {
  from?: string;
  to?: string;
}

/** The paths of `@studio/domain`, relative to the client's `/api`. */
const relative = (path: string) => path.replace(/^\/api/, '');
const rangeQuery = (range: AnalyticsRange, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams(extra);
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const fetchAnalyticsReport = (eventId: string, tab: AnalyticsTab, range: AnalyticsRange) =>
  studioApi.request({
    method: 'GET',
    path: `${relative(analyticsPath(eventId, tab))}${rangeQuery(range)}`,
    schema: analyticsReport,
  });

export const analyticsReportQuery = (eventId: string, tab: AnalyticsTab, range: AnalyticsRange) =>
  queryOptions({
    queryKey: queryKeys.analytics.report(eventId, tab, range),
    queryFn: () => fetchAnalyticsReport(eventId, tab, range),
    placeholderData: keepPreviousData,
  });

export const useAnalyticsReport = (eventId: string, tab: AnalyticsTab, range: AnalyticsRange) =>
  useQuery(analyticsReportQuery(eventId, tab, range));

/** A tab's table as the server writes it (formula-leading cells escaped). */
export const downloadAnalyticsCsv = (
  eventId: string,
  tab: AnalyticsTab,
  table: string,
  range: AnalyticsRange,
) =>
  studioApi.download({
    method: 'GET',
    path: `${relative(analyticsCsvPath(eventId, tab))}${rangeQuery(range, { table })}`,
  });

export const fetchViewersNow = (eventId: string) =>
  studioApi.request({ method: 'GET', path: relative(viewersNowPath(eventId)), schema: viewersNow });

export const viewersNowQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.analytics.viewersNow(eventId),
    queryFn: () => fetchViewersNow(eventId),
  });

/**
 * Viewers now (engagement's presence), read again at each presence push of the event on the
 * studio's socket and after each (re)connection: pushed, not polled.
 */
export function useViewersNow(eventId: string) {
  useReadAgainOnPush(
    eventId,
    queryKeys.analytics.viewersNow(eventId),
    (message) =>
      message.type === 'ready' ||
      (message.type === ENGAGEMENT_UPDATED &&
        message.data.eventId === eventId &&
        message.data.kinds.includes('presence')),
  );
  return useQuery(viewersNowQuery(eventId));
}
