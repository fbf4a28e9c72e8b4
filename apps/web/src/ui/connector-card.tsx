import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { HrefLink } from './href-link.tsx';

/**
 * One connector at a glance on the integrations pages: its name (with an icon), its state
 * (badges or a line of text) and the way to its settings.
 */
export function ConnectorCard({ label, icon, state, href, linkLabel }: ConnectorCardProps) {
  return (
    <Card withBorder radius="md" component="article" aria-label={label}>
      <Stack gap="xs">
        <Group gap="xs" justify={icon ? 'flex-start' : 'space-between'}>
          {icon}
          <Title order={3} size="h5">
            {label}
          </Title>
        </Group>
        {state}
        <HrefLink href={href} size="sm">
          {linkLabel}
        </HrefLink>
      </Stack>
    </Card>
  );
}

interface ConnectorCardProps {
  label: string;
  icon?: ReactNode;
  state: ReactNode;
  href: string;
  linkLabel: string;
}
