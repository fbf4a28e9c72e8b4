import {
  eventSchema,
  pageSchema,
  REGISTRATION_TOAST_MS,
  registrationMessages,
  SERIES_REGISTRANTS_PAGE_SIZE,
  seriesRegistrantPageSchema,
  seriesUserRegistrationAnswerSchema,
  type EventUserStatus,
  type RegistrationAnswers,
  type SeriesRegistrantListAddress,
} from '@studio/domain';
import { queryOptions } from '@tanstack/react-query';
import { listPageQuery } from '../../api/list-page-query.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { pageQuery } from '../../ui/list-page.ts';
import { showToast } from '../../ui/toast.ts';

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

const seriesEventSchema = eventSchema.pick({
  id: true,
  title: true,
  start_time: true,
  timezone: true,
  registration_form_data: true,
});

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
  event_user_status: EventUserStatus;
  /** The person's company when the form asks none (else it is one of the answers). */
  company: string;
  /** The form the answers are to (the first chosen event's), or null: the base fields only. */
  form_id: string | null;
  /** The form's answers, the base fields with them, as checked by the form's rules. */
  answers: RegistrationAnswers;
}

/**
 * POST /api/event/series-registrants/ `{series, events, form_id, user, event_user_status}` (002
 * §7.10): `user` the form's submission; the spec's toasts. A refusal of the answers goes onto
 * their fields (`onRefused`) besides the failure toast.
 */
/** An event of the series the person was not registered for, and why (the server's words). */
export type SeriesRefusal = { event: string; message: string };

export const useRegisterSeriesUser = (
  seriesId: string,
  onRegistered: () => unknown,
  onPartlyRegistered: (refused: SeriesRefusal[]) => void,
  onRefused: (error: unknown) => void,
) =>
  useStudioMutation({
    mutationFn: ({ events, event_user_status, company, form_id, answers }: SeriesRegistration) =>
      studioApi.request({
        method: 'POST',
        path: '/event/series-registrants/',
        body: {
          series: seriesId,
          events,
          event_user_status,
          form_id,
          user: { ...answers, ...(company ? { company } : {}) },
        },
        schema: seriesUserRegistrationAnswerSchema,
      }),
    onSuccess: ({ results }) => {
      const refused = results.filter((result) => !result.ok);
      if (refused.length === 0) {
        showToast(registrationMessages.registeredByHand, 'success', REGISTRATION_TOAST_MS);
        return onRegistered();
      }
      onPartlyRegistered(refused.map(({ event, message }) => ({ event, message })));
    },
    invalidates: [registrantsOf(seriesId)],
    onFailure: (error) => {
      onRefused(error);
      showToast(registrationMessages.errorRegisteringForSeries, 'error');
    },
  });
