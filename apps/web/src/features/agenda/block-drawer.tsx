import { Button, Drawer, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  agendaMessages,
  blockFormSchema,
  blockTimes,
  DISCARD_CHANGES_QUESTION,
  wallClock,
  type AgendaItem,
  type StudioEvent,
} from '@studio/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { drawerFailure, useSaveBlock } from './agenda-api.ts';

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
  const [confirmingClose, setConfirmingClose] = useState(false);
  const save = useSaveBlock(event.id, {
    onFailure: drawerFailure(form, agendaMessages.failedToSaveAgendaItem),
    onSuccess: onClose,
  });
  const requestClose = () => (form.isDirty() ? setConfirmingClose(true) : onClose());
  return (
    <>
      <Drawer
        opened
        onClose={requestClose}
        position="right"
        title={`${block ? 'Edit' : 'Add'} ${kindLabel[kind]}`}
        closeButtonProps={{ 'aria-label': 'Close the block drawer' }}
      >
        <form
          onSubmit={form.onSubmit((values) =>
            save.mutate({
              id: block?.id ?? null,
              body: { track, kind, title: values.title.trim(), ...blockTimes(values, event.timezone) },
            }),
          )}
        >
          <Stack>
            <TextInput label="Title" required {...fieldProps(form, 'title')} />
            <Group grow align="flex-start">
              <TextInput type="date" label="Day" {...fieldProps(form, 'date')} />
              <TextInput type="time" label="Starts" {...fieldProps(form, 'startTime')} />
              <TextInput type="time" label="Ends" {...fieldProps(form, 'endTime')} />
            </Group>
            <Text size="xs" c="dimmed">
              Times in the event&apos;s timezone ({event.timezone}).
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={requestClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Drawer>
      <ConfirmDialog
        opened={confirmingClose}
        message={DISCARD_CHANGES_QUESTION}
        confirmLabel="Discard"
        onCancel={() => setConfirmingClose(false)}
        onConfirm={() => {
          setConfirmingClose(false);
          onClose();
        }}
      />
    </>
  );
}
