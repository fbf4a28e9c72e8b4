import {
  eventMinimalSchema,
  pageSchema,
  seriesMinimalSchema,
  tagRefSchema,
  workspaceSchema,
  type EventMinimal,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { formatDateTime } from '../ui/formats.ts';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** A choice of a picker or filter. */
export interface Option {
  value: string;
  label: string;
}

const ALL = '1000';

/** Every row a list path answers for `query` (one page of them all), each as an option. */
async function fetchOptions<Item extends z.ZodType>(
  path: string,
  query: Record<string, string>,
  item: Item,
  option: (row: z.infer<Item>) => Option,
): Promise<Option[]> {
  const page = await studioApi.request({
    method: 'GET',
    path: `${path}?${new URLSearchParams(query)}`,
    schema: pageSchema(item),
  });
  return page.results.map(option);
}

/** The caller's team workspaces (spec 000 §7 "Team workspaces", show=mine). */
export const workspaceOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.mine(organizationId),
    queryFn: () =>
      fetchOptions(
        '/core/workspaces/',
        { organization: organizationId, show: 'mine', limit: ALL },
        workspaceSchema,
        (workspace) => ({ value: workspace.id, label: workspace.name }),
      ),
    staleTime: 60_000,
  });

/**
 * A form's workspace choices: null when the organisation has no workspaces (the field is not
 * shown, and a request sends none), else the caller's workspaces, fetched only then.
 */
export function useWorkspaceChoices(organizationId: string, workspacesEnabled: boolean): Option[] | null {
  const workspaces = useQuery({ ...workspaceOptionsQuery(organizationId), enabled: workspacesEnabled });
  return workspacesEnabled ? (workspaces.data ?? []) : null;
}

/** The organisation's tag library (spec 001 §7 "Tags"). */
export const tagOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.tags.options(organizationId),
    queryFn: () =>
      fetchOptions('/core/tags/', { organization: organizationId, limit: ALL }, tagRefSchema, (tag) => ({
        value: tag.id,
        label: tag.tag_name,
      })),
    staleTime: 30_000,
  });

export const useTagOptions = (organizationId: string) => useQuery(tagOptionsQuery(organizationId));

/** The organisation's series by name (minimal data). */
export const seriesOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.series.options(organizationId),
    queryFn: () =>
      fetchOptions(
        '/event/series/',
        { organization: organizationId, limit: ALL, min: 'true', ordering: 'name' },
        seriesMinimalSchema,
        (series) => ({ value: series.id, label: series.name }),
      ),
    staleTime: 30_000,
  });

export const useSeriesOptions = (organizationId: string) => useQuery(seriesOptionsQuery(organizationId));

/**
 * An event as a picker names it: its title and its start in its own zone ("Office Hours · Jan 5,
 * 2027, 2:00 PM GMT-8"), so a repeating event's occurrences and other same-named events differ.
 */
export const eventOptionLabel = (event: Pick<EventMinimal, 'title' | 'start_time' | 'timezone'>) =>
  `${event.title} · ${formatDateTime(event.start_time, event.timezone)}`;

/** The organisation's events, webinars and recordings by title (minimal data): what a hub page lists, what a template is made from. */
export const eventOptionsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: queryKeys.events.options(organizationId),
    queryFn: () =>
      fetchOptions(
        '/event/',
        {
          organization: organizationId,
          filter: 'AllEvents',
          min: 'true',
          limit: ALL,
          ordering: 'title',
          event_type: 'Webinar,Conference,Recording',
        },
        eventMinimalSchema,
        (event) => ({ value: event.id, label: eventOptionLabel(event) }),
      ),
    staleTime: 30_000,
  });
