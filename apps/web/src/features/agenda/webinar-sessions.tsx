import { Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Broadcast } from '@studio/domain';
import { EmptyState } from '../../ui/empty-state.tsx';
import { RowMenu } from '../../ui/row-menu.tsx';

/**
 * A webinar's programme: its sessions in start order, with no tracks (a webinar is one programme
 * of sessions; readiness gives it no track warnings). Each opens in the session drawer.
 */
export function WebinarSessions({
  sessions,
  describe,
  onOpen,
  onDelete,
}: {
  sessions: Broadcast[];
  /** The session's day, times and type, as the agenda's blocks say them. */
  describe: (session: Broadcast) => string;
  onOpen: (session: Broadcast) => void;
  onDelete: (session: Broadcast) => void;
}) {
  if (sessions.length === 0)
    return (
      <EmptyState
        title="No sessions yet"
        message="Add a session: live, pre-recorded or from an RTMP input, with its speakers and videos."
      />
    );
  const inOrder = [...sessions].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  return (
    <Stack gap="xs" component="ul" aria-label="Sessions" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {inOrder.map((session) => (
        <Card key={session.id} component="li" withBorder padding="sm" aria-label={`Session ${session.title}`}>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <UnstyledButton
              onClick={() => onOpen(session)}
              aria-label={`Open session ${session.title}`}
              style={{ flex: 1, minWidth: 0 }}
            >
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {describe(session)}
                </Text>
                <Text size="sm" fw={500} truncate>
                  {session.title}
                </Text>
              </Stack>
            </UnstyledButton>
            <RowMenu
              label={`Actions of ${session.title}`}
              dots="sm"
              items={[
                { label: 'Edit', onClick: () => onOpen(session) },
                { label: 'Delete', danger: true, onClick: () => onDelete(session) },
              ]}
            />
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
