import type { FormComponent, FormOption } from './form-components.ts';

/**
 * The custom profile fields of 002 §3.17 as ready-made form components: the builder's palette
 * offers them, and the component's `profile_field` says which profile field an answer fills.
 * Core user fields describe the person; event user fields their registration for one event.
 */
export type ProfileFieldGroup = 'core' | 'event';
export interface ProfileField {
  name: string;
  group: ProfileFieldGroup;
  component: FormComponent;
}

const options = (...labels: string[]): { values: FormOption[] } => ({
  values: labels.map((label) => ({
    label,
    value: label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, ''),
  })),
});

const field = (
  group: ProfileFieldGroup,
  name: string,
  component: Omit<FormComponent, 'key' | 'profile_field'>,
): ProfileField => ({ name, group, component: { ...component, key: name, profile_field: name } });

const consent = (name: string, label: string) =>
  field('event', name, { type: 'consent', label, validate: { required: true } });
const utm = (name: string) => field('event', name, { type: 'hidden', label: name });

export const PROFILE_FIELDS: readonly ProfileField[] = [
  field('core', 'age', { type: 'number', label: 'Age', validate: { min: 13, max: 120 } }),
  field('core', 'city', { type: 'textfield', label: 'City' }),
  field('core', 'industry', {
    type: 'select',
    label: 'Industry',
    data: options(
      'Technology',
      'Finance',
      'Healthcare',
      'Education',
      'Government',
      'Manufacturing',
      'Media & Entertainment',
      'Retail',
      'Non-profit',
      'Other',
    ),
  }),
  field('core', 'phone_number', { type: 'phoneNumber', label: 'Phone number' }),
  field('core', 'state', { type: 'textfield', label: 'State / Province' }),
  field('core', 'street_address', { type: 'textfield', label: 'Street address' }),
  field('core', 'address_line_2', { type: 'textfield', label: 'Address line 2' }),
  field('core', 'zip_code', { type: 'textfield', label: 'ZIP / Postal code', validate: { maxLength: 20 } }),
  field('core', 'linkedin_url', { type: 'textfield', label: 'LinkedIn URL', placeholder: 'https://' }),
  field('core', 'twitter_url', { type: 'textfield', label: 'Twitter URL', placeholder: 'https://' }),
  utm('utm_source'),
  utm('utm_medium'),
  utm('utm_campaign'),
  utm('utm_term'),
  utm('utm_content'),
  field('event', 'pronouns', {
    type: 'select',
    label: 'Pronouns',
    data: options('She/her', 'He/him', 'They/them', 'Prefer not to say'),
  }),
  consent('code_of_conduct', 'I agree to the code of conduct'),
  consent('privacy_policy', 'I agree to the privacy policy'),
  consent('terms_and_conditions', 'I agree to the terms and conditions'),
  consent('health_and_safety_policy', 'I agree to the health and safety policy'),
  field('event', 'data_share_consent', {
    type: 'consent',
    label: 'I agree that my details may be shared with the event’s sponsors',
  }),
  field('event', 'visa_required', {
    type: 'radio',
    label: 'Do you need a visa letter to attend?',
    data: options('Yes', 'No'),
  }),
  field('event', 'dietary_restrictions', {
    type: 'select',
    multiple: true,
    label: 'Dietary restrictions',
    data: options('Vegetarian', 'Vegan', 'Gluten-free', 'Dairy-free', 'Nut allergy', 'Halal', 'Kosher'),
  }),
  field('event', 'accessibility', { type: 'textarea', label: 'Accessibility needs' }),
  field('event', 'registrant_type', {
    type: 'select',
    label: 'Registrant type',
    data: options('Attendee', 'Speaker', 'Sponsor', 'Partner', 'Press', 'Employee'),
  }),
];

export const profileFieldNamed = (name: string): ProfileField | undefined =>
  PROFILE_FIELDS.find((profileField) => profileField.name === name);
