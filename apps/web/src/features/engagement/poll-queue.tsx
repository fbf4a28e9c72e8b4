import {
  Badge,
  Button,
  Checkbox,
  Flex,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  createPollBody,
  engagementPanelMessages as words,
  percentText,
  pollOptionPercent,
  POLL_OPTION_MAX_LENGTH,
  POLL_OPTIONS_MAX,
  POLL_QUESTION_MAX_LENGTH,
  type Poll,
} from '@studio/domain';
import { IconChartBar, IconPlayerPlay, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { broadcastsQuery } from '../../api/event-sessions.ts';
import { useCreatePoll, usePollQueue, useUpdatePoll } from './engagement-api.ts';
import { TAP_BUTTON_SIZE } from '../../ui/tap-target.ts';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { QueueList } from './queue-list.tsx';

const STATE_COLOR = { draft: 'gray', live: 'green', closed: 'blue' } as const;

/** A poll's next step, one button on its card: a draft is launched, a live poll closed. */
const NEXT_STEP = {
  draft: { to: 'live', label: words.launch, color: 'green', Icon: IconPlayerPlay },
  live: { to: 'closed', label: words.close, color: 'red', Icon: IconPlayerStop },
  closed: null,
} as const;

/** A new poll: its question, two to ten options, single or multiple choice, results shown or not. */
function PollForm({ eventId }: { eventId: string }) {
  const empty = {
    session_id: null as string | null,
    question: '',
    options: ['', ''],
    multiple: false,
    show_results: false,
  };
  const [poll, setPoll] = useState(empty);
  const sessions = useQuery(broadcastsQuery(eventId)).data ?? [];
  const create = useCreatePoll(eventId);
  const checked = createPollBody.safeParse(poll);
  const valid = checked.success;
  // An option that repeats another is said at once (an empty one only disables Create poll).
  const duplicateAt = new Set(
    (checked.error?.issues ?? [])
      .filter((issue) => issue.message === words.duplicatePollOption)
      .map((issue) => issue.path[1]),
  );
  const setOption = (index: number, text: string) =>
    setPoll({ ...poll, options: poll.options.map((option, at) => (at === index ? text : option)) });
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Select
          label={words.pollSession}
          value={poll.session_id ?? ''}
          data={[
            { value: '', label: words.wholeEvent },
            ...sessions.map((session) => ({ value: session.id, label: session.title })),
          ]}
          allowDeselect={false}
          onChange={(session) => setPoll({ ...poll, session_id: session || null })}
        />
        <TextInput
          label={words.pollQuestion}
          value={poll.question}
          maxLength={POLL_QUESTION_MAX_LENGTH}
          onChange={(change) => setPoll({ ...poll, question: change.currentTarget.value })}
        />
        {poll.options.map((option, index) => (
          <TextInput
            key={index}
            label={words.pollOption(index + 1)}
            value={option}
            maxLength={POLL_OPTION_MAX_LENGTH}
            error={duplicateAt.has(index) ? words.duplicatePollOption : undefined}
            onChange={(change) => setOption(index, change.currentTarget.value)}
          />
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={poll.options.length >= POLL_OPTIONS_MAX}
            onClick={() => setPoll({ ...poll, options: [...poll.options, ''] })}
          >
            {words.addOption}
          </Button>
          <Group>
            <Checkbox
              label={words.multipleChoice}
              checked={poll.multiple}
              onChange={(change) => setPoll({ ...poll, multiple: change.currentTarget.checked })}
            />
            <Checkbox
              label={words.showResults}
              checked={poll.show_results}
              onChange={(change) => setPoll({ ...poll, show_results: change.currentTarget.checked })}
            />
          </Group>
        </Group>
        <Group justify="flex-end">
          <Button
            disabled={!valid}
            loading={create.isPending}
            onClick={() => {
              const sent = poll;
              // Cleared once created, unless the organiser has typed on meanwhile (a slow answer).
              create.mutate(createPollBody.parse(sent), {
                onSuccess: () => setPoll((now) => (now === sent ? empty : now)),
              });
            }}
          >
            {words.createPoll}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function PollCard({ eventId, poll }: { eventId: string; poll: Poll }) {
  const update = useUpdatePoll(eventId);
  const total = poll.total_votes ?? 0;
  const next = NEXT_STEP[poll.state];
  const narrow = useNarrowScreen();
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        {/* On a phone the question takes the width and the controls go under it. */}
        <Flex
          direction={narrow ? 'column' : 'row'}
          justify="space-between"
          align={narrow ? 'stretch' : 'flex-start'}
          gap="xs"
        >
          <Group gap="xs" miw={0} flex={1} data-testid="poll-question">
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {poll.question}
            </Text>
            <Badge size="xs" color={STATE_COLOR[poll.state]}>
              {words.pollStates[poll.state]}
            </Badge>
            {poll.multiple && (
              <Badge size="xs" variant="outline">
                {words.multipleChoice}
              </Badge>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Switch
              size="xs"
              label={words.showResults}
              checked={poll.show_results}
              onChange={(change) =>
                update.mutate({ pollId: poll.id, show_results: change.currentTarget.checked })
              }
            />
            {next && (
              // The step (Launch, Close) in words beside its icon; its name says which poll.
              <Button
                key={poll.state}
                size={TAP_BUTTON_SIZE}
                variant="light"
                color={next.color}
                leftSection={<next.Icon size={16} aria-hidden />}
                aria-label={`${next.label}: ${poll.question}`}
                onClick={() => update.mutate({ pollId: poll.id, state: next.to })}
              >
                {next.label}
              </Button>
            )}
          </Group>
        </Flex>
        {poll.options.map((option) => {
          // The attendees' rule (share of the voters), so the studio and the event app agree.
          const percent = pollOptionPercent(option.votes ?? 0, total);
          return (
            <Stack key={option.id} gap={2}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {option.text}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {words.votes(option.votes ?? 0)} · {percentText(percent)}
                </Text>
              </Group>
              <Progress value={percent} aria-label={`${option.text}: ${percentText(percent)}`} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** The polls queue: the new poll form, then every poll (drafts to launch, live ones to close). */
export function PollQueue({ eventId }: { eventId: string }) {
  const queue = usePollQueue(eventId);
  return (
    <Stack>
      <PollForm eventId={eventId} />
      <QueueList
        queue={queue}
        loadingLabel="Loading the polls"
        emptyTitle={words.noPollsQueue}
        emptyMessage={words.noPollsQueueHint}
        emptyIcon={<IconChartBar size={26} aria-hidden />}
      >
        {(polls) => polls.map((poll) => <PollCard key={poll.id} eventId={eventId} poll={poll} />)}
      </QueueList>
    </Stack>
  );
}
