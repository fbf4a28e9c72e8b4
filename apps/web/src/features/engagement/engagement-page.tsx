import { Badge, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { engagementPanelMessages as words, type StudioEvent } from '@studio/domain';
import { IconChartBar, IconMessageQuestion, IconMessages } from '@tabler/icons-react';
import { PageHeader } from '../../ui/page-header.tsx';
import { ChatQueue } from './chat-queue.tsx';
import {
  useEngagementUpdates,
  usePendingQuestions,
  useQuestionQueue,
  type QuestionSessionFilter,
} from './engagement-api.ts';
import { PollQueue } from './poll-queue.tsx';
import { QuestionQueue } from './question-queue.tsx';

/**
 * The event's backstage (issue 34 §5): the chat, Q&A and polls queues for the producer and the
 * coordinator, moderated while the event runs. Attendees' text is shown as text.
 */
export function EngagementPage({
  event,
  assignOffered,
}: {
  event: Pick<StudioEvent, 'id'>;
  /** Questions may be assigned to speakers (engagementFeatures' assignQuestionsToSpeakers). */
  assignOffered: boolean;
}) {
  // The Q&A queue's session filter (the page keeps its tab in no address either).
  const [questionSession, setQuestionSession] = useState<QuestionSessionFilter>(null);
  const questions = useQuestionQueue(event.id, questionSession);
  useEngagementUpdates(event.id);
  // Every question of the event awaiting approval, whatever the queue's filter shows.
  const pending = usePendingQuestions(event.id);
  return (
    <Stack gap={0}>
      <PageHeader title={words.backstageTitle} description={words.backstageDescription} />
      <Tabs defaultValue="chat" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="chat" leftSection={<IconMessages size={16} aria-hidden />}>
            {words.chatQueue}
          </Tabs.Tab>
          <Tabs.Tab
            value="qna"
            leftSection={<IconMessageQuestion size={16} aria-hidden />}
            rightSection={
              pending ? (
                <Badge size="xs" color="orange" variant="light" title={words.pendingQuestionsBadge(pending)}>
                  <span aria-hidden>{pending}</span>
                  <VisuallyHidden>{words.pendingQuestionsBadge(pending)}</VisuallyHidden>
                </Badge>
              ) : null
            }
          >
            {words.questionsQueue}
          </Tabs.Tab>
          <Tabs.Tab value="polls" leftSection={<IconChartBar size={16} aria-hidden />}>
            {words.pollsQueue}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="chat">
          <ChatQueue eventId={event.id} />
        </Tabs.Panel>
        <Tabs.Panel value="qna">
          <QuestionQueue
            eventId={event.id}
            queue={questions}
            assignOffered={assignOffered}
            session={questionSession}
            onSessionChange={setQuestionSession}
          />
        </Tabs.Panel>
        <Tabs.Panel value="polls">
          <PollQueue eventId={event.id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
