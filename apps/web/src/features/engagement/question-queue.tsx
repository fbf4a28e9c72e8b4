import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  engagementPanelMessages as words,
  EVENT_WIDE_QUESTIONS,
  QUESTION_MAX_LENGTH,
  type QueueQuestion,
} from '@studio/domain';
import {
  IconArrowBackUp,
  IconCheck,
  IconEye,
  IconEyeOff,
  IconMessageQuestion,
  IconPin,
  IconPinnedOff,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { broadcastsQuery } from '../../api/event-sessions.ts';
import { eventSpeakersQuery } from '../../api/event-speakers.ts';
import {
  useAnswerQuestion,
  useModerateQuestion,
  type QueueRows,
  type QuestionChange,
  type QuestionSessionFilter,
} from './engagement-api.ts';
import { ActionTooltip } from './action-tooltip.tsx';
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

/** The way back from pinned, hidden or dismissed: to answered when it has answers, else to open. */
const UNDO = {
  pinned: { label: words.unpinQuestion, icon: <IconPinnedOff size={16} aria-hidden /> },
  hidden: { label: words.showQuestion, icon: <IconEye size={16} aria-hidden /> },
  dismissed: { label: words.reopenQuestion, icon: <IconArrowBackUp size={16} aria-hidden /> },
} as const;

function QuestionActions({ eventId, question }: { eventId: string; question: QueueQuestion }) {
  const moderate = useModerateQuestion(eventId);
  const change = (state: NonNullable<QuestionChange['state']>) =>
    moderate.mutate({ questionId: question.id, state });
  const undo =
    question.state === 'pinned' || question.state === 'hidden' || question.state === 'dismissed'
      ? UNDO[question.state]
      : null;
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
    ...(undo
      ? [
          {
            ...undo,
            state: question.answers.length > 0 ? ('answered' as const) : ('open' as const),
            color: 'blue',
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
        <ActionTooltip key={action.label} label={action.label}>
          <ActionIcon
            variant="subtle"
            color={action.color}
            aria-label={action.label}
            onClick={() => change(action.state)}
          >
            {action.icon}
          </ActionIcon>
        </ActionTooltip>
      ))}
    </Group>
  );
}

/** The session filter's "every question" choice (a Select's value is a string). */
const ALL_QUESTIONS = 'all';

/** Which questions the queue shows: every one, the event-wide ones, or one session's (filtered on the server). */
function SessionFilter({
  eventId,
  session,
  onChange,
}: {
  eventId: string;
  session: QuestionSessionFilter;
  onChange: (session: QuestionSessionFilter) => void;
}) {
  const sessions = useQuery(broadcastsQuery(eventId)).data ?? [];
  return (
    <Select
      size="xs"
      w={280}
      mb="sm"
      label={words.questionSessionFilter}
      allowDeselect={false}
      value={session ?? ALL_QUESTIONS}
      data={[
        { value: ALL_QUESTIONS, label: words.allQuestions },
        { value: EVENT_WIDE_QUESTIONS, label: words.eventWideQuestions },
        ...sessions.map((one) => ({ value: one.id, label: one.title })),
      ]}
      onChange={(value) => onChange(!value || value === ALL_QUESTIONS ? null : value)}
    />
  );
}

/** The Q&A queue: pending questions first, each approved, pinned, dismissed or hidden, answered, assigned. */
export function QuestionQueue({
  eventId,
  queue,
  assignOffered,
  session,
  onSessionChange,
}: {
  eventId: string;
  queue: QueueRows<QueueQuestion>;
  assignOffered: boolean;
  session: QuestionSessionFilter;
  onSessionChange: (session: QuestionSessionFilter) => void;
}) {
  return (
    <>
      <SessionFilter eventId={eventId} session={session} onChange={onSessionChange} />
      <QueueList
        queue={queue}
        loadingLabel="Loading the questions"
        emptyTitle={words.noQuestionsQueue}
        emptyMessage={words.noQuestionsQueueHint}
        emptyIcon={<IconMessageQuestion size={26} aria-hidden />}
      >
        {(questions) =>
          [...questions]
            .sort(
              (a, b) =>
                Number(b.state === 'pending') - Number(a.state === 'pending') || b.upvotes - a.upvotes,
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
    </>
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
