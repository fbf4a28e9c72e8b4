import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled part of a record's drawer (a session's speakers, surveys, documents) whose changes are
 * saved at once, apart from the form: until the record is saved it only says what to do first.
 */
export function DrawerSection<Saved>({
  title,
  saved,
  unsaved,
  children,
}: {
  title: string;
  saved: Saved | null;
  unsaved: string;
  children: (saved: Saved) => ReactNode;
}) {
  return (
    <Stack gap="xs" role="group" aria-label={title}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {saved === null ? (
        <Text size="sm" c="dimmed">
          {unsaved}
        </Text>
      ) : (
        children(saved)
      )}
    </Stack>
  );
}
