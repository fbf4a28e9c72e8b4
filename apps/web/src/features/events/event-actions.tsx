import { Alert, Button, Group, Menu, Text } from '@mantine/core';
import {
  isScheduled,
  EVENT_ACTIONS,
  eventHref,
  templateHref,
  WORKFLOW_UPDATED,
  workflowStatusLabel,
  type StudioEvent,
} from '@studio/domain';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { showToast } from '../../ui/toast.ts';
import { useAccess } from '../../session/use-access.ts';
import { CalendarInvitesDialog } from './calendar-invites-dialog.tsx';
import { DuplicateEventDialog } from './duplicate-event-dialog.tsx';
import { eventNotReadyReason } from './event-ready.ts';
import { fetchCanReschedule, fetchWorkflow, useDeleteEvent, useSaveEventAsTemplate } from './events-api.ts';
import { RescheduleDialog } from './reschedule-dialog.tsx';

/**
 * Reschedule and calendar invites as buttons; duplicate, save as template and delete under "More
 * actions" (spec 000 §4: each only when ready), each offered only with the right its server route demands: copying (duplicate, template)
 * creates events, deleting deletes them, the rest edits.
 */
export function EventActions({ event }: { event: StudioEvent }) {
  const navigate = useNavigate();
  const access = useAccess(useSignedInOrganization().organizationId);
  const canCreate = access.can('event:create');
  const canEdit = access.can('event:update');
  const canDelete = access.can('event:delete');
  const [duplicating, setDuplicating] = useState(false);
  const [rescheduling, setRescheduling] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [copy, setCopy] = useState<{ href: string; workflowId: string; title: string } | null>(null);

  const whenReady = async (action: string, run: () => void) => {
    const reason = await eventNotReadyReason(event.id, action);
    if (reason) showToast(reason, 'error');
    else run();
  };
  const [savedTemplate, setSavedTemplate] = useState<{ id: string; title: string } | null>(null);
  const saveTemplate = useSaveEventAsTemplate(event, setSavedTemplate);
  const remove = useDeleteEvent(event.id, () => navigate({ href: '/events' }));
  const copyStatusKey = ['workflows', copy?.workflowId];
  // The copy's workflow ending is pushed; after a reconnection it is read again.
  useReadAgainOnPush(
    event.id,
    copyStatusKey,
    (message) =>
      message.type === 'ready' || (message.type === WORKFLOW_UPDATED && message.data.id === copy?.workflowId),
  );
  const copyStatus = useQuery({
    queryKey: copyStatusKey,
    queryFn: () => fetchWorkflow(copy?.workflowId ?? ''),
    enabled: copy !== null,
  });
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
  const scheduled = isScheduled(event.event_type);

  return (
    <>
      <Group gap="xs">
        {canEdit && scheduled && (
          <Button variant="default" onClick={startReschedule}>
            Reschedule
          </Button>
        )}
        {canEdit && scheduled && (
          <Button
            variant="default"
            onClick={() => void whenReady(EVENT_ACTIONS.sendCalendarInvites, () => setInviting(true))}
          >
            Send Calendar Invites
          </Button>
        )}
        {/* The rarer actions, Delete among them, one deliberate tap away (not a stray one on a phone). */}
        {(canCreate || canDelete) && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button
                variant="default"
                loading={saveTemplate.isPending}
                rightSection={<IconChevronDown size={14} aria-hidden />}
              >
                More actions
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {canCreate && (
                <Menu.Item
                  onClick={() => void whenReady(EVENT_ACTIONS.duplicate, () => setDuplicating(true))}
                >
                  Duplicate
                </Menu.Item>
              )}
              {canCreate && (
                <Menu.Item
                  onClick={() => void whenReady(EVENT_ACTIONS.createTemplate, () => saveTemplate.mutate())}
                >
                  Save as Template
                </Menu.Item>
              )}
              {canDelete && (
                <>
                  {canCreate && <Menu.Divider />}
                  <Menu.Item
                    color="red"
                    onClick={() => void whenReady(EVENT_ACTIONS.delete, () => setDeleting(true))}
                  >
                    Delete
                  </Menu.Item>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        )}
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
            {copyState === 'COMPLETED' && <HrefLink href={copy.href}>Open the copy</HrefLink>}
          </Group>
        </Alert>
      )}
      {savedTemplate && (
        <Alert color="teal" title="Template created" aria-label="Template created">
          <Group gap="xs">
            <Text size="sm">{savedTemplate.title}</Text>
            <HrefLink href={templateHref(savedTemplate.id)}>Open the template</HrefLink>
          </Group>
        </Alert>
      )}
      {duplicating && (
        <DuplicateEventDialog
          event={event}
          onClose={() => setDuplicating(false)}
          onStarted={(answer) =>
            setCopy({
              href: eventHref(answer.event),
              workflowId: answer.workflow_id,
              title: answer.event.title,
            })
          }
        />
      )}
      {rescheduling && <RescheduleDialog event={event} onClose={() => setRescheduling(false)} />}
      {inviting && <CalendarInvitesDialog event={event} onClose={() => setInviting(false)} />}
      <ConfirmDialog
        opened={deleting}
        message={`The event ${event.title} will be deleted.`}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}
