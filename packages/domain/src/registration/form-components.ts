import { z } from 'zod';
import { checkRegistrationAnswers, FORM_TEXTAREA_MAX_LENGTH } from './form-answers.ts';

/**
 * A registration form's `formio_data` (issue 16): a documented subset of the Form.io component
 * JSON — `{ components: [{ type, key, label, validate: { required, … }, data: { values } }] }`.
 * Every form also asks first name, last name and email; those keys are reserved and never appear
 * among the components. `country` and `consent` are our own types beside Form.io's; `hidden`
 * fields (the utm_* set) are filled from the page's URL, never shown.
 */
export const FORM_COMPONENT_TYPES = [
  'textfield',
  'email',
  'number',
  'phoneNumber',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'country',
  'consent',
  'hidden',
] as const;
export type FormComponentType = (typeof FORM_COMPONENT_TYPES)[number];

/** Keys every form asks (in this order) before its own components. */
export const BASE_FORM_KEYS = ['first_name', 'last_name', 'email'] as const;
/**
 * Keys of the person's own profile fields (001 §7's create-user call: `company`, `title`): a form field keyed
 * like one fills the person's profile too (a "Job title" field is keyed `title`), and the
 * registrants export shows it once, in its fixed column.
 */
export const PERSON_FORM_KEYS = ['company', 'title'] as const;
export type PersonFormKey = (typeof PERSON_FORM_KEYS)[number];
export const FORM_MAX_COMPONENTS = 100;
export const FORM_MAX_OPTIONS = 500;

/** Types whose answer is one or more of `data.values`. */
export const CHOICE_TYPES = ['select', 'radio'] as const satisfies readonly FormComponentType[];

const componentKey = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,63}$/, 'Use lowercase letters, digits and underscores, starting with a letter.')
  .refine((key) => !(BASE_FORM_KEYS as readonly string[]).includes(key), 'This key is reserved.');

export const formOptionSchema = z.object({
  label: z.string().trim().min(1).max(255),
  value: z.string().trim().min(1).max(255),
});
export type FormOption = z.infer<typeof formOptionSchema>;

export const formComponentSchema = z
  .object({
    type: z.enum(FORM_COMPONENT_TYPES),
    key: componentKey,
    label: z.string().trim().min(1).max(255),
    /** Help text under the field. */
    description: z.string().max(2_000).optional(),
    /** A page the help text opens, such as the privacy policy a consent refers to (see `fieldHelpOf`). */
    link: z
      .url({ protocol: /^https?$/, message: 'Enter a web address starting with https:// or http://.' })
      .max(2_000)
      .optional(),
    placeholder: z.string().max(255).optional(),
    /** `select` only: many answers (a multi-select). */
    multiple: z.boolean().optional(),
    /** A ready-made profile field this component fills (002 §3.17), see PROFILE_FIELDS. */
    profile_field: z.string().max(64).optional(),
    validate: z
      .object({
        required: z.boolean().optional(),
        minLength: z.number().int().min(0).max(FORM_TEXTAREA_MAX_LENGTH).optional(),
        maxLength: z.number().int().min(1).max(FORM_TEXTAREA_MAX_LENGTH).optional(),
        min: z.number().optional(),
        max: z.number().optional(),
      })
      .optional(),
    data: z.object({ values: z.array(formOptionSchema).max(FORM_MAX_OPTIONS) }).optional(),
  })
  .superRefine((component, context) => {
    const choices = (CHOICE_TYPES as readonly string[]).includes(component.type);
    if (choices && !component.data?.values.length) {
      context.addIssue({ code: 'custom', path: ['data', 'values'], message: 'Add at least one option.' });
    }
    const values = component.data?.values.map((option) => option.value) ?? [];
    if (new Set(values).size !== values.length) {
      context.addIssue({
        code: 'custom',
        path: ['data', 'values'],
        message: 'Each option value may appear only once.',
      });
    }
  });
export type FormComponent = z.infer<typeof formComponentSchema>;

/** A choice field's options (its `data`): each value with the label people see, in order. */
export const choiceOptions = (...choices: [value: string, label: string][]) => ({
  values: choices.map(([value, label]) => ({ label, value })),
});

/** What a field shows under its label: its help text, and the page that text opens. */
export interface FieldHelp {
  text: string;
  link?: string;
}

/**
 * A field's help (`FieldHelp`): its help text, which opens its link when it has one (the address
 * itself stands for help text left empty). A link other than http(s) is never shown.
 */
export function fieldHelpOf({
  description,
  link,
}: Pick<FormComponent, 'description' | 'link'>): FieldHelp | undefined {
  const web = link && /^https?:\/\//i.test(link) ? link : undefined;
  const text = description?.trim() || web;
  if (!text) return undefined;
  return web ? { text, link: web } : { text };
}

export const formioDataSchema = z
  .object({ components: z.array(formComponentSchema).max(FORM_MAX_COMPONENTS) })
  .refine((form) => new Set(form.components.map((c) => c.key)).size === form.components.length, {
    message: 'Each field key may appear only once.',
    path: ['components'],
  });
export type FormioData = z.infer<typeof formioDataSchema>;

/**
 * The zod schema of a register body for a form: the answers `checkRegistrationAnswers` accepts
 * (the base fields, then each component's), normalised; each refused field an issue at its key.
 */
export function answersSchemaFor(form: FormioData) {
  return z.record(z.string(), z.unknown()).transform((values, context) => {
    const checked = checkRegistrationAnswers(form, values);
    if (checked.ok) return checked.answers;
    for (const [key, message] of Object.entries(checked.errors))
      context.addIssue({ code: 'custom', path: [key], message });
    return z.NEVER;
  });
}
export type RegistrationAnswers = Record<string, string | number | boolean | string[] | undefined> & {
  first_name: string;
  last_name: string;
  email: string;
};

/** A field key made from its label, unique in the form and never a base key (`city`, `city_2` …). */
export function formKeyOf(label: string, taken: readonly string[]): string {
  const stem =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^[^a-z]+|_+$/g, '')
      .slice(0, 56) || 'field';
  const reserved = new Set<string>([...taken, ...BASE_FORM_KEYS]);
  if (!reserved.has(stem)) return stem;
  let index = 2;
  while (reserved.has(`${stem}_${index}`)) index += 1;
  return `${stem}_${index}`;
}

/**
 * A field after an edit in the builder. While the field is new (not saved yet) and its key was
 * never typed, the key follows the label, unique in the form (`taken`: the other fields' keys), as
 * form.io does: the key is the answer's name in exports and integrations, so 'Job role' answers
 * as `job_role`, not `select`. A saved field, or a profile field (its key is fixed), keeps its key.
 */
export function followLabelKey(
  before: FormComponent,
  after: FormComponent,
  isNew: boolean,
  taken: readonly string[],
): FormComponent {
  if (!isNew || after.profile_field || after.key !== before.key || after.label === before.label) return after;
  return { ...after, key: formKeyOf(after.label, taken) };
}
