import { Stack, Text } from '@mantine/core';
import { PASSWORD_INPUT_MAX, PASSWORD_MIN, PASSWORD_RULE_TEXT } from '@studio/domain';
import type { ReactNode } from 'react';
import { TextField } from './text-field.tsx';

export interface NewPassword {
  password: string;
  confirmation: string;
}

export const emptyNewPassword: NewPassword = { password: '', confirmation: '' };

/** Spec 001 §5: a new password may be sent once both fields are filled in and equal. */
export const canSubmitNewPassword = ({ password, confirmation }: NewPassword): boolean =>
  password !== '' && password === confirmation;

interface NewPasswordFieldsProps {
  value: NewPassword;
  onChange: (value: NewPassword) => void;
  /** The problem with the new password (the rule text, or the server's word on it). */
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * The new-password pair of spec 001 §5: inputs of 8 to 40 characters, the rule text, and a
 * mismatch notice once the confirmation is as long as the password.
 */
export function NewPasswordFields({ value, onChange, error, disabled }: NewPasswordFieldsProps) {
  const mismatch =
    value.confirmation.length >= value.password.length &&
    value.confirmation !== '' &&
    value.confirmation !== value.password;
  // Both inputs take a new password by the same rules.
  const newPasswordInput = {
    type: 'password',
    autoComplete: 'new-password',
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_INPUT_MAX,
    disabled,
  } as const;
  return (
    <Stack gap="sm">
      <TextField
        {...newPasswordInput}
        label="New password"
        value={value.password}
        error={error}
        aria-invalid={error !== undefined}
        onChange={(password) => onChange({ ...value, password })}
      />
      <TextField
        {...newPasswordInput}
        label="Confirm new password"
        value={value.confirmation}
        error={mismatch ? 'The passwords do not match.' : undefined}
        aria-invalid={mismatch}
        onChange={(confirmation) => onChange({ ...value, confirmation })}
      />
      <Text size="sm" c="dimmed">
        {PASSWORD_RULE_TEXT}
      </Text>
    </Stack>
  );
}
