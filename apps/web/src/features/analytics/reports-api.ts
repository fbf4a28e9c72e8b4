import {
  crossEventPage,
  customReportResult,
  EVENT_REPORT_PAGE_SIZE,
  openedReport,
  reportMessages,
  reportsAvailable,
  reportsPaths,
  roiPage,
  SAVED_REPORTS_PAGE_SIZE,
  savedReport,
  savedReportsPage,
  seriesReport,
  type CustomReportDefinition,
  type ReportKind,
  type SavedReportRequest,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ResponseSchema } from '../../api/api-client.ts';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** The cross-event and ROI reports' filter: events starting in these UTC days, by title; 1-based page. */
export interface EventReportFilter {
  from?: string;
  to?: string;
  title?: string;
  page: number;
}
export type EventReportKind = 'cross-event' | 'roi';

/**
 * Which reports the organisation's plan and flags allow, by the server's own rule (its 403
 * FEATURE_NOT_ENABLED); undefined until the organisation is known.
 */
export function useReportsAvailable(): Record<ReportKind, boolean> | undefined {
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  const { data: organization } = useQuery({
    ...organizationQuery(organizationId),
    enabled: organizationId !== '',
  });
  return (
    organization &&
    reportsAvailable(
      { tier: organization.tier, config: organization.pricing_config },
      organization.feature_flags,
    )
  );
}

/** The paths of `@studio/domain`, relative to the client's `/api`. */
const relative = (path: string) => path.replace(/^\/api/, '');
const filterQuery = (filter: Omit<EventReportFilter, 'page'> & { page?: number }, pageSize: number) => {
  const params = new URLSearchParams();
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.title) params.set('title', filter.title);
  if (filter.page && filter.page > 1) params.set('offset', String((filter.page - 1) * pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
};

interface EventReportPages {
  'cross-event': z.infer<typeof crossEventPage>;
  roi: z.infer<typeof roiPage>;
}
export type EventReportRow<Kind extends EventReportKind> = EventReportPages[Kind]['results'][number];

/** Each events report's page and CSV paths, and the schema of its page. */
const EVENT_REPORTS: {
  [Kind in EventReportKind]: { path: string; csv: string; schema: ResponseSchema<EventReportPages[Kind]> };
} = {
  'cross-event': { path: reportsPaths.crossEvent, csv: reportsPaths.crossEventCsv, schema: crossEventPage },
  roi: { path: reportsPaths.roi, csv: reportsPaths.roiCsv, schema: roiPage },
};

export const fetchEventReport = <Kind extends EventReportKind>(kind: Kind, filter: EventReportFilter) =>
  studioApi.request({
    method: 'GET',
    path: `${relative(EVENT_REPORTS[kind].path)}${filterQuery(filter, EVENT_REPORT_PAGE_SIZE)}`,
    schema: EVENT_REPORTS[kind].schema,
  });
export const eventReportQuery = <Kind extends EventReportKind>(kind: Kind, filter: EventReportFilter) =>
  queryOptions({
    queryKey: queryKeys.reports.ofEvents(kind, filter),
    queryFn: () => fetchEventReport(kind, filter),
    placeholderData: keepPreviousData,
  });
export const useEventReport = <Kind extends EventReportKind>(kind: Kind, filter: EventReportFilter) =>
  useQuery(eventReportQuery(kind, filter));

/** Every event of the report's filter as CSV (the server escapes formula-leading cells). */
export const downloadEventReportCsv = (kind: EventReportKind, filter: Omit<EventReportFilter, 'page'>) =>
  studioApi.download({
    method: 'GET',
    path: `${relative(EVENT_REPORTS[kind].csv)}${filterQuery(filter, 1)}`,
  });

export const useSetEventCost = () =>
  useStudioMutation({
    mutationFn: ({ eventId, cost }: { eventId: string; cost: number | null }) =>
      studioApi.request({ method: 'PUT', path: relative(reportsPaths.eventCost(eventId)), body: { cost } }),
    invalidates: [queryKeys.reports.all],
    successToast: reportMessages.costSaved,
  });

export const useRunCustomReport = () =>
  useStudioMutation({
    mutationFn: (definition: CustomReportDefinition) =>
      studioApi.request({
        method: 'POST',
        path: relative(reportsPaths.customRun),
        body: definition,
        schema: customReportResult,
      }),
  });
export const downloadCustomReportCsv = (definition: CustomReportDefinition) =>
  studioApi.download({ method: 'POST', path: relative(reportsPaths.customRunCsv), body: definition });

export const fetchSavedReports = (filter: { search: string; page: number }) => {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.page > 1) params.set('offset', String((filter.page - 1) * SAVED_REPORTS_PAGE_SIZE));
  const text = params.toString();
  return studioApi.request({
    method: 'GET',
    path: `${relative(reportsPaths.saved)}${text ? `?${text}` : ''}`,
    schema: savedReportsPage,
  });
};
export const savedReportsQuery = (filter: { search: string; page: number }) =>
  queryOptions({
    queryKey: queryKeys.reports.saved(filter),
    queryFn: () => fetchSavedReports(filter),
    placeholderData: keepPreviousData,
  });
export const useSavedReports = (filter: { search: string; page: number }) =>
  useQuery(savedReportsQuery(filter));

export const fetchOpenedReport = (id: string) =>
  studioApi.request({ method: 'GET', path: relative(reportsPaths.savedReport(id)), schema: openedReport });
export const openedReportQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.reports.savedReport(id), queryFn: () => fetchOpenedReport(id) });
export const useOpenedReport = (id: string) => useQuery(openedReportQuery(id));
export const downloadSavedReportCsv = (id: string) =>
  studioApi.download({ method: 'GET', path: relative(reportsPaths.savedReportCsv(id)) });

export const useSaveReport = (onSaved: (id: string) => unknown) =>
  useStudioMutation({
    mutationFn: (request: SavedReportRequest) =>
      studioApi.request({
        method: 'POST',
        path: relative(reportsPaths.saved),
        body: request,
        schema: savedReport,
      }),
    invalidates: [queryKeys.reports.savedLists],
    successToast: reportMessages.reportSaved,
    onSuccess: (report) => onSaved(report.id),
  });

export const useDeleteReport = (onDeleted?: () => unknown) =>
  useStudioMutation({
    mutationFn: (id: string) =>
      studioApi.request({ method: 'DELETE', path: relative(reportsPaths.savedReport(id)) }),
    invalidates: [queryKeys.reports.savedLists],
    successToast: reportMessages.reportDeleted,
    ...(onDeleted ? { onSuccess: onDeleted } : {}),
  });

export const fetchSeriesReport = (seriesId: string) =>
  studioApi.request({ method: 'GET', path: relative(reportsPaths.series(seriesId)), schema: seriesReport });
export const seriesReportQuery = (seriesId: string) =>
  queryOptions({ queryKey: queryKeys.reports.series(seriesId), queryFn: () => fetchSeriesReport(seriesId) });
export const useSeriesReport = (seriesId: string) => useQuery(seriesReportQuery(seriesId));
export const downloadSeriesReportCsv = (seriesId: string) =>
  studioApi.download({ method: 'GET', path: relative(reportsPaths.seriesCsv(seriesId)) });
