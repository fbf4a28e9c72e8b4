import { registrationFormSchema, type FormioData } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** The base fields only: what an event without a registration form asks. */
const BASE_FIELDS_ONLY: FormioData = { components: [] };

/** GET /api/event/forms/{id}/: one registration form (the form schema fetch, 002 §7.13a). */
export const registrationFormQuery = (id: string) =>
  queryOptions({
    queryKey: [...queryKeys.registrationForms.all, 'one', id],
    queryFn: () =>
      studioApi.request({
        method: 'GET',
        path: `/event/forms/${encodeURIComponent(id)}/`,
        schema: registrationFormSchema,
      }),
    retry: false,
  });

/**
 * The fields a registration asks: those of the form `formId` (undefined while it loads), or the
 * base fields only without one; `failed` when the form could not be read.
 */
export function useRegistrationFormData(formId: string | null) {
  const form = useQuery({ ...registrationFormQuery(formId ?? ''), enabled: formId !== null });
  return {
    formio_data: formId === null ? BASE_FIELDS_ONLY : form.data?.formio_data,
    failed: formId !== null && form.isError,
  };
}
