import {
  eventMinimalSchema,
  FILTER_SEARCH_LIMIT,
  pageSchema,
  seriesMinimalSchema,
  videoCreatorSchema,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { ApiRequestError } from '../../api/api-error.ts';
import { studioApi } from '../../api/studio-api.ts';

/** Spec 000 §9: option titles longer than this are cut with an ellipsis. */
export const FILTER_TITLE_MAX_CHARACTERS = 60;

export const filterTitle = (title: string) =>
  [...title].length > FILTER_TITLE_MAX_CHARACTERS
    ? `${[...title].slice(0, FILTER_TITLE_MAX_CHARACTERS).join('')}…`
    : title;

export interface FilterOption {
  value: string;
  label: string;
}

const eventPage = pageSchema(eventMinimalSchema);
const seriesPage = pageSchema(seriesMinimalSchema);
const creatorPage = pageSchema(videoCreatorSchema);

/** Reads a list answered as an array or as a page. */
const listOrPage = {
  parse: (value: unknown) =>
    Array.isArray(value) ? videoCreatorSchema.array().parse(value) : creatorPage.parse(value).results,
};

/** Spec 000 §7 "Events search": organization, title, limit 25. */
export const eventsSearchQuery = (organizationId: string, title: string) =>
  queryOptions({
    queryKey: [...queryKeys.events.all, 'filter-search', organizationId, title],
    queryFn: async (): Promise<FilterOption[]> => {
      const params = new URLSearchParams({
        organization: organizationId,
        limit: String(FILTER_SEARCH_LIMIT),
        min: 'true',
      });
      if (title) params.set('title', title);
      const page = await studioApi.request({ method: 'GET', path: `/event/?${params}`, schema: eventPage });
      return page.results.map((event) => ({ value: event.id, label: filterTitle(event.title) }));
    },
    staleTime: 30_000,
  });

/** The title of an event picked earlier (the address names it by id). */
export const eventTitleQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.events.one(id), 'filter-title'],
    queryFn: async (): Promise<FilterOption> => {
      const event = await studioApi.request({
        method: 'GET',
        path: `/event/${encodeURIComponent(id)}/`,
        schema: eventMinimalSchema,
      });
      return { value: event.id, label: filterTitle(event.title) };
    },
    staleTime: 300_000,
  });

/** Spec 000 §7 "Series search": organization, name, limit 25. */
export const seriesSearchQuery = (organizationId: string, name: string) =>
  queryOptions({
    queryKey: [...queryKeys.series.all, 'filter-search', organizationId, name],
    queryFn: async (): Promise<FilterOption[]> => {
      const params = new URLSearchParams({
        organization: organizationId,
        limit: String(FILTER_SEARCH_LIMIT),
        min: 'true',
      });
      if (name) params.set('name', name);
      const page = await studioApi.request({
        method: 'GET',
        path: `/event/series/?${params}`,
        schema: seriesPage,
      });
      return page.results.map((series) => ({ value: series.id, label: filterTitle(series.name) }));
    },
    staleTime: 30_000,
  });

export const seriesNameQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.series.all, 'filter-name', id],
    queryFn: async (): Promise<FilterOption> => {
      const series = await studioApi.request({
        method: 'GET',
        path: `/event/series/${encodeURIComponent(id)}/`,
        schema: seriesMinimalSchema,
      });
      return { value: series.id, label: filterTitle(series.name) };
    },
    staleTime: 300_000,
  });

/**
 * Spec 000 §7 "Organisation users" for Created By: organization, workspaces=all,
 * exclude_studioevents_users=true. Until the server lists organisation users, null: the screen
 * offers the creators it has seen instead.
 */
export const organizationUsersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: [...queryKeys.users.all, 'filter', organizationId],
    queryFn: async (): Promise<FilterOption[] | null> => {
      const params = new URLSearchParams({
        organization: organizationId,
        workspaces: 'all',
        exclude_studioevents_users: 'true',
        limit: '1000',
      });
      try {
        const users = await studioApi.request({
          method: 'GET',
          path: `/core/users/?${params}`,
          schema: listOrPage,
        });
        return users.map((user) => ({
          value: user.id,
          label: `${user.first_name} ${user.last_name}`.trim(),
        }));
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
    staleTime: 300_000,
    retry: false,
  });
