import { timeRangeText } from '../events/timezones.ts';
import { escapeHtml } from '../pages/page-render.ts';
import {
  attendeePageMessages,
  REGISTRATION_CONFIRMATION_ATTRIBUTE,
  REGISTRATION_FORM_ATTRIBUTE,
  SERIES_EVENTS_FIELD,
} from './attendee-pages.ts';
import { countryOptions } from './countries.ts';
import { fieldHelpOf, type FieldHelp, type FormComponent, type FormioData } from './form-components.ts';

/**
 * A registration form's fields as plain HTML (issue 17 §1): what the attendee pages render on the
 * server, before any script. Every control is named by its key, labelled, described by its
 * description and by an error slot (`fieldErrorId`) the page's script fills.
 */

/**
 * The browser's autofill hint (the HTML `autocomplete` token) of each field key that names a
 * person's detail: the base fields, the person's profile keys (PERSON_FORM_KEYS) and the address
 * and phone profile fields (PROFILE_FIELDS). Other fields get none.
 */
export const FIELD_AUTOCOMPLETE = {
  first_name: 'given-name',
  last_name: 'family-name',
  email: 'email',
  company: 'organization',
  title: 'organization-title',
  phone_number: 'tel',
  street_address: 'address-line1',
  address_line_2: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zip_code: 'postal-code',
} as const;

/** A field's autofill hint by its key, undefined for a field that names no personal detail. */
export const autocompleteOf = (key: string): string | undefined =>
  Object.hasOwn(FIELD_AUTOCOMPLETE, key)
    ? FIELD_AUTOCOMPLETE[key as keyof typeof FIELD_AUTOCOMPLETE]
    : undefined;

/** The base fields every form asks first, with their labels and autofill hints. */
export const BASE_FORM_FIELDS = [
  { key: 'first_name', label: 'First name', type: 'text', autocomplete: FIELD_AUTOCOMPLETE.first_name },
  { key: 'last_name', label: 'Last name', type: 'text', autocomplete: FIELD_AUTOCOMPLETE.last_name },
  { key: 'email', label: 'Email', type: 'email', autocomplete: FIELD_AUTOCOMPLETE.email },
] as const;

/** The `<input type>` of each text-like component. */
export const TEXT_INPUT_TYPES = {
  textfield: 'text',
  email: 'email',
  phoneNumber: 'tel',
  number: 'number',
  datetime: 'date',
} as const satisfies Partial<Record<FormComponent['type'], string>>;

/** The id of a field's control (the first control of a group). */
export const fieldId = (key: string) => `rf-${key}`;
/** The id of the element holding a field's error message. */
export const fieldErrorId = (key: string) => `rf-${key}-error`;
const descriptionId = (key: string) => `rf-${key}-description`;

const attribute = (name: string, value: string | undefined) =>
  value === undefined ? '' : ` ${name}="${escapeHtml(value)}"`;
const REQUIRED_MARK = '<span class="required" aria-hidden="true"> *</span>';

interface Field {
  key: string;
  label: string;
  help?: FieldHelp | undefined;
  required: boolean;
}

/** A field's help text, a link opening in a new tab when the field has one. */
const helpHtml = ({ text, link }: FieldHelp) =>
  link
    ? `<a href="${escapeHtml(link)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`
    : escapeHtml(text);

/**
 * A field's wrapper: its label (a legend for a group of boxes; around the box of a checkbox), its
 * description, the control(s), and its error slot.
 */
function field(
  { key, label, help, required }: Field,
  control: (describedBy: string) => string,
  layout: 'control' | 'group' | 'check' = 'control',
) {
  const about = help
    ? `<p class="muted field-description" id="${descriptionId(key)}">${helpHtml(help)}</p>`
    : '';
  const describedBy = attribute('aria-describedby', help ? descriptionId(key) : undefined);
  const title = `${escapeHtml(label)}${required ? REQUIRED_MARK : ''}`;
  const error = `<p class="field-error" id="${fieldErrorId(key)}" hidden></p>`;
  switch (layout) {
    case 'group':
      return `<fieldset class="field" data-field="${key}"${describedBy}><legend>${title}</legend>${about}${control('')}${error}</fieldset>`;
    case 'check':
      return `<div class="field" data-field="${key}"><label class="choice">${control(describedBy)} ${title}</label>${about}${error}</div>`;
    case 'control':
      return `<div class="field" data-field="${key}"><label for="${fieldId(key)}">${title}</label>${about}${control(describedBy)}${error}</div>`;
  }
}

function options(choices: readonly { value: string; label: string }[], placeholder = '') {
  return (
    `<option value="">${escapeHtml(placeholder)}</option>` +
    choices
      .map((choice) => `<option value="${escapeHtml(choice.value)}">${escapeHtml(choice.label)}</option>`)
      .join('')
  );
}

/** One component's field; hidden ones are a hidden input holding `value` (from the page's address). */
function componentHtml(component: FormComponent, value: string | undefined): string {
  const { key, label, placeholder } = component;
  const required = component.validate?.required ?? false;
  const name = `id="${fieldId(key)}" name="${key}"${required ? ' required' : ''}`;
  const about = { key, label, help: fieldHelpOf(component), required };
  const select = (choices: readonly { value: string; label: string }[]) =>
    field(about, (describedBy) => `<select ${name}${describedBy}>${options(choices, placeholder)}</select>`);
  /** A box for each option (a radio's, or a multi-select's), the first one the label's target. */
  const boxes = (type: 'radio' | 'checkbox') =>
    field(
      about,
      () =>
        (component.data?.values ?? [])
          .map(
            (choice, index) =>
              `<label class="choice"><input type="${type}"${index === 0 ? ` id="${fieldId(key)}"` : ''} name="${key}" value="${escapeHtml(choice.value)}"${type === 'radio' && required ? ' required' : ''}> ${escapeHtml(choice.label)}</label>`,
          )
          .join(''),
      'group',
    );
  const type = component.type;
  switch (type) {
    case 'hidden':
      return `<input type="hidden" id="${fieldId(key)}" name="${key}"${attribute('value', value)}>`;
    case 'textfield':
    case 'email':
    case 'phoneNumber':
    case 'number':
    case 'datetime':
      return field(
        about,
        (describedBy) =>
          `<input type="${TEXT_INPUT_TYPES[type]}" ${name}${attribute('autocomplete', autocompleteOf(key))}${attribute('placeholder', placeholder)}${describedBy}>`,
      );
    case 'textarea':
      return field(
        about,
        (describedBy) =>
          `<textarea ${name}${attribute('placeholder', placeholder)}${describedBy} rows="3"></textarea>`,
      );
    case 'country':
      return select(countryOptions());
    case 'select':
      return component.multiple ? boxes('checkbox') : select(component.data?.values ?? []);
    case 'radio':
      return boxes('radio');
    case 'checkbox':
    case 'consent':
      return field(
        about,
        (describedBy) => `<input type="checkbox" ${name} value="true"${describedBy}>`,
        'check',
      );
  }
}

/**
 * The form's fields in order: the base fields, then its components. `values` fills hidden fields
 * (the utm_* set, from the page's address); other fields start empty.
 */
export function registrationFieldsHtml(
  form: FormioData,
  values: Record<string, string | undefined> = {},
): string {
  const base = BASE_FORM_FIELDS.map((base) =>
    field(
      { key: base.key, label: base.label, required: true },
      (describedBy) =>
        `<input type="${base.type}" id="${fieldId(base.key)}" name="${base.key}" autocomplete="${base.autocomplete}" required${describedBy}>`,
    ),
  );
  return [
    ...base,
    ...form.components.map((component) => componentHtml(component, values[component.key])),
  ].join('');
}

export interface SeriesEventChoice {
  id: string;
  title: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
}

export interface RegistrationFormOptions {
  /** The register call on this origin (the event's or the series'). */
  action: string;
  form: FormioData;
  /** The page's query: hidden fields (utm_*) take their values from it. */
  query: Record<string, unknown>;
  /** A series' upcoming events, each a box ticked at first. */
  events?: SeriesEventChoice[];
  /** Where the script sends the registrant once registered (an event's confirmation page). */
  confirmation?: string;
  /** A refused form post's message (without the script, the server sent the browser back here). */
  refusal?: string | null;
}

/** The boxes of a series' events, all ticked, each with its dates in its own zone (its page and the builder's preview). */
export const seriesEventChoicesHtml = (events: SeriesEventChoice[]) =>
  `<fieldset class="field"><legend>${escapeHtml(attendeePageMessages.chooseEvents)}</legend><ul>${events
    .map(
      (event) =>
        `<li><label class="choice"><input type="checkbox" name="${SERIES_EVENTS_FIELD}" value="${escapeHtml(event.id)}" checked> ` +
        `${escapeHtml(event.title)} <span class="muted">${escapeHtml(timeRangeText(event.start_time, event.end_time, event.timezone))}</span></label></li>`,
    )
    .join('')}</ul></fieldset>`;

/**
 * A registration page's form as the server renders it, usable as it comes: the refusal's slot,
 * its fields, the submit button, and the form's JSON for the attendee bundle's script
 * (apps/web/src/attendee/registration-form.ts), which checks the answers by the server's rules
 * and posts them to `action` (`<` escaped in the JSON so no text can close its script).
 */
export function registrationFormHtml({
  action,
  form,
  query,
  events,
  confirmation,
  refusal,
}: RegistrationFormOptions): string {
  const values = Object.fromEntries(
    form.components.flatMap((component) => {
      const value = component.type === 'hidden' ? query[component.key] : undefined;
      return typeof value === 'string' ? [[component.key, value]] : [];
    }),
  );
  const json = JSON.stringify(form).replace(/</g, '\\u003c');
  return (
    `<form ${REGISTRATION_FORM_ATTRIBUTE} method="post" action="${escapeHtml(action)}"` +
    `${confirmation ? ` ${REGISTRATION_CONFIRMATION_ATTRIBUTE}="${escapeHtml(confirmation)}"` : ''} novalidate aria-label="Registration form">` +
    `<div class="alert error" role="alert">${refusal ? escapeHtml(refusal) : ''}</div>` +
    `${events ? seriesEventChoicesHtml(events) : ''}${registrationFieldsHtml(form, values)}` +
    `<button class="button" type="submit">${escapeHtml(attendeePageMessages.register)}</button>` +
    `<script type="application/json">${json}</script></form>`
  );
}
