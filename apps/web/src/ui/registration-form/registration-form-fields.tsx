import {
  Anchor,
  Checkbox,
  MultiSelect,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Group,
} from '@mantine/core';
import {
  autocompleteOf,
  BASE_FORM_FIELDS,
  countryOptions,
  fieldHelpOf,
  TEXT_INPUT_TYPES,
  type AnswerErrors,
  type FormComponent,
  type FormioData,
} from '@studio/domain';
import { useMemo, type ReactNode } from 'react';
import { namedPill } from '../multi-select-field.tsx';
import type { AnswerValues } from './registration-answers.ts';

export interface RegistrationFormFieldsProps {
  form: FormioData;
  values: AnswerValues;
  errors?: AnswerErrors;
  onChange: (key: string, value: unknown) => void;
  disabled?: boolean;
  /** The visitor's language, for country names. */
  locale?: string;
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';
const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/**
 * A registration form's fields (issue 16 §1): first name, last name and email, then the form's
 * components in order; hidden fields (utm_*) are not shown. The studio's preview of a form; the
 * attendee pages render the same fields as HTML (`registrationFieldsHtml`), a test pinning both.
 */
export function RegistrationFormFields({
  form,
  values,
  errors = {},
  onChange,
  disabled = false,
  locale,
}: RegistrationFormFieldsProps) {
  const [first, last, email] = BASE_FORM_FIELDS.map((field) => (
    <TextInput
      key={field.key}
      label={field.label}
      type={field.type}
      required
      autoComplete={field.autocomplete}
      value={text(values[field.key])}
      error={errors[field.key]}
      disabled={disabled}
      onChange={(event) => onChange(field.key, event.currentTarget.value)}
    />
  ));
  return (
    <Stack gap="sm">
      <Group grow align="flex-start" wrap="wrap">
        {first}
        {last}
      </Group>
      {email}
      {form.components.map((component) => (
        <ComponentField
          key={component.key}
          component={component}
          value={values[component.key]}
          error={errors[component.key]}
          disabled={disabled}
          locale={locale}
          onChange={(value) => onChange(component.key, value)}
        />
      ))}
    </Stack>
  );
}

/** A field's help text (`fieldHelpOf`), a link opening in a new tab when the field has one. */
function helpOf(component: FormComponent): ReactNode {
  const help = fieldHelpOf(component);
  if (!help?.link) return help?.text;
  return (
    <Anchor href={help.link} target="_blank" rel="noopener noreferrer" inherit>
      {help.text}
    </Anchor>
  );
}

function ComponentField({
  component,
  value,
  error,
  disabled,
  locale,
  onChange,
}: {
  component: FormComponent;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
  locale: string | undefined;
  onChange: (value: unknown) => void;
}) {
  const countries = useMemo(
    () => (component.type === 'country' ? countryOptions(locale) : []),
    [component.type, locale],
  );
  const common = {
    label: component.label,
    description: helpOf(component),
    placeholder: component.placeholder,
    required: component.validate?.required ?? false,
    error,
    disabled,
  };
  const options = component.data?.values ?? [];
  switch (component.type) {
    case 'hidden':
      return null;
    case 'textfield':
    case 'email':
    case 'phoneNumber':
    case 'number':
    case 'datetime':
      return (
        <TextInput
          {...common}
          type={TEXT_INPUT_TYPES[component.type]}
          autoComplete={autocompleteOf(component.key)}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={text(value)}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'select':
      return component.multiple ? (
        <MultiSelect
          {...common}
          data={options}
          value={list(value)}
          onChange={onChange}
          clearable
          renderPill={namedPill}
        />
      ) : (
        <Select {...common} data={options} value={text(value) || null} onChange={onChange} clearable />
      );
    case 'country':
      return (
        <Select
          {...common}
          data={countries}
          searchable
          value={text(value) || null}
          onChange={onChange}
          clearable
        />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={text(value)} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'checkbox':
    case 'consent':
      return (
        <Checkbox
          label={
            <>
              {component.label}
              {/* The mark Mantine gives every other required field (and the attendee page this box). */}
              {common.required && (
                <Text span c="var(--mantine-color-error)" aria-hidden>
                  {' *'}
                </Text>
              )}
            </>
          }
          description={common.description}
          required={common.required}
          checked={value === true}
          disabled={disabled}
          error={error}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />
      );
  }
}
