import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { engagementPanelMessages as words, QUESTION_MAX_LENGTH, type QueueQuestion } from '@studio/domain';
import { IconCheck, IconEyeOff, IconMessageQuestion, IconPin, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { eventSpeakersQuery } from '../../api/event-speakers.ts';
import {
  useAnswerQuestion,
  useModerateQuestion,
  type QueueRows,
  type QuestionChange,
} from './engagement-api.ts';
import { QueueList } from './queue-list.tsx';

const STATE_COLOR = {
  pending: 'orange',
  open: 'blue',
  answered: 'green',
  pinned: 'yellow',
  dismissed: 'gray',
  hidden: 'gray',
} as const;

/** The event's speakers to assign a question to (only when the event offers assigning). */
function AssignSpeaker({ eventId, question }: { eventId: string; question: QueueQuestion }) {
  const speakers = useQuery(eventSpeakersQuery(eventId));
  const moderate = useModerateQuestion(eventId);
  return (
    <Select
      size="xs"
      label={words.assignSpeaker}
      clearable
      value={question.assigned_speaker_id}
      data={(speakers.data ?? []).map((speaker) => ({
        value: speaker.user.id,
        label: `${speaker.user.first_name} ${speaker.user.last_name}`.trim(),
      }))}
      onChange={(speakerId) => moderate.mutate({ questionId: question.id, assigned_speaker_id: speakerId })}
    />
  );
}

function AnswerBox({ eventId, questionId }: { eventId: string; questionId: string }) {
  const [text, setText] = useState('');
  const answer = useAnswerQuestion(eventId);
  return (
    <Group align="flex-end" wrap="nowrap">
      <Textarea
        size="xs"
        label={words.answerLabel}
        value={text}
        maxLength={QUESTION_MAX_LENGTH}
        style={{ flex: 1 }}
        onChange={(change) => setText(change.currentTarget.value)}
      />
      <Button
        size="xs"
        disabled={!text.trim()}
        loading={answer.isPending}
        onClick={() => {
          const sent = text;
          answer.mutate(
            { questionId, text: sent },
            { onSuccess: () => setText((now) => (now === sent ? '' : now)) },
          );
        }}
      >
        {words.answer}
      </Button>
    </Group>
  );
}

function QuestionActions({ eventId, question }: { eventId: string; question: QueueQuestion }) {
  const moderate = useModerateQuestion(eventId);
  const change = (state: NonNullable<QuestionChange['state']>) =>
    moderate.mutate({ questionId: question.id, state });
  const actions = [
    ...(question.state === 'pending'
      ? [
          {
            label: words.approve,
            state: 'open' as const,
            icon: <IconCheck size={16} aria-hidden />,
            color: 'green',
          },
        ]
      : []),
    { label: words.pin, state: 'pinned' as const, icon: <IconPin size={16} aria-hidden />, color: 'yellow' },
    {
      label: words.dismiss,
      state: 'dismissed' as const,
      icon: <IconX size={16} aria-hidden />,
      color: 'gray',
    },
    { label: words.hide, state: 'hidden' as const, icon: <IconEyeOff size={16} aria-hidden />, color: 'red' },
  ].filter((action) => action.state !== question.state);
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.state} label={action.label}>
          <ActionIcon
            variant="subtle"
            color={action.color}
            aria-label={action.label}
            onClick={() => change(action.state)}
          >
            {action.icon}
          </ActionIcon>
        </Tooltip>
      ))}
    </Group>
  );
}

/** The Q&A queue: pending questions first, each approved, pinned, dismissed or hidden, answered, assigned. */
export function QuestionQueue({
  eventId,
  queue,
  assignOffered,
}: {
  eventId: string;
  queue: QueueRows<QueueQuestion>;
  assignOffered: boolean;
}) {
  return (
    <QueueList
      queue={queue}
      loadingLabel="Loading the questions"
      emptyTitle={words.noQuestionsQueue}
      emptyIcon={<IconMessageQuestion size={26} aria-hidden />}
    >
      {(questions) =>
        [...questions]
          .sort(
            (a, b) => Number(b.state === 'pending') - Number(a.state === 'pending') || b.upvotes - a.upvotes,
          )
          .map((question) => (
            <QuestionCard
              key={question.id}
              eventId={eventId}
              question={question}
              assignOffered={assignOffered}
            />
          ))
      }
    </QueueList>
  );
}

function QuestionCard({
  eventId,
  question,
  assignOffered,
}: {
  eventId: string;
  question: QueueQuestion;
  assignOffered: boolean;
}) {
  return (
    <Paper component="li" withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Group gap="xs">
              <Text fw={600} size="sm">
                {question.asker_name ?? words.anonymousName}
              </Text>
              <Badge size="xs" color={STATE_COLOR[question.state]}>
                {words.questionStates[question.state]}
              </Badge>
              <Text size="xs" c="dimmed">
                ▲ {question.upvotes}
              </Text>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {question.text}
            </Text>
          </Stack>
          <QuestionActions eventId={eventId} question={question} />
        </Group>
        {question.answers.map((answer) => (
          <Text
            key={answer.id}
            size="sm"
            pl="md"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {answer.answerer && <b>{answer.answerer}: </b>}
            {answer.text}
          </Text>
        ))}
        <AnswerBox eventId={eventId} questionId={question.id} />
        {assignOffered && <AssignSpeaker eventId={eventId} question={question} />}
      </Stack>
    </Paper>
  );
}
