import { Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface FullPageMessageProps {
  title: string;
  message: string;
  /** Where the way out leads, with its label. */
  exit: { href: string; label: string };
}

/** A whole-page notice, such as the 404 page or a failed screen. */
export function FullPageMessage({ title, message, exit }: FullPageMessageProps) {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        <Anchor component={Link} to={exit.href}>
          {exit.label}
        </Anchor>
      </Stack>
    </Center>
  );
}

/** A whole-page spinner while the page waits on the server; `label` names what it waits for. */
export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="100vh">
      <Loader aria-label={label} />
    </Center>
  );
}
