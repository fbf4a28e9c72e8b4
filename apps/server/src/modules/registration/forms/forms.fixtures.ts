import { expect } from 'vitest';
import type { FormComponent, RegistrationForm } from '@studio/domain';
import type { Api } from '../../back-office/back-office.fixtures.ts';

/**
 * A registration form with these components, created through the API (the event's form when
 * `eventId` is given, else the organisation's).
 */
export async function newForm(
  api: Api,
  name: string,
  components: FormComponent[],
  eventId?: string,
): Promise<RegistrationForm> {
  const form = await api.post<RegistrationForm>('/api/event/forms/', {
    name,
    ...(eventId === undefined ? {} : { event: eventId }),
    formio_data: { components },
  });
  expect(form.status).toBe(201);
  return form.body;
}

/** A select taking several of `values`. */
export const multipleSelect = (key: string, label: string, values: { label: string; value: string }[]) =>
  ({ type: 'select', key, label, multiple: true, data: { values } }) satisfies FormComponent;
