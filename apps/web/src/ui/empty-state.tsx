import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { HrefLink } from './href-link.tsx';

/** An honest empty area: what it will hold, and the way forward when there is one. */
export function EmptyState({
  title,
  message,
  action,
  icon,
}: {
  title: string;
  message: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="xl" role="region" aria-label={title}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          {icon ?? <IconSparkles size={26} aria-hidden />}
        </ThemeIcon>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text c="dimmed" maw={520}>
          {message}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * An address whose object does not exist, or is another organisation's (the server answers 404
 * alike): '… not found', why (by default: deleted, or a wrong address), the way back to its list.
 */
export function NotFound({
  title,
  back,
  message = 'It may have been deleted, or the address is wrong.',
  icon,
}: {
  title: string;
  back: { href: string; label: string };
  message?: string;
  icon?: ReactNode;
}) {
  return (
    <EmptyState
      title={title}
      message={message}
      icon={icon}
      action={<HrefLink href={back.href}>{back.label}</HrefLink>}
    />
  );
}
