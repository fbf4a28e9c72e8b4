import { Progress, Stack, Text } from '@mantine/core';
import {
  PEOPLE_JOB_UPDATED,
  selectionCount,
  type BulkEventRoles,
  type PeopleBulkAction,
  type PeopleSelection,
} from '@studio/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStudioPushes } from '../../api/studio-pushes.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { SelectionBar, type SelectionAction } from '../../ui/selection-bar.tsx';
import { peopleJobQuery, useBulkPeople } from './people-api.ts';
import { noSelection } from './people-selection.tsx';

/** What the bar over the chosen speakers offers (ui/selection-bar.tsx). */
export const SPEAKER_ACTIONS: readonly SelectionAction<PeopleBulkAction>[] = [
  { action: 'hide', label: 'Hide' },
  { action: 'show', label: 'Show' },
  { action: 'resend_invite', label: 'Resend invitation' },
  { action: 'remove', label: 'Remove', danger: true },
];

/** What the bar over the chosen staff offers: staff are never hidden (only speakers are, 002 §3.9). */
export const STAFF_ACTIONS: readonly SelectionAction<PeopleBulkAction>[] = SPEAKER_ACTIONS.filter(
  ({ action }) => action === 'resend_invite' || action === 'remove',
);

/** The selection as the bulk call names it: listed ids, or all with the exclusions. */
const selectionBody = (selection: PeopleSelection) =>
  selection.all
    ? { all: true, excluded: [...(selection.excluded ?? [])] }
    : { all: false, ids: [...(selection.ids ?? [])] };

/**
 * The bulk actions over a people list's selection (002 §4.7): the bar with how many are chosen
 * (`total` of the list less the exclusions under select-all), the removal's confirmation, and a
 * resent invitation's progress. A done action clears the selection.
 */
export function PeopleBulkActions({
  eventId,
  role,
  label,
  actions,
  removal,
  selection,
  total,
  onSelect,
}: {
  eventId: string;
  role: BulkEventRoles['role'];
  /** The bar's accessible name ("Selected speakers"). */
  label: string;
  actions: readonly SelectionAction<PeopleBulkAction>[];
  /** What the confirmation says removing `count` people does. */
  removal: (count: number) => string;
  selection: PeopleSelection;
  total: number;
  onSelect: (selection: PeopleSelection) => void;
}) {
  const [removing, setRemoving] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const bulk = useBulkPeople(eventId, ({ job }) => {
    onSelect(noSelection);
    setRemoving(false);
    setJobId(job);
  });
  const chosen = selectionCount(selection, total);
  const run = (action: PeopleBulkAction) =>
    bulk.mutate({ event: eventId, role, action, selection: selectionBody(selection) });
  return (
    <>
      {jobId && <InvitationProgress eventId={eventId} jobId={jobId} />}
      {chosen > 0 && (
        <SelectionBar
          label={label}
          count={chosen}
          actions={actions}
          busy={bulk.isPending}
          onAction={(action) => (action === 'remove' ? setRemoving(true) : run(action))}
          onClear={() => onSelect(noSelection)}
        />
      )}
      <ConfirmDialog
        opened={removing}
        message={removal(chosen)}
        confirmLabel="Remove"
        confirming={bulk.isPending}
        onConfirm={() => run('remove')}
        onCancel={() => setRemoving(false)}
      />
    </>
  );
}

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
