import {
  eventSchema,
  pageSchema,
  registrationMessages,
  SERIES_REGISTRANTS_PAGE_SIZE,
  seriesRegistrantPageSchema,
  type EventUserStatus,
  type SeriesRegistrantListAddress,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { pageQuery } from '../../ui/list-page.ts';

const registrantsOf = (seriesId: string) => queryKeys.seriesRegistrants.of(seriesId);

/** GET /api/event/series-registrants/?series= — 25 a page, by first name unless told (002 §7.10). */
export const seriesRegistrantsQuery = (seriesId: string, address: SeriesRegistrantListAddress) => {
  const params = pageQuery(address.page, SERIES_REGISTRANTS_PAGE_SIZE, {
    series: seriesId,
    ordering: address.sort,
    search: address.search || undefined,
    company__in: address.company.length > 0 && address.company.join(','),
    events__in: address.events.length > 0 && address.events.join(','),
  });
  return listPageQuery(registrantsOf(seriesId), params, () =>
    studioApi.request({
      method: 'GET',
      path: `/event/series-registrants/?${params.toString()}`,
      schema: seriesRegistrantPageSchema,
    }),
  );
};

const seriesEventSchema = eventSchema.pick({ id: true, title: true, start_time: true, timezone: true });

/** The series' events (the filter's and the dialog's choices), oldest first. */
export const seriesEventsQuery = (organizationId: string, seriesId: string) =>
  queryOptions({
    queryKey: [...queryKeys.events.all, 'of-series', seriesId],
    queryFn: async () => {
      const params = new URLSearchParams({
        organization: organizationId,
        series: seriesId,
        filter: 'AllEvents',
        event_type: 'Webinar,Conference',
        ordering: 'start_time',
        limit: '500',
      });
      return (
        await studioApi.request({
          method: 'GET',
          path: `/event/?${params.toString()}`,
          schema: pageSchema(seriesEventSchema),
        })
      ).results;
    },
  });

export interface SeriesRegistration {
  events: string[];
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  event_user_status: EventUserStatus;
}

/** POST /api/event/series-registrants/ `{series, events, user, event_user_status}`. */
export const useRegisterSeriesUser = (seriesId: string, onRegistered: () => unknown) =>
  useStudioMutation({
    mutationFn: ({ events, event_user_status, company, ...person }: SeriesRegistration) =>
      studioApi.request({
        method: 'POST',
        path: '/event/series-registrants/',
        body: {
          series: seriesId,
          events,
          event_user_status,
          user: { ...person, ...(company ? { company } : {}) },
        },
      }),
    successToast: (_answer, { email }) => `${email} is registered for the series.`,
    failureToast: registrationMessages.errorRegisteringForSeries,
    invalidates: [registrantsOf(seriesId)],
    onSuccess: onRegistered,
  });
