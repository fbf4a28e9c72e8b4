import { Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <Group justify="space-between" mb="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
