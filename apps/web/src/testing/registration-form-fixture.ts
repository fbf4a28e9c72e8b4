import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegistrationForm } from '@studio/domain';
import { acme } from './fake-studio-api.ts';

/** A registration form `f-1` of Acme, as GET /api/event/forms/{id}/ answers it. */
export const registrationFormFixture = (fields: Partial<RegistrationForm> = {}): RegistrationForm => ({
  id: 'f-1',
  organization: acme.id,
  name: 'Conference form',
  is_global_form: true,
  event: null,
  formio_data: {
    components: [{ type: 'textfield', key: 'company_size', label: 'Company size' }],
  },
  event_count: 2,
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
  ...fields,
});

/** Types a person's base fields (email, first and last name) into a registration form in `scope`. */
export async function typePerson(scope: HTMLElement, email: string, first: string, last: string) {
  await userEvent.type(within(scope).getByRole('textbox', { name: 'Email' }), email);
  await userEvent.type(within(scope).getByRole('textbox', { name: 'First name' }), first);
  await userEvent.type(within(scope).getByRole('textbox', { name: 'Last name' }), last);
}
