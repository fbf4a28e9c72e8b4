import {
  eventMinimalSchema,
  pageSchema,
  seriesMinimalSchema,
  tagRefSchema,
  workspaceSchema,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** A choice of a picker or filter. */
export interface Option {
  value: string;
  label: string;
}

const ALL = '1000';

/** The caller's team workspaces (spec 000 §7 "Team workspaces", show=mine). */
export const workspaceOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.mine(organizationId),
    queryFn: async (): Promise<Option[]> => {
      const params = new URLSearchParams({ organization: organizationId, show: 'mine', limit: ALL });
      const page = await studioApi.request({
        method: 'GET',
        path: `/core/workspaces/?${params}`,
        schema: pageSchema(workspaceSchema),
      });
      return page.results.map((workspace) => ({ value: workspace.id, label: workspace.name }));
    },
    staleTime: 60_000,
  });

export const useWorkspaceOptions = (organizationId: string, enabled = true) =>
  useQuery({ ...workspaceOptionsQuery(organizationId), enabled });

/** The organisation's tag library (spec 001 §7 "Tags"). */
export const tagOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.tags.options(organizationId),
    queryFn: async (): Promise<Option[]> => {
      const params = new URLSearchParams({ organization: organizationId, limit: ALL });
      const page = await studioApi.request({
        method: 'GET',
        path: `/core/tags/?${params}`,
        schema: pageSchema(tagRefSchema),
      });
      return page.results.map((tag) => ({ value: tag.id, label: tag.tag_name }));
    },
    staleTime: 30_000,
  });

export const useTagOptions = (organizationId: string) => useQuery(tagOptionsQuery(organizationId));

/** The organisation's series by name (minimal data). */
export const seriesOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.series.options(organizationId),
    queryFn: async (): Promise<Option[]> => {
      const params = new URLSearchParams({
        organization: organizationId,
        limit: ALL,
        min: 'true',
        ordering: 'name',
      });
      const page = await studioApi.request({
        method: 'GET',
        path: `/event/series/?${params}`,
        schema: pageSchema(seriesMinimalSchema),
      });
      return page.results.map((series) => ({ value: series.id, label: series.name }));
    },
    staleTime: 30_000,
  });

export const useSeriesOptions = (organizationId: string) => useQuery(seriesOptionsQuery(organizationId));

/** The organisation's events, webinars and recordings by title (minimal data): what a hub page lists, what a template is made from. */
export const eventOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.events.options(organizationId),
    queryFn: async (): Promise<Option[]> => {
      const params = new URLSearchParams({
        organization: organizationId,
        filter: 'AllEvents',
        min: 'true',
        limit: ALL,
        ordering: 'title',
        event_type: 'Webinar,Conference,Recording',
      });
      const page = await studioApi.request({
        method: 'GET',
        path: `/event/?${params}`,
        schema: pageSchema(eventMinimalSchema),
      });
      return page.results.map((event) => ({ value: event.id, label: event.title }));
    },
    staleTime: 30_000,
  });
