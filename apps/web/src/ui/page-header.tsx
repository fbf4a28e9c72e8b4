import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** One sentence on what the page is for. */
  description?: ReactNode;
  /** The page's primary action (and any others), beside the title; wraps under it when short of room. */
  actions?: ReactNode;
  /** Badges or facts beside the title (type, status). */
  badges?: ReactNode;
}

/**
 * The one header of every studio page: title and actions on one row (the actions wrap under the
 * title when short of room, as on a phone), then the description across the whole width, never
 * squeezed into a column beside the actions.
 */
export function PageHeader({ title, description, actions, badges }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="lg" miw={0}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="xs" wrap="wrap" miw={0}>
          {/* A long unbroken name (255 letters, no space) breaks within the page's width: else the
              page grows thousands of pixels wide and pushes the actions off a phone's screen. */}
          <Title order={1} size="h2" maw="100%" style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {badges}
        </Group>
        {actions && (
          <Group gap="xs" wrap="wrap">
            {actions}
          </Group>
        )}
      </Group>
      {description && (
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      )}
    </Stack>
  );
}
