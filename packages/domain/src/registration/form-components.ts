import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';

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
export const FORM_MAX_COMPONENTS = 100;
export const FORM_MAX_OPTIONS = 500;
export const FORM_TEXT_MAX_LENGTH = 1_000;
export const FORM_TEXTAREA_MAX_LENGTH = 5_000;

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
    description: z.string().max(2_000).optional(),
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

export const formioDataSchema = z
  .object({ components: z.array(formComponentSchema).max(FORM_MAX_COMPONENTS) })
  .refine((form) => new Set(form.components.map((c) => c.key)).size === form.components.length, {
    message: 'Each field key may appear only once.',
    path: ['components'],
  });
export type FormioData = z.infer<typeof formioDataSchema>;

const required = 'This field is required.';
const blankToUndefined = (value: unknown) =>
  value === '' || value === null || (Array.isArray(value) && value.length === 0) ? undefined : value;

/** The answer schema of one component (before its required flag). */
function answerOf(component: FormComponent): z.ZodType<unknown, unknown> {
  const options = component.data?.values.map((option) => option.value) ?? [];
  const max = component.validate?.maxLength;
  const min = component.validate?.minLength ?? 0;
  const text = (limit: number) =>
    z
      .string()
      .trim()
      .min(min)
      .max(Math.min(max ?? limit, limit));
  switch (component.type) {
    case 'textfield':
    case 'hidden':
      return text(FORM_TEXT_MAX_LENGTH);
    case 'textarea':
      return text(FORM_TEXTAREA_MAX_LENGTH);
    case 'email':
      return z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
    case 'phoneNumber':
      return z
        .string()
        .trim()
        .regex(/^\+?[0-9 ().-]{6,20}$/, 'Enter a valid phone number.');
    case 'number': {
      const { min: least, max: most } = component.validate ?? {};
      let number = z.coerce.number({
        error: (issue) => (issue.code === 'invalid_type' ? 'Enter a number.' : undefined),
      });
      if (least !== undefined) number = number.min(least, `Enter ${least} or more.`);
      if (most !== undefined) number = number.max(most, `Enter ${most} or less.`);
      return number;
    }
    case 'select':
      return component.multiple
        ? z.array(z.enum(options as [string, ...string[]])).max(options.length)
        : z.enum(options as [string, ...string[]]);
    case 'radio':
      return z.enum(options as [string, ...string[]]);
    case 'checkbox':
    case 'consent':
      return z.boolean();
    case 'datetime':
      return z.iso.date('Enter a date as YYYY-MM-DD.');
    case 'country':
      return z.enum(COUNTRY_CODES, { message: 'Choose a country.' });
  }
}

/**
 * The zod schema of a register body for a form: the base fields, then each component's answer.
 * A required checkbox or consent must be ticked. Keys the form does not ask are dropped.
 */
export function answersSchemaFor(form: FormioData) {
  const shape: Record<string, z.ZodType> = {
    first_name: z.string().trim().min(1, required).max(150),
    last_name: z.string().trim().min(1, required).max(150),
    email: z.string().trim().toLowerCase().email('Enter a valid email address.').max(254),
  };
  for (const component of form.components) {
    const answer = answerOf(component);
    const mustTick =
      component.validate?.required && (component.type === 'checkbox' || component.type === 'consent');
    shape[component.key] = mustTick
      ? z.literal(true, { message: required })
      : component.validate?.required && component.type !== 'hidden'
        ? z.preprocess(
            blankToUndefined,
            z
              .any()
              .refine((value) => value !== undefined, required)
              .pipe(answer),
          )
        : z.preprocess(blankToUndefined, answer.optional());
  }
  return z.object(shape);
}
export type RegistrationAnswers = Record<string, string | number | boolean | string[] | undefined> & {
  first_name: string;
  last_name: string;
  email: string;
};
