import { Drawer, Group, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useDiscardQuestion } from '../../ui/discard-question.tsx';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { fieldProps } from '../../ui/studio-form.ts';

/**
 * A drawer of the agenda that asks 'You have unsaved changes. Are you sure you want to discard
 * them?' before it closes with changes. `children` receives the close request (for Cancel).
 */
export function DirtyDrawer({
  title,
  closeLabel,
  size,
  isDirty,
  onClose,
  children,
}: {
  title: string;
  closeLabel: string;
  size?: string;
  isDirty: () => boolean;
  onClose: () => void;
  children: (requestClose: () => void) => ReactNode;
}) {
  const { requestClose, question } = useDiscardQuestion(isDirty, onClose);
  return (
    <>
      <Drawer
        opened
        onClose={requestClose}
        position="right"
        size={size}
        title={title}
        closeButtonProps={{ 'aria-label': closeLabel }}
      >
        {children(requestClose)}
      </Drawer>
      {question}
    </>
  );
}

/** A block's day and times, typed in the event's timezone. */
export function DayAndTimes<Values extends { date: string; startTime: string; endTime: string }>({
  form,
  timezone,
}: {
  form: UseFormReturnType<Values>;
  timezone: string;
}) {
  const field = (name: 'date' | 'startTime' | 'endTime') =>
    fieldProps(
      form as unknown as UseFormReturnType<{ date: string; startTime: string; endTime: string }>,
      name,
    );
  const narrow = useNarrowScreen();
  const day = <TextInput type="date" label="Day" {...field('date')} />;
  const times = (
    <>
      <TextInput type="time" label="Starts" {...field('startTime')} />
      <TextInput type="time" label="Ends" {...field('endTime')} />
    </>
  );
  return (
    <>
      {/* On a phone a third of the drawer cuts the date short ('11/29/2'): the day takes its own line. */}
      {narrow ? (
        <>
          {day}
          <Group grow align="flex-start">
            {times}
          </Group>
        </>
      ) : (
        <Group grow align="flex-start">
          {day}
          {times}
        </Group>
      )}
      <Text size="xs" c="dimmed">
        Times in the event&apos;s timezone ({timezone}).
      </Text>
    </>
  );
}
