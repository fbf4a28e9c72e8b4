import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  SIMULIVE_TEST_BUTTON_TEXT,
  SIMULIVE_TEST_REFUSALS,
  simuliveTestButtonDisabled,
  simuliveTestMessages,
  simuliveTestRefusal,
  simuliveTestState,
  simuliveTestStatusText,
  type PendingSimuliveTestCall,
  type StageSource,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../ui/formats.ts';
import { HlsPlayer } from '../../ui/hls-player.tsx';
import { simuliveTestPreviewQuery, useSimuliveTest, type Broadcast } from './agenda-api.ts';

/** One video of the test channel, joined at its offset when it mounts (a refetch does not restart it). */
function PreviewVideo({ source }: { source: StageSource & { hls_url: string } }) {
  const [startPosition] = useState(source.offset_seconds);
  return (
    <HlsPlayer
      src={source.hls_url}
      guarded
      title="Test run preview"
      autoPlay
      muted
      startPosition={startPosition}
    />
  );
}

/** The private preview: what the test channel plays now, only in the studio. */
function SimuliveTestPreview({
  eventId,
  session,
  timezone,
}: {
  eventId: string;
  session: Broadcast;
  timezone: string;
}) {
  const { data: source } = useQuery(simuliveTestPreviewQuery(eventId, session.id));
  if (!source) return null;
  if (source.kind === 'session_video' && source.hls_url)
    return (
      <PreviewVideo key={`${source.until}:${source.video}`} source={{ ...source, hls_url: source.hls_url }} />
    );
  if (source.kind === 'none' && source.until)
    return (
      <Text size="sm" c="dimmed">
        The videos start playing at {formatDateTime(source.until, timezone)}.
      </Text>
    );
  return null;
}

/**
 * A pre-recorded session's simulive test run (001 §4, 002 §4.4): the status, the start or stop
 * button (STARTING or STOPPING while the call is pending), the test-run message and, while the test
 * runs, its preview. The session follows the `broadcast-updated` pushes through the agenda's lists.
 */
export function SimuliveTestControl({
  eventId,
  eventStart,
  timezone,
  session,
}: {
  eventId: string;
  eventStart: string;
  timezone: string;
  session: Broadcast;
}) {
  const [pending, setPending] = useState<PendingSimuliveTestCall | null>(null);
  const test = useSimuliveTest(eventId);
  const state = simuliveTestState(session, pending);
  const running = state === 'RUNNING';
  // The server refuses the same; said here before the click.
  const refusal = state === 'IDLE' ? simuliveTestRefusal(session, new Date(eventStart), new Date()) : null;
  const act = () => {
    const endTime = session.simulive_test_run_end_time;
    setPending({ state: endTime ? 'STOPPING' : 'STARTING', endTime });
    test.mutate({ id: session.id, running: Boolean(endTime) }, { onSettled: () => setPending(null) });
  };

  return (
    <Card withBorder padding="sm" component="section" aria-label="Simulive test run">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600} size="sm">
              Test run
            </Text>
            <Badge variant="light" color={running ? 'green' : 'gray'} aria-live="polite">
              {simuliveTestStatusText(state, session)}
            </Badge>
          </Group>
          <Button
            size="xs"
            variant={running ? 'light' : 'filled'}
            color={running ? 'red' : undefined}
            disabled={simuliveTestButtonDisabled(state, session) || refusal !== null}
            onClick={act}
          >
            {SIMULIVE_TEST_BUTTON_TEXT[state]}
          </Button>
        </Group>
        {refusal && (
          <Text size="sm" c="orange">
            {SIMULIVE_TEST_REFUSALS[refusal]}
          </Text>
        )}
        {(state === 'STARTING' || running) && (
          <Text size="sm" c="dimmed">
            {simuliveTestMessages.testRun}
          </Text>
        )}
        {running && session.simulive_test_run_end_time && (
          <>
            <Text size="sm" c="dimmed">
              Ends at {formatDateTime(session.simulive_test_run_end_time, timezone)}.
            </Text>
            <SimuliveTestPreview eventId={eventId} session={session} timezone={timezone} />
          </>
        )}
      </Stack>
    </Card>
  );
}
