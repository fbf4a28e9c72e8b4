import {
  listedEventSchema,
  pageSchema,
  seriesSchema,
  type RecurrenceRuleInput,
  type Series,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

export const SERIES_KEY = queryKeys.series.all[0];
const base = '/event/series/';
const seriesPath = (id: string) => `${base}${encodeURIComponent(id)}/`;

/** GET /api/event/series/ */
export const fetchSeriesPage = (params: URLSearchParams) =>
  studioApi.request({ method: 'GET', path: `${base}?${params}`, schema: pageSchema(seriesSchema) });

export const seriesListQuery = (params: URLSearchParams) =>
  listPageQuery([SERIES_KEY], params, fetchSeriesPage);

export const useSeriesList = (params: URLSearchParams) => useQuery(seriesListQuery(params));

/** GET /api/event/series/{id}/?get_cached_data=true&get_tags=true */
export const fetchSeries = (id: string) =>
  studioApi.request({
    method: 'GET',
    path: `${seriesPath(id)}?get_cached_data=true&get_tags=true`,
    schema: seriesSchema,
  });

export const seriesQuery = (id: string) =>
  queryOptions({ queryKey: [SERIES_KEY, 'one', id], queryFn: () => fetchSeries(id), retry: false });

export const useSeries = (id: string) => useQuery(seriesQuery(id));

export interface SeriesFields {
  name: string;
  /** Rich text (the server cleans it); null: none. */
  description?: string | null;
  organization?: string;
  workspace?: string | null;
  tags?: string[];
  recurrence?: RecurrenceRuleInput;
}

export const createSeries = (fields: SeriesFields) =>
  studioApi.request({ method: 'POST', path: base, body: fields, schema: seriesSchema });

export const updateSeries = (id: string, fields: Partial<SeriesFields>) =>
  studioApi.request({ method: 'PATCH', path: seriesPath(id), body: fields, schema: seriesSchema });

/** The events of a series, oldest first. */
export const seriesEventsQuery = (organizationId: string, seriesId: string) =>
  queryOptions({
    queryKey: [SERIES_KEY, 'events', seriesId],
    queryFn: () => {
      const params = new URLSearchParams({
        organization: organizationId,
        series: seriesId,
        filter: 'AllEvents',
        event_type: 'Webinar,Conference,Recording',
        ordering: 'start_time',
        limit: '500',
      });
      return studioApi.request({
        method: 'GET',
        path: `/event/?${params}`,
        schema: pageSchema(listedEventSchema),
      });
    },
  });

// Mutation hooks: a repeating event's rule makes and moves its occurrences, so events refresh too.

export const useCreateSeries = (onCreated: (series: Series) => unknown) =>
  useStudioMutation({
    mutationFn: createSeries,
    invalidates: [queryKeys.series.all, queryKeys.events.all],
    onSuccess: onCreated,
  });

export const useUpdateSeries = (id: string) =>
  useStudioMutation({
    mutationFn: (fields: Partial<SeriesFields>) => updateSeries(id, fields),
    successToast: 'Series updated successfully.',
    invalidates: [queryKeys.series.all, queryKeys.events.all],
  });
