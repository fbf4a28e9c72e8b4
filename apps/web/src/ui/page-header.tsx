import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One sentence on what the page is for. */
  description?: ReactNode;
  /** The page's primary action (and any others), at the right; wraps below on a phone. */
  actions?: ReactNode;
  /** Badges or facts beside the title (type, status). */
  badges?: ReactNode;
}

/** The one header of every studio page: title, description and primary action. */
export function PageHeader({ title, description, actions, badges }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" wrap="wrap">
          <Title order={1} size="h2">
            {title}
          </Title>
          {badges}
        </Group>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
