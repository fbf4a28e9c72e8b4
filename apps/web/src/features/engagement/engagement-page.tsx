import { Alert, Badge, Button, Stack, Tabs } from '@mantine/core';
import { engagementPanelMessages as words, type StudioEvent } from '@studio/domain';
import { IconChartBar, IconMessageQuestion, IconMessages } from '@tabler/icons-react';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ChatQueue } from './chat-queue.tsx';
import { useEngagementQueues, useEngagementUpdates } from './engagement-api.ts';
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
  const queues = useEngagementQueues(event.id);
  useEngagementUpdates(event.id);
  const pending = queues.data?.questions.filter((question) => question.state === 'pending').length ?? 0;
  return (
    <Stack gap={0}>
      <PageHeader title={words.backstageTitle} description={words.backstageDescription} />
      {queues.isError && !queues.data ? (
        <Alert color="red" role="alert" title="Could not load the queues">
          <Button size="xs" variant="light" color="red" onClick={() => void queues.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ListStates
          pending={queues.isPending}
          loadingLabel="Loading the queues"
          empty={false}
          emptyState={null}
        >
          {queues.data && (
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
                      <Badge size="xs" color="orange">
                        {pending}
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
                <ChatQueue eventId={event.id} messages={queues.data.messages} />
              </Tabs.Panel>
              <Tabs.Panel value="qna">
                <QuestionQueue
                  eventId={event.id}
                  questions={queues.data.questions}
                  assignOffered={assignOffered}
                />
              </Tabs.Panel>
              <Tabs.Panel value="polls">
                <PollQueue eventId={event.id} polls={queues.data.polls} />
              </Tabs.Panel>
            </Tabs>
          )}
        </ListStates>
      )}
    </Stack>
  );
}
