import { Alert, Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  createRtmpInputSchema,
  RTMP_INPUT_NAME_MAX_LENGTH,
  type Broadcast,
  type RtmpInput,
  type SessionFormValues,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { eventRtmpInputsQuery, useCreateRtmpInput } from '../../api/event-rtmp-inputs.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { fieldProps, serverFieldErrors } from '../../ui/studio-form.ts';
import { showToast } from '../../ui/toast.ts';

/**
 * The input an RTMP session plays (issue 19): one of its event's RTMP inputs. An event without any
 * creates one here, named in place, and the session takes it.
 */
export function SessionRtmpInput({
  eventId,
  form,
}: {
  eventId: string;
  form: UseFormReturnType<SessionFormValues>;
}) {
  const inputs = useQuery(eventRtmpInputsQuery(eventId));
  if (inputs.isPending) return <Loader size="xs" aria-label="Loading the event's RTMP inputs" />;
  if (inputs.isError)
    return (
      <Alert color="red" role="alert">
        The event&apos;s RTMP inputs could not be loaded.
      </Alert>
    );
  if (inputs.data.length === 0)
    return (
      <NewSessionInput
        eventId={eventId}
        onCreated={(input) => form.setFieldValue('rtmp_input', input.id)}
        error={form.errors.rtmp_input}
      />
    );
  return (
    <Select
      label="RTMP input"
      description="The encoder streaming to this input is what attendees see during the session."
      placeholder="Choose an input"
      clearable
      data={inputs.data.map((input) => ({ value: input.id, label: input.name }))}
      {...fieldProps(form, 'rtmp_input')}
    />
  );
}

/**
 * What an RTMP session's card adds to its type: its input's name, or that none is chosen yet. The
 * event's inputs are read only when the programme has an RTMP session.
 */
export function useSessionInputLabel(eventId: string, sessions: readonly Broadcast[] | undefined) {
  const inputs = useQuery({
    ...eventRtmpInputsQuery(eventId),
    enabled: sessions?.some((session) => session.broadcast_type === 'RTMP') ?? false,
  });
  return (session: Broadcast): string | null => {
    if (session.broadcast_type !== 'RTMP') return null;
    if (!session.rtmp_input) return 'no input chosen';
    return inputs.data?.find((input) => input.id === session.rtmp_input)?.name ?? null;
  };
}

/** An event without inputs: the first one is created from the drawer (the Live Inputs page lists it). */
function NewSessionInput({
  eventId,
  onCreated,
  error,
}: {
  eventId: string;
  onCreated: (input: RtmpInput) => void;
  error: ReactNode;
}) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const create = useCreateRtmpInput(eventId, {
    onCreated,
    onFailure: (failure) => {
      const { name: refused } = serverFieldErrors(failure);
      if (refused) setNameError(refused);
      else showToast(failureMessage(failure), 'error');
    },
  });
  const submit = () => {
    const checked = createRtmpInputSchema.pick({ name: true }).safeParse({ name });
    if (!checked.success) return setNameError(checked.error.issues[0]?.message ?? null);
    setNameError(null);
    create.mutate({ name: checked.data.name, event: eventId });
  };
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        RTMP input
      </Text>
      <Text size="sm" c="dimmed">
        This event has no RTMP input yet. Name one to create it: the session plays it, and its stream URL and
        key wait on the{' '}
        <HrefLink href={`/events/${encodeURIComponent(eventId)}/programs/live-inputs`}>
          Live Inputs page
        </HrefLink>
        .
      </Text>
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          aria-label="New input name"
          placeholder="For example: Main stage encoder"
          maxLength={RTMP_INPUT_NAME_MAX_LENGTH}
          value={name}
          error={nameError ?? error}
          onChange={(event) => setName(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="default" loading={create.isPending} onClick={submit}>
          Create input
        </Button>
      </Group>
    </Stack>
  );
}
