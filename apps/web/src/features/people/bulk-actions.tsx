import { Progress, Stack, Text } from '@mantine/core';
import { PEOPLE_JOB_UPDATED, type PeopleBulkAction } from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useStudioPushes } from '../../api/studio-pushes.ts';
import type { SelectionAction } from '../../ui/selection-bar.tsx';
import { peopleJobQuery } from './people-api.ts';

/** What the bar over the chosen speakers offers (ui/selection-bar.tsx). */
export const SPEAKER_ACTIONS: readonly SelectionAction<PeopleBulkAction>[] = [
  { action: 'hide', label: 'Hide' },
  { action: 'show', label: 'Show' },
  { action: 'resend_invite', label: 'Resend invitation' },
  { action: 'remove', label: 'Remove', danger: true },
];

/**
 * Keeps a job's progress in step with the server's `people-job-updated` pushes; after a
 * reconnection it is read again, in case one was missed.
 */
function useJobUpdates(eventId: string, jobId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = peopleJobQuery(eventId, jobId);
  useStudioPushes(`${eventId}:${jobId}`, (message) => {
    if (message.type === 'ready') void queryClient.invalidateQueries({ queryKey });
    if (message.type !== PEOPLE_JOB_UPDATED || message.data.id !== jobId) return;
    const { eventId: _eventId, ...job } = message.data;
    queryClient.setQueryData(queryKey, job);
  });
}

/** A bulk invitation's progress, pushed by the server. */
export function InvitationProgress({ eventId, jobId }: { eventId: string; jobId: string }) {
  useJobUpdates(eventId, jobId);
  const job = useQuery(peopleJobQuery(eventId, jobId)).data;
  if (!job) return null;
  const percent = job.total === 0 ? 100 : Math.round((job.done / job.total) * 100);
  const text =
    job.state === 'failed'
      ? `Sending the invitations stopped after ${job.done} of ${job.total}.`
      : job.state === 'done'
        ? `${job.done} invitation${job.done === 1 ? '' : 's'} sent.`
        : `Sending invitations: ${job.done} of ${job.total}.`;
  return (
    <Stack gap={4}>
      <Text size="sm" role="status">
        {text}
      </Text>
      <Progress
        value={percent}
        color={job.state === 'failed' ? 'red' : undefined}
        aria-label="Invitations sent"
        animated={job.state === 'running' || job.state === 'queued'}
      />
    </Stack>
  );
}
