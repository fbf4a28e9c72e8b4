import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useViewersNow } from './analytics-api.ts';

interface ViewersNowProps {
  eventId: string;
  /** The event's sessions, to name the per-session counts (those with nobody watching are left out). */
  sessions?: readonly { id: string; title: string }[];
}

/**
 * The figures alone, for a card that names them (the event dashboard's): people in the event app
 * and per session, moved by the studio socket's presence pushes.
 */
export function ViewersNowFigures({ eventId, sessions = [] }: ViewersNowProps) {
  const viewers = useViewersNow(eventId).data;
  const watched = sessions.filter((session) => (viewers?.per_session[session.id] ?? 0) > 0);
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm">In the event app</Text>
        <Badge size="lg" variant="light" color={viewers?.present ? 'green' : 'gray'}>
          {viewers?.present ?? 0}
        </Badge>
      </Group>
      {watched.map((session) => (
        <Group key={session.id} justify="space-between">
          <Text size="sm">{session.title}</Text>
          <Text size="sm" fw={600}>
            {viewers?.per_session[session.id]}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Viewers now, in a card of its own (the analytics pages). */
export function ViewersNow(props: ViewersNowProps) {
  return (
    <Paper withBorder p="md" aria-label="Viewers now">
      <Stack gap="xs">
        <Text fw={600}>Viewers now</Text>
        <ViewersNowFigures {...props} />
      </Stack>
    </Paper>
  );
}
