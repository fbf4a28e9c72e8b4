import {
  schemaResolver,
  useForm,
  type FormErrors,
  type UseFormInput,
  type UseFormReturnType,
} from '@mantine/form';
import { apiErrorSchema } from '@studio/domain';
import type { z } from 'zod';
import { ApiRequestError } from '../api/api-error.ts';

/**
 * A studio form: Mantine's `useForm` holding the values, checked on submit by a zod schema from
 * `@studio/domain`, so the messages are the spec's and the rule is the one the server applies. A
 * submit that fails the check focuses the first field in error, in the form's order (scrolled into
 * view: in a long dialog on a phone the message would be off-screen), and runs the caller's own
 * failure handler.
 */
export function useStudioForm<Values extends object>(
  schema: z.ZodType,
  input: Omit<UseFormInput<Values>, 'validate'>,
): UseFormReturnType<Values> {
  const form = useForm<Values>({ ...input, validate: schemaResolver(schema, { sync: true }) });
  const onSubmit: typeof form.onSubmit = (handleSubmit, handleFailure) =>
    form.onSubmit(handleSubmit, (errors, values, event) => {
      const formElement = event?.currentTarget;
      // Once the errors are drawn: the first field marked invalid, in the form's order. A dialog's
      // footer button submits without an event: its fields in error are found by their paths.
      setTimeout(() => {
        const fields = formElement
          ? [formElement.querySelector<HTMLElement>('[aria-invalid="true"]')]
          : Object.keys(errors).map((path) => form.getInputNode<HTMLElement, typeof path>(path));
        firstInPage(fields)?.focus();
      });
      handleFailure?.(errors, values, event);
    });
  return { ...form, onSubmit };
}

/** The element of these that comes first in the page. */
function firstInPage(elements: readonly (HTMLElement | null)[]): HTMLElement | undefined {
  return elements
    .filter((element): element is HTMLElement => element !== null)
    .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}

/** `getInputProps` for the studio's own fields (`TextField`, `MultiSelectField` …), whose value is required. */
export function fieldProps<Values, Field extends keyof Values & string>(
  form: UseFormReturnType<Values>,
  field: Field,
) {
  const props = form.getInputProps(field);
  return { ...props, value: props.value as Values[Field] };
}

/** The API's errors of a failed call (a 400 with `errors: {'path.to.field': [...]}`), the first message of each. */
export function serverErrorsByPath(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  const fields = apiErrorSchema.safeParse(error.body).data?.errors ?? {};
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, list]) => (list[0] ? [[field, list[0]]] : [])),
  );
}

/** The API's field errors of a failed call, by the top field of each path, the first message of each. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(serverErrorsByPath(error)).map(([field, message]) => [
      field.split('.')[0] ?? field,
      message,
    ]),
  );
}

/**
 * A mutation's `onFailure` for a screen that shows field errors: the server's errors of the form's
 * own fields go onto them (others stay with the mutation's error).
 */
export const onFormFields =
  <Values extends object>(form: Pick<UseFormReturnType<Values>, 'getValues' | 'setErrors'>) =>
  (error: unknown) => {
    const fields = Object.keys(form.getValues());
    form.setErrors(
      Object.fromEntries(
        Object.entries(serverFieldErrors(error)).filter(([field]) => fields.includes(field)),
      ),
    );
  };

/** The errors of the fields under `path` (Mantine keys nested fields 'recurrence.startDate'), by their own names. */
export function errorsUnder(errors: FormErrors, path: string): FormErrors {
  const prefix = `${path}.`;
  return Object.fromEntries(
    Object.entries(errors).flatMap(([key, error]) =>
      key.startsWith(prefix) ? [[key.slice(prefix.length), error]] : [],
    ),
  );
}
