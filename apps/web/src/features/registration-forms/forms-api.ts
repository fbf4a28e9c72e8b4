import {
  eventSchema,
  REGISTRATION_FORMS_PAGE_SIZE,
  registrationFormMessages,
  registrationFormPageSchema,
  registrationFormSchema,
  registrationMessages,
  type CreateRegistrationForm,
  type FormioData,
  type RegistrationForm,
} from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { registrationFormQuery } from '../../api/registration-forms.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

const formPath = (id: string) => `/event/forms/${encodeURIComponent(id)}/`;
const KEY = queryKeys.registrationForms.all;

/** GET /api/event/forms/?organization=&is_global_form=true: the organisation's global forms. */
export const fetchGlobalForms = (organizationId: string, page: number) =>
  studioApi.request({
    method: 'GET',
    path:
      `/event/forms/?organization=${encodeURIComponent(organizationId)}&is_global_form=true` +
      `&ordering=name&limit=${REGISTRATION_FORMS_PAGE_SIZE}&offset=${(page - 1) * REGISTRATION_FORMS_PAGE_SIZE}`,
    schema: registrationFormPageSchema,
  });
export const globalFormsQuery = (organizationId: string, page = 1) =>
  queryOptions({
    queryKey: [...KEY, organizationId, 'global', page],
    queryFn: () => fetchGlobalForms(organizationId, page),
  });
export const useGlobalForms = (organizationId: string, page = 1) =>
  useQuery({ ...globalFormsQuery(organizationId, page), enabled: Boolean(organizationId) });

export const useRegistrationFormOf = (id: string | null) =>
  useQuery({ ...registrationFormQuery(id ?? ''), enabled: id !== null });

/** The event's registration form: which form it asks (`registration_form_data`) and its own form. */
export const eventFormQuery = (eventId: string) =>
  queryOptions({
    queryKey: [...KEY, 'event', eventId],
    queryFn: async () => {
      const [event, own] = await Promise.all([
        studioApi.request({
          method: 'GET',
          path: `/event/${encodeURIComponent(eventId)}/`,
          schema: eventSchema,
        }),
        studioApi.request({
          method: 'GET',
          path: `/event/forms/?event=${encodeURIComponent(eventId)}&limit=1`,
          schema: registrationFormPageSchema,
        }),
      ]);
      return {
        organizationId: event.organization,
        chosen: event.registration_form_data,
        own: own.results[0] ?? null,
      };
    },
    retry: false,
  });
export const useEventForm = (eventId: string) => useQuery(eventFormQuery(eventId));

export function useCreateForm(onCreated: (form: RegistrationForm) => unknown) {
  return useStudioMutation({
    mutationFn: (body: Partial<CreateRegistrationForm> & { name: string }) =>
      studioApi.request({ method: 'POST', path: '/event/forms/', body, schema: registrationFormSchema }),
    invalidates: [KEY],
    successToast: registrationFormMessages.formCreated,
    failureToast: registrationFormMessages.errorCreatingForm,
    onSuccess: onCreated,
  });
}

/** PUT `{formio_data, form, event}`: saves the form (and, with `event`, makes it the event's form). */
export function useSaveForm(onSaved?: (form: RegistrationForm) => unknown) {
  return useStudioMutation({
    mutationFn: ({
      id,
      formio_data,
      name,
      event,
    }: {
      id: string;
      formio_data: FormioData;
      name?: string;
      event?: string;
    }) =>
      studioApi.request({
        method: 'PUT',
        path: formPath(id),
        body: { formio_data, ...(name ? { form: { name } } : {}), ...(event ? { event } : {}) },
        schema: registrationFormSchema,
      }),
    invalidates: [KEY],
    successToast: registrationFormMessages.formSaved,
    failureToast: registrationMessages.errorUpdatingForm,
    ...(onSaved ? { onSuccess: onSaved } : {}),
  });
}

export function useDeleteForm(onDeleted: () => unknown) {
  return useStudioMutation({
    mutationFn: (id: string) => studioApi.request({ method: 'DELETE', path: formPath(id) }),
    invalidates: [KEY],
    successToast: registrationFormMessages.formDeleted,
    onSuccess: onDeleted,
  });
}
