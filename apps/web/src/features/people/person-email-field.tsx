import { Text } from '@mantine/core';
import { newPersonSchema } from '@studio/domain';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { TextField } from '../../ui/text-field.tsx';
import { findPerson, type FoundPerson } from './people-api.ts';

/**
 * The email a person is added by, asked first: once it is a valid address the organisation's
 * people are searched (002 §7.6), and a match fills in their details; otherwise they are added
 * as a new, event-only person.
 */
export function PersonEmailField({
  organizationId,
  value,
  onChange,
  onFound,
  error,
}: {
  organizationId: string;
  value: string;
  onChange: (value: string) => void;
  onFound: (person: FoundPerson | null) => void;
  error?: string | undefined;
}) {
  const [status, setStatus] = useState<{ email: string; text: string } | null>(null);
  const look = async () => {
    const email = newPersonSchema.shape.email.safeParse(value);
    if (!email.success || email.data === status?.email) return;
    try {
      const person = await findPerson(email.data, organizationId);
      onFound(person);
      setStatus({
        email: email.data,
        text: person
          ? `${person.first_name} ${person.last_name} is in your organization: their details are filled in.`
          : 'A new person: they will be able to join this event only.',
      });
    } catch (failure) {
      setStatus({ email: email.data, text: failureMessage(failure) });
    }
  };
  return (
    <div>
      <TextField
        label="Email"
        type="email"
        required
        data-autofocus
        autoComplete="off"
        value={value}
        onChange={(email) => {
          setStatus(null);
          onFound(null);
          onChange(email);
        }}
        onBlur={() => void look()}
        error={error}
      />
      {status && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          {status.text}
        </Text>
      )}
    </div>
  );
}
