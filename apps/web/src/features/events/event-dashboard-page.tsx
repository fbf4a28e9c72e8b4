import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { EVENT_ACTIONS, eventMessages, workflowStatusLabel, type StudioEvent } from '@studio/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { showToast } from '../../ui/toast.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import {
  EventFormFields,
  eventFieldsOf,
  eventValues,
  validateEventForm,
  type EventFormErrors,
  type EventFormValues,
} from './event-form.tsx';
import { eventNotReadyReason } from './event-ready.ts';
import {
  deleteEvent,
  duplicateEvent,
  EVENTS_KEY,
  fetchCanReschedule,
  fetchWorkflow,
  saveEventAsTemplate,
  sendCalendarInvites,
  updateEvent,
  useEvent,
  useSeriesOptions,
  useTagOptions,
  useWorkspaceOptions,
} from './events-api.ts';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { useEventSettings } from './use-event-settings.ts';

/** The areas of an event (spec route table, /events/$eventId/…). */
const eventAreas = (id: string) =>
  [
    ['Registration', 'registration-new'],
    ['Recordings', 'recordings-new'],
    ['Look and Feel', 'look-and-feel'],
    ['Analytics', 'analytics-new'],
    ['Email Templates', 'email/templates'],
    ['Email Schedule', 'email/schedule'],
  ].map(([label, area]) => ({ label: label ?? '', href: `/events/${encodeURIComponent(id)}/${area}` }));

/** /events/$eventId/dashboard (and /webinar/$eventId/details, /recording-event/$eventId): one event. */
export function EventDashboardPage() {
  const eventId = useRouteParam('eventId');
  const navigate = useNavigate();
  const event = useEvent(eventId);
  const forbidden = event.error instanceof ApiRequestError && event.error.status === 403;

  useEffect(() => {
    if (!event.isError) return;
    if (forbidden) {
      showToast(eventMessages.noEventPermission, 'error');
      void navigate({ href: '/events', replace: true });
    } else showToast(eventMessages.errorLoadingEvent, 'error');
  }, [event.isError, forbidden, navigate]);

  return (
    <Stack gap="xs">
      <Title order={2} size="h6" c="dimmed" tt="uppercase">
        Dashboard
      </Title>
      {event.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading event" />
        </Center>
      ) : event.isError ? (
        <Alert color="red">{eventMessages.errorLoadingEvent}</Alert>
      ) : (
        <EventDashboard key={event.data.updated_at} event={event.data} />
      )}
    </Stack>
  );
}

function EventDashboard({ event }: { event: StudioEvent }) {
  const settings = useEventSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<EventFormValues>(() => eventValues(event));
  const [errors, setErrors] = useState<EventFormErrors>({});
  const [rescheduling, setRescheduling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copy, setCopy] = useState<{ id: string; workflowId: string; title: string } | null>(null);
  const series = useSeriesOptions(settings.organizationId);
  const tags = useTagOptions(settings.organizationId);
  const workspaces = useWorkspaceOptions(settings.organizationId, settings.workspacesEnabled);

  /** Runs `action` only when the event is ready (spec 000 §4). */
  const whenReady = async (action: string, run: () => void) => {
    const reason = await eventNotReadyReason(event.id, action);
    if (reason) showToast(reason, 'error');
    else run();
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: [EVENTS_KEY] });
  const save = useMutation({
    mutationFn: () => updateEvent(event.id, eventFieldsOf(values, settings.workspacesEnabled)),
    onSuccess: async () => {
      showToast('Event updated successfully.', 'success');
      await refresh();
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const duplicate = useMutation({
    mutationFn: () => duplicateEvent(event.id),
    onSuccess: (answer) =>
      setCopy({ id: answer.id, workflowId: answer.workflow_id, title: answer.event.title }),
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const invites = useMutation({
    mutationFn: () => sendCalendarInvites(event.id),
    onSuccess: (answer) =>
      showToast(
        `Calendar invites sent: ${answer.sent} sent, ${answer.skipped} skipped, ${answer.failed} failed.`,
        'success',
      ),
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const saveTemplate = useMutation({
    mutationFn: () => saveEventAsTemplate(event.id, event.title),
    onSuccess: async () => {
      showToast('Template created successfully.', 'success');
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const remove = useMutation({
    mutationFn: () => deleteEvent(event.id),
    onSuccess: async () => {
      showToast(eventMessages.eventDeleted, 'success');
      queryClient.removeQueries({ queryKey: [EVENTS_KEY, 'one', event.id] });
      await refresh();
      void navigate({ href: '/events' });
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const copyStatus = useQuery({
    queryKey: ['workflows', copy?.workflowId],
    queryFn: () => fetchWorkflow(copy?.workflowId ?? ''),
    enabled: copy !== null,
    refetchInterval: (query) => (query.state.data?.status === 'COMPLETED' ? false : 1000),
  });

  const submit = () => {
    const found = validateEventForm(values);
    setErrors(found);
    if (Object.keys(found).length === 0) void whenReady(EVENT_ACTIONS.update, () => save.mutate());
  };
  const startReschedule = () =>
    void whenReady(EVENT_ACTIONS.reschedule, () => {
      fetchCanReschedule(event.id).then(
        (answer) =>
          answer.can_reschedule
            ? setRescheduling(true)
            : showToast(answer.reason ?? 'This event cannot be rescheduled.', 'error'),
        (error: unknown) => showToast(failureMessage(error), 'error'),
      );
    });
  const copyState = copyStatus.data?.status ?? 'RUNNING';

  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <Anchor
            size="sm"
            href="/events"
            onClick={(e) => (e.preventDefault(), void navigate({ href: '/events' }))}
          >
            ← Events
          </Anchor>
          <Title order={1} size="h2">
            {event.title}
          </Title>
          <Group gap="xs">
            <Badge>{event.event_type}</Badge>
            {event.metadata && <Badge variant="light">{event.metadata.time_status}</Badge>}
            <Text size="sm" c="dimmed">
              {formatDateTime(event.start_time, event.timezone)} –{' '}
              {formatDateTime(event.end_time, event.timezone)}
            </Text>
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void whenReady(EVENT_ACTIONS.duplicate, () => duplicate.mutate())}
            loading={duplicate.isPending}
          >
            Duplicate
          </Button>
          {event.event_type !== 'Recording' && (
            <Button variant="default" onClick={startReschedule}>
              Reschedule
            </Button>
          )}
          <Button
            variant="default"
            onClick={() => void whenReady(EVENT_ACTIONS.createTemplate, () => saveTemplate.mutate())}
            loading={saveTemplate.isPending}
          >
            Save as Template
          </Button>
          <Button
            variant="default"
            onClick={() => void whenReady(EVENT_ACTIONS.sendCalendarInvites, () => invites.mutate())}
            loading={invites.isPending}
          >
            Send Calendar Invites
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={() => void whenReady(EVENT_ACTIONS.delete, () => setDeleting(true))}
          >
            Delete
          </Button>
        </Group>
      </Group>
      {copy && (
        <Alert color={copyState === 'COMPLETED' ? 'teal' : 'blue'} title="Duplicate" aria-label="Duplication">
          <Group gap="xs">
            <Text size="sm">
              {copy.title}:{' '}
              <span data-testid="duplication-status">
                {workflowStatusLabel(copyState, copyStatus.data?.failed)}
              </span>
            </Text>
            {copyState === 'COMPLETED' && (
              <HrefLink href={`/events/${encodeURIComponent(copy.id)}/dashboard`}>Open the copy</HrefLink>
            )}
          </Group>
        </Alert>
      )}
      <Group gap="md">
        {eventAreas(event.id).map((area) => (
          <HrefLink key={area.href} href={area.href}>
            {area.label}
          </HrefLink>
        ))}
      </Group>
      <Card withBorder maw={640}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <Title order={2} size="h4">
              Details
            </Title>
            <EventFormFields
              values={values}
              errors={errors}
              onChange={setValues}
              seriesOptions={series.data ?? []}
              tagOptions={tags.data ?? []}
              workspaceOptions={settings.workspacesEnabled ? (workspaces.data ?? []) : null}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {rescheduling && <RescheduleDialog event={event} onClose={() => setRescheduling(false)} />}
      <ConfirmDialog
        opened={deleting}
        message={`The event ${event.title} will be deleted.`}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}
