import { Alert, Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  channelStateMessage,
  channelStateOf,
  isChannelRunning,
  rtmpInputServerMessages,
  testButtonOf,
  type RtmpInput,
} from '@studio/domain';
import { formatDateTime } from '../../ui/formats.ts';
import { HlsPlayer } from '../../ui/hls-player.tsx';
import { SecureStreamUrl, StreamAddress } from './stream-address.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

interface RtmpInputCardProps {
  input: RtmpInput;
  /** 002 §4.3: the event starts more than an hour from now. */
  testingTime: boolean;
  /** The event's time zone, for the test's end time. */
  timezone: string | undefined;
  /** Set when a delete was refused because a session plays the input. */
  inUse: boolean;
  onStartTest: () => void;
  onDelete: () => void;
  onDismissInUse: () => void;
}

/** Which feeds are on air: 'Receiving from primary and failover'. */
function FeedBadges({ feeds }: { feeds: RtmpInput['feeds'] }) {
  const sources = [feeds.primary && 'primary', feeds.failover && 'failover'].filter(Boolean).join(' and ');
  if (!sources) return null;
  return (
    <Badge color="teal" variant="light">
      {rtmpInputServerMessages.receiving(sources)}
    </Badge>
  );
}

/** One RTMP input (002 §2.5): its channel's status and test button, its addresses and a live preview. */
export function RtmpInputCard({
  input,
  testingTime,
  timezone,
  inUse,
  onStartTest,
  onDelete,
  onDismissInUse,
}: RtmpInputCardProps) {
  const state = channelStateOf(input);
  const button = testButtonOf(state, testingTime);
  const receiving = isChannelRunning(state) && state !== 'STARTING';
  return (
    <Card withBorder radius="md" component="article" aria-label={input.name}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          {/* At least this wide, so on a phone the buttons wrap under the name rather than squeeze it. */}
          <Stack gap={4} miw={220} flex={1}>
            <Group gap="xs">
              <Title order={2} size="h4">
                {input.name}
              </Title>
              <FeedBadges feeds={input.feeds} />
            </Group>
            <Text size="sm" c="dimmed" data-testid="channel-status" aria-live="polite">
              {channelStateMessage(state)}
            </Text>
            {/* Past the testing window the channels are live: a test run's end says nothing true. */}
            {testingTime && input.test_run_end_time && (
              <Text size="sm">Test run ends {formatDateTime(input.test_run_end_time, timezone)}</Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button variant="light" disabled={button.disabled} onClick={onStartTest}>
              {button.text}
            </Button>
            <DeleteIconButton label={`Delete ${input.name}`} size="lg" onClick={onDelete} iconSize={18} />
          </Group>
        </Group>
        {inUse && (
          <Alert
            color="yellow"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={onDismissInUse}
            role="alert"
          >
            {rtmpInputServerMessages.inUse}
          </Alert>
        )}
        {input.feeds.degraded && (
          <Alert color="orange" role="status">
            {rtmpInputServerMessages.degraded}
          </Alert>
        )}
        {input.feeds.error && (
          <Alert color="red" role="alert" title="The last stream was refused">
            {input.feeds.error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2, xl: receiving ? 3 : 2 }} spacing="lg">
          <Stack gap="xs">
            <StreamAddress label="Stream" inputUrl={input.input_url} />
            <SecureStreamUrl label="RTMPS stream URL" inputUrl={input.secure_input_url} />
          </Stack>
          <Stack gap="xs">
            <StreamAddress label="Failover" inputUrl={input.failover_input_url} />
            <SecureStreamUrl label="RTMPS failover URL" inputUrl={input.secure_failover_input_url} />
          </Stack>
          {receiving && (
            <Box maw={480}>
              <HlsPlayer src={input.urls.hls} title={`${input.name} preview`} autoPlay muted />
            </Box>
          )}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
