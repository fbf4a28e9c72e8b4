import { Box, PasswordInput, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { ChangeEvent } from 'react';

/** Spec 000 §2: the length counter appears once the text is this close to its limit. */
export const COUNTER_THRESHOLD = 10;

/** '{length}/{max}' when the text is within the threshold of `max`, else null. */
export function lengthCounter(length: number, max: number | undefined): string | null {
  if (max === undefined || max - length > COUNTER_THRESHOLD) return null;
  return `${length}/${max}`;
}

export type TextFieldType = 'text' | 'email' | 'password' | 'number';

type SharedInputProps = Pick<
  TextInputProps,
  | 'label'
  | 'description'
  | 'error'
  | 'placeholder'
  | 'autoComplete'
  | 'required'
  | 'withAsterisk'
  | 'disabled'
  | 'readOnly'
  | 'minLength'
  | 'name'
  | 'id'
  | 'inputMode'
  | 'autoFocus'
  | 'size'
  | 'flex'
  | 'w'
  | 'onBlur'
  | 'onFocus'
  | 'aria-label'
  | 'aria-invalid'
>;

export interface TextFieldProps extends SharedInputProps {
  type?: TextFieldType;
  /** Focused first when the field opens in a dialog. */
  'data-autofocus'?: boolean;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
}

/**
 * Spec 000 §2 "Text input of types text, email, password and number with a length counter": the
 * counter is shown within ten characters of `maxLength`; the input itself stops at the limit.
 */
export function TextField({ type = 'text', value, onChange, maxLength, flex, ...props }: TextFieldProps) {
  const counter = lengthCounter(value.length, maxLength);
  const change = (event: ChangeEvent<HTMLInputElement>) => onChange(event.currentTarget.value);
  const input =
    type === 'password' ? (
      <PasswordInput {...props} value={value} onChange={change} maxLength={maxLength} />
    ) : (
      <TextInput {...props} type={type} value={value} onChange={change} maxLength={maxLength} />
    );
  // One structure whether or not the counter shows: the input keeps its focus while typing. The
  // structure is what a row lays out, so it takes the field's `flex`.
  return (
    <Box flex={flex}>
      {input}
      {counter !== null && (
        <Text
          size="xs"
          c={value.length >= (maxLength ?? Infinity) ? 'red' : 'dimmed'}
          ta="right"
          mt={4}
          aria-live="polite"
        >
          {counter}
        </Text>
      )}
    </Box>
  );
}
