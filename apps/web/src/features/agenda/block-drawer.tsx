import { Stack, TextInput } from '@mantine/core';
import {
  agendaMessages,
  blockFormSchema,
  blockTimes,
  wallClock,
  type AgendaItem,
  type StudioEvent,
} from '@studio/domain';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { DayAndTimes, DirtyDrawer } from './drawer-parts.tsx';
import { drawerFailure, useSaveBlock } from './agenda-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';

const kindLabel = { break: 'break', room: 'room', booth: 'booth' } as const;

/** A break, room or booth block of a track: its title and times (in the event's timezone). */
export function BlockDrawer({
  event,
  block,
  kind,
  track,
  onClose,
}: {
  event: StudioEvent;
  block: AgendaItem | null;
  kind: 'break' | 'room' | 'booth';
  track: string;
  onClose: () => void;
}) {
  const start = wallClock(new Date(block?.start_time ?? event.start_time), event.timezone);
  const end = block ? wallClock(new Date(block.end_time), event.timezone) : null;
  const form = useStudioForm(blockFormSchema, {
    initialValues: {
      title: block?.title ?? (kind === 'break' ? 'Break' : ''),
      date: start.date,
      startTime: start.time,
      endTime:
        end?.time ??
        start.time.replace(/^(\d{2})/, (hour) => String(Math.min(Number(hour) + 1, 23)).padStart(2, '0')),
    },
  });
  const save = useSaveBlock(event.id, {
    onFailure: drawerFailure(form, agendaMessages.failedToSaveAgendaItem),
    onSuccess: onClose,
  });
  return (
    <>
      <DirtyDrawer
        title={`${block ? 'Edit' : 'Add'} ${kindLabel[kind]}`}
        closeLabel="Close the block drawer"
        isDirty={() => form.isDirty()}
        onClose={onClose}
      >
        {(requestClose) => (
          <form
            noValidate
            onSubmit={form.onSubmit((values) =>
              save.mutate({
                id: block?.id ?? null,
                body: { track, kind, title: values.title.trim(), ...blockTimes(values, event.timezone) },
              }),
            )}
          >
            <Stack>
              <TextInput label="Title" required {...fieldProps(form, 'title')} />
              <DayAndTimes form={form} timezone={event.timezone} />
              <FormActions onCancel={requestClose} saving={save.isPending} />
            </Stack>
          </form>
        )}
      </DirtyDrawer>
    </>
  );
}
