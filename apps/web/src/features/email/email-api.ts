import {
  emailDeliveryPageSchema,
  emailScheduleListSchema,
  emailSchedulePaths,
  emailScheduleMessages,
  emailScheduleSchema,
  emailSendAnswerSchema,
  emailTemplateMessages,
  emailTemplatePageSchema,
  emailTemplateSchema,
  emailTrackingSchema,
  eventMemberPageSchema,
  NOT_REGISTERED_USER_CODE,
  SEAT_HOLDING_STATUSES,
  TOTAL_REGISTRANTS_LIMIT,
  type EmailDeliveryStatus,
  type EmailScheduleItem,
  type EmailTemplate,
  type EmailTemplateContext,
  type EmailTemplateListItem,
  type UpdateEmailTemplate,
} from '@studio/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { seriesRegistrantsTotalQuery } from '../../api/event-registrants.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** Whose emails: an event (or webinar), an event template, or a series (or repeating event). */
export interface EmailOwner {
  context: EmailTemplateContext;
  id: string;
}

const ownerKey = ({ context, id }: EmailOwner) => `${context}:${id}`;
const ownerQuery = ({ context, id }: EmailOwner) => `${context}=${encodeURIComponent(id)}`;
/** The domain's paths start at `/api`, which the client adds. */
const clientPath = (path: string) => path.replace(/^\/api/, '');
const TEMPLATES = '/event/email_templates/';
const oneTemplate = (id: string) => `${TEMPLATES}${encodeURIComponent(id)}/`;

export const EMAIL_TEMPLATES_PAGE_SIZE = 25;

// ── Templates ────────────────────────────────────────────────────────────────────────────────

/** GET /api/event/email_templates/?{context}={id}: one page of the owner's templates. */
export const emailTemplatesQuery = (owner: EmailOwner, page: number, search: string) =>
  queryOptions({
    queryKey: [...queryKeys.emailTemplates.of(ownerKey(owner)), { page, search }],
    queryFn: () => {
      const offset = (page - 1) * EMAIL_TEMPLATES_PAGE_SIZE;
      const searching = search ? `&search=${encodeURIComponent(search)}` : '';
      return studioApi.request({
        method: 'GET',
        path: `${TEMPLATES}?${ownerQuery(owner)}&limit=${EMAIL_TEMPLATES_PAGE_SIZE}&offset=${offset}${searching}`,
        schema: emailTemplatePageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });
export const useEmailTemplates = (owner: EmailOwner, page: number, search: string) =>
  useQuery(emailTemplatesQuery(owner, page, search));

/** The largest page the list calls answer. */
const LARGEST_PAGE = 1000;

/** Every one of the owner's templates (the schedule's Template lists), page after page. */
export const allEmailTemplatesQuery = (owner: EmailOwner) =>
  queryOptions({
    queryKey: [...queryKeys.emailTemplates.of(ownerKey(owner)), 'all'],
    queryFn: async () => {
      const templates: EmailTemplateListItem[] = [];
      for (let offset = 0; ;) {
        const { results, next } = await studioApi.request({
          method: 'GET',
          path: `${TEMPLATES}?${ownerQuery(owner)}&limit=${LARGEST_PAGE}&offset=${offset}`,
          schema: emailTemplatePageSchema,
        });
        templates.push(...results);
        offset += results.length;
        if (!next || results.length === 0) return templates;
      }
    },
  });
export const useAllEmailTemplates = (owner: EmailOwner) => useQuery(allEmailTemplatesQuery(owner));

/** GET /api/event/email_templates/{id}/: a template with its HTML and the editor's document. */
export const emailTemplateQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.emailTemplates.one(id),
    queryFn: () => studioApi.request({ method: 'GET', path: oneTemplate(id), schema: emailTemplateSchema }),
  });
export const useEmailTemplate = (id: string) => useQuery(emailTemplateQuery(id));

export const useCreateEmailTemplate = (owner: EmailOwner, onCreated: (template: EmailTemplate) => unknown) =>
  useStudioMutation({
    mutationFn: (name: string) =>
      studioApi.request({
        method: 'POST',
        path: TEMPLATES,
        body: { [owner.context]: owner.id, name },
        schema: emailTemplateSchema,
      }),
    invalidates: [queryKeys.emailTemplates.of(ownerKey(owner))],
    successToast: emailTemplateMessages.templateCreated,
    onSuccess: onCreated,
  });

export const useSaveEmailTemplate = (id: string, onFailure: (error: unknown) => void) =>
  useStudioMutation({
    mutationFn: (change: UpdateEmailTemplate) =>
      studioApi.request({
        method: 'PATCH',
        path: oneTemplate(id),
        body: change,
        schema: emailTemplateSchema,
      }),
    invalidates: [queryKeys.emailTemplates.all],
    successToast: emailTemplateMessages.templateUpdated,
    onFailure,
  });

export const useDuplicateEmailTemplate = (owner: EmailOwner) =>
  useStudioMutation({
    mutationFn: (template: { id: string }) =>
      studioApi.request({
        method: 'POST',
        path: `${oneTemplate(template.id)}duplicate/`,
        schema: emailTemplateSchema,
      }),
    invalidates: [queryKeys.emailTemplates.of(ownerKey(owner))],
    successToast: emailTemplateMessages.templateDuplicated,
    failureToast: emailTemplateMessages.duplicationFailed,
  });

export const useDeleteEmailTemplate = (owner: EmailOwner, onDeleted: () => unknown) =>
  useStudioMutation({
    mutationFn: (template: { id: string }) =>
      studioApi.request({ method: 'DELETE', path: oneTemplate(template.id) }),
    // The schedules that sent it let go of it (domain `templateDeletionEffect`).
    invalidates: [queryKeys.emailTemplates.of(ownerKey(owner)), queryKeys.emailSchedules.of(ownerKey(owner))],
    successToast: emailTemplateMessages.templateDeleted,
    onSuccess: onDeleted,
  });

/** Events and series send test emails (an event template has no registrants to stand for). */
export const canSendTestEmail = (owner: EmailOwner) => owner.context !== 'event_template';

/**
 * POST …/send_test_email/ with a saved template, to the signed-in organiser (no addresses) or to
 * registered people; an address of no registered user is said in the spec's words, another
 * refusal in the server's.
 */
export const useSendTestEmail = (owner: EmailOwner) =>
  useStudioMutation({
    mutationFn: (send: { templateId: string; emails?: string[] }) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${owner.context === 'series' ? 'series/' : ''}${encodeURIComponent(owner.id)}/send_test_email/`,
        body: { email_template: send.templateId, ...(send.emails?.length && { emails: send.emails }) },
        schema: emailSendAnswerSchema,
      }),
    successToast: emailTemplateMessages.testEmailsSent,
    // A refusal (4xx) says the server's own words; a failure to send, 001's sentence.
    failureToast: (error) =>
      !(error instanceof ApiRequestError) || error.status >= 500
        ? emailTemplateMessages.testEmailFailed
        : error.code === NOT_REGISTERED_USER_CODE
          ? emailTemplateMessages.notRegisteredUser
          : error.message,
  });

/** Who a template is sent to now: an event's registrants, or a series' (each person once). */
export interface RegistrantsOwner {
  context: 'event' | 'series';
  id: string;
}

/**
 * The event's registrants holding a seat (those a bulk send reaches, not the waitlisted, rejected
 * or cancelled): their total and latest 20 (002 §7.13a), read when the send dialog opens.
 */
export const useSeatedRegistrants = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...queryKeys.registrants.of(eventId), 'seated'],
    queryFn: () => {
      const params = new URLSearchParams({
        event: eventId,
        event_user_status: SEAT_HOLDING_STATUSES.join(','),
        ordering: '-registered_at',
        limit: String(TOTAL_REGISTRANTS_LIMIT),
      });
      return studioApi.request({
        method: 'GET',
        path: `/event/event-members/?${params.toString()}`,
        schema: eventMemberPageSchema,
      });
    },
    enabled,
  });

/** The series' registrants total (one per person) and first 20, read when the send dialog opens. */
export const useSeriesRegistrantsTotal = (seriesId: string, enabled: boolean) =>
  useQuery({ ...seriesRegistrantsTotalQuery(seriesId), enabled });

/**
 * POST /api/event/{id}/send_bulk_email/ (every registrant) or …/send_custom_email/ (the chosen
 * registrations), or /api/event/series/{id}/send_bulk_email/ (every registrant of the series'
 * events), with a saved template; the server sends in the background and answers at once.
 */
export const useSendToRegistrants = (owner: RegistrantsOwner, onSent: () => void) =>
  useStudioMutation({
    mutationFn: (send: { templateId: string; registrants: string[] | null }) =>
      studioApi.request({
        method: 'POST',
        path: `/event/${owner.context === 'series' ? 'series/' : ''}${encodeURIComponent(owner.id)}/${send.registrants ? 'send_custom_email' : 'send_bulk_email'}/`,
        body: { email_template: send.templateId, ...(send.registrants && { registrants: send.registrants }) },
        schema: emailSendAnswerSchema,
      }),
    successToast: (answer) => answer.message,
    failureToast: emailTemplateMessages.sendingMailFailed,
    onSuccess: onSent,
  });

// ── Schedules ────────────────────────────────────────────────────────────────────────────────

/** GET /api/event/email_schedules/?{context}={id}: every email type with its schedule, and the owner's times. */
export const emailSchedulesQuery = (owner: EmailOwner) =>
  queryOptions({
    queryKey: queryKeys.emailSchedules.of(ownerKey(owner)),
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `${clientPath(emailSchedulePaths.schedules)}?${ownerQuery(owner)}`,
        schema: emailScheduleListSchema,
      }),
  });
export const useEmailSchedules = (owner: EmailOwner) => useQuery(emailSchedulesQuery(owner));

/** PUT …/email_schedules/bulk/: every changed type at once; a refused time comes back per type. */
export const useSaveEmailSchedules = (
  owner: EmailOwner,
  options: { onSaved: () => unknown; onFailure: (error: unknown) => void },
) =>
  useStudioMutation({
    mutationFn: (schedules: EmailScheduleItem[]) =>
      studioApi.request({
        method: 'PUT',
        path: `${clientPath(emailSchedulePaths.bulk)}?${ownerQuery(owner)}`,
        body: { schedules },
        schema: emailScheduleListSchema,
      }),
    invalidates: [queryKeys.emailSchedules.of(ownerKey(owner))],
    onSuccess: options.onSaved,
    onFailure: options.onFailure,
  });

/** PATCH …/email_schedules/{id}/: an email type on or off. */
export const useSetEmailTypeActive = (owner: EmailOwner) =>
  useStudioMutation({
    mutationFn: (change: { id: string; active: boolean }) =>
      studioApi.request({
        method: 'PATCH',
        path: clientPath(emailSchedulePaths.schedule(encodeURIComponent(change.id))),
        body: { active: change.active },
        schema: emailScheduleSchema,
      }),
    invalidates: [queryKeys.emailSchedules.of(ownerKey(owner))],
    failureToast: emailScheduleMessages.errorUpdatingConfiguration,
  });

// ── Delivery log ─────────────────────────────────────────────────────────────────────────────

export const EMAIL_DELIVERIES_PAGE_SIZE = 25;

export interface DeliveryFilters {
  page: number;
  status: EmailDeliveryStatus | null;
  emailType: string | null;
  search: string;
}

/** GET /api/event/email_deliveries/?event=: a page of the event's messages with its counts per status. */
export const emailDeliveriesQuery = (eventId: string, filters: DeliveryFilters) =>
  queryOptions({
    queryKey: [...queryKeys.emailSchedules.deliveries(eventId), filters],
    queryFn: () => {
      const query = new URLSearchParams({
        event: eventId,
        limit: String(EMAIL_DELIVERIES_PAGE_SIZE),
        offset: String((filters.page - 1) * EMAIL_DELIVERIES_PAGE_SIZE),
      });
      if (filters.status) query.set('status', filters.status);
      if (filters.emailType) query.set('email_type', filters.emailType);
      if (filters.search) query.set('search', filters.search);
      return studioApi.request({
        method: 'GET',
        path: `${clientPath(emailSchedulePaths.deliveries)}?${query.toString()}`,
        schema: emailDeliveryPageSchema,
      });
    },
    placeholderData: keepPreviousData,
  });
export const useEmailDeliveries = (eventId: string, filters: DeliveryFilters) =>
  useQuery(emailDeliveriesQuery(eventId, filters));

/** GET /api/event/email_tracking/: whether the organisation's logged emails track opens and clicks. */
export const emailTrackingQuery = () =>
  queryOptions({
    queryKey: queryKeys.emailSchedules.tracking,
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: clientPath(emailSchedulePaths.tracking),
        schema: emailTrackingSchema,
      }),
  });
export const useEmailTracking = () => useQuery(emailTrackingQuery());

/** PUT /api/event/email_tracking/ (organisation admins). */
export const useSetEmailTracking = () =>
  useStudioMutation({
    mutationFn: (track: boolean) =>
      studioApi.request({
        method: 'PUT',
        path: clientPath(emailSchedulePaths.tracking),
        body: { track_opens_and_clicks: track },
        schema: emailTrackingSchema,
      }),
    invalidates: [queryKeys.emailSchedules.tracking],
    failureToast: emailScheduleMessages.errorUpdatingConfiguration,
  });
