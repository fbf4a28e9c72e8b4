import { Alert, Button, Stack, Text } from '@mantine/core';
import {
  isTestingTime,
  LIVE_SEGMENT_SECONDS,
  planAllows,
  testingNoteOf,
  type PricingConfig,
  type RtmpInput,
  type RtmpInputDeleteState,
  type StudioEvent,
} from '@studio/domain';
import { IconBroadcast } from '@tabler/icons-react';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FeatureNotEnabled } from '../../ui/plan-gate.tsx';
import { showToast } from '../../ui/toast.ts';
import { useClock } from '../../ui/use-clock.ts';
import { CreateRtmpInputDialog } from './create-rtmp-input-dialog.tsx';
import {
  useDeleteRtmpInput,
  useRtmpInputs,
  useRtmpInputUpdates,
  useStartRtmpTest,
} from './live-inputs-api.ts';
import { RtmpInputCard } from './rtmp-input-card.tsx';

/** The server's code when a session plays the input (002 §4.3 delete state). */
const CANNOT_DELETE_IN_USE: RtmpInputDeleteState = 'CANNOT_DELETE_IN_USE';

/** How to point OBS at an input; other encoders take the same two values. */
function EncoderHelp() {
  return (
    <Text size="sm" c="dimmed">
      In OBS: Settings → Stream → Service “Custom…”, Server = the Stream URL, Stream Key = the Stream key.
      Under Output, set the keyframe interval to {LIVE_SEGMENT_SECONDS} s, video x264 (H.264) and audio AAC.
    </Text>
  );
}

interface LiveInputsPageProps {
  event: Pick<StudioEvent, 'id' | 'start_time' | 'end_time' | 'timezone'>;
  pricing: PricingConfig;
}

/** Spec 002 §2.5: an event's RTMP inputs, with a create popup, test buttons and their channels' status. */
export function LiveInputsPage({ event, pricing }: LiveInputsPageProps) {
  const inputs = useRtmpInputs(event.id);
  useRtmpInputUpdates(event.id);
  const now = useClock();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<RtmpInput | null>(null);
  const [inUseId, setInUseId] = useState<string | null>(null);
  const startTest = useStartRtmpTest(event.id);
  const remove = useDeleteRtmpInput(event.id, {
    onDeleted: () => setDeleting(null),
    onFailure: (error, input) => {
      if (error instanceof ApiRequestError && error.code === CANNOT_DELETE_IN_USE) setInUseId(input.id);
      else showToast(failureMessage(error), 'error');
      setDeleting(null);
    },
  });
  const allowed = planAllows(pricing, 'rtmp');
  const testingTime = isTestingTime(event.start_time, now);
  const testingNote = testingNoteOf({ start: event.start_time, end: event.end_time }, now);

  const create = (
    <AddButton disabled={!allowed} onClick={() => setCreating(true)}>
      Create input
    </AddButton>
  );
  return (
    <Stack>
      <PageHeader
        title="Live Inputs"
        description="Where your encoder sends a live session's stream over RTMP; a session of type RTMP plays one."
        actions={create}
      />
      {!allowed && <FeatureNotEnabled />}
      <ListStates
        failure={
          inputs.isError && (
            <Alert color="red" role="alert" title="The live inputs could not be loaded.">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failureMessage(inputs.error)}</Text>
                <Button size="compact-sm" variant="light" color="red" onClick={() => void inputs.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )
        }
        pending={inputs.isPending}
        loadingLabel="Loading live inputs"
        empty={inputs.data?.length === 0}
        emptyState={
          <EmptyState
            title="No live inputs yet"
            message="A live input gives your encoder (OBS, vMix, a hardware encoder) a stream URL and key; RTMP sessions on the agenda play what it receives."
            icon={<IconBroadcast size={26} aria-hidden />}
            action={allowed && create}
          />
        }
      >
        <EncoderHelp />
        {testingNote && (
          <Text size="sm" c="dimmed">
            {testingNote}
          </Text>
        )}
        {inputs.data?.map((input) => (
          <RtmpInputCard
            key={input.id}
            input={input}
            testingTime={testingTime}
            timezone={event.timezone ?? undefined}
            inUse={inUseId === input.id}
            onStartTest={() => startTest.mutate(input)}
            onDelete={() => setDeleting(input)}
            onDismissInUse={() => setInUseId(null)}
          />
        ))}
      </ListStates>
      {creating && <CreateRtmpInputDialog eventId={event.id} onClose={() => setCreating(false)} />}
      <ConfirmDeleteDialog
        target={deleting}
        message={`The live input ${deleting?.name ?? ''} will be deleted; encoders using its stream keys will be refused.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
