import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Broadcast, SessionFormValues } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { eventRtmpInputsQuery } from '../../api/event-rtmp-inputs.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { fieldProps } from '../../ui/studio-form.ts';

/**
 * The input an RTMP session plays (issue 19): one of its event's RTMP inputs. An event without
 * any shows the way to its Live Inputs page, where inputs are created.
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
      <Stack gap={4}>
        <Text fw={600} size="sm">
          RTMP input
        </Text>
        <Text size="sm" c="dimmed">
          This event has no RTMP input yet.{' '}
          <HrefLink href={`/events/${encodeURIComponent(eventId)}/programs/live-inputs`}>
            Create one on the Live Inputs page
          </HrefLink>
          , then choose it here.
        </Text>
        {form.errors.rtmp_input && (
          <Text size="sm" c="red">
            {form.errors.rtmp_input}
          </Text>
        )}
      </Stack>
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
