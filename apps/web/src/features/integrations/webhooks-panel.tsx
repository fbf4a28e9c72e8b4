import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { webhookActivityLabels, webhookMessages } from '@studio/domain';
import { IconKey, IconPencil, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { ServerListBody } from '../../ui/server-list.tsx';
import { DeliveryLog } from './delivery-log.tsx';
import {
  CreateWebhookDialog,
  DeleteWebhookDialog,
  EditWebhookDialog,
  WebhookSecretDialog,
  type WebhookWithSecret,
} from './webhook-dialogs.tsx';
import {
  usePingWebhook,
  useRotateSecret,
  useUpdateWebhook,
  useWebhooks,
  WEBHOOKS_PAGE_SIZE,
  type ActivityWebhook,
} from './webhooks-api.ts';

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'rotate'; webhook: ActivityWebhook }
  | { kind: 'secret'; webhook: WebhookWithSecret };

/**
 * The webhooks of an event, or the organisation-wide ones (`eventId` null, every event): each with
 * its activities, on/off switch and delivery log; the signing secret shows once, at creation and
 * on rotation.
 */
export function WebhooksPanel({
  organizationId,
  eventId,
}: {
  organizationId: string;
  eventId: string | null;
}) {
  return usePlanAllows(organizationId, 'webhooks') ? (
    <WebhooksList eventId={eventId} />
  ) : (
    <FeatureNotEnabled />
  );
}

function WebhooksList({ eventId }: { eventId: string | null }) {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const webhooks = useWebhooks(eventId, page);
  const close = () => setDialog(null);
  const showSecret = (webhook: WebhookWithSecret) => setDialog({ kind: 'secret', webhook });
  const create = (
    <Button leftSection={<IconWebhook size={16} aria-hidden />} onClick={() => setDialog({ kind: 'create' })}>
      New webhook
    </Button>
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed" size="sm" maw={560}>
          {eventId
            ? "Signed HTTP calls to your systems on this event's activities."
            : 'Signed HTTP calls to your systems on the activities of every event of the organisation.'}
        </Text>
        {create}
      </Group>
      <ServerListBody
        list={webhooks}
        failure={webhookMessages.loadFailed}
        loadingLabel="Loading webhooks"
        filtering={false}
        noMatch=""
        emptyState={
          <EmptyState
            title="No webhooks yet"
            icon={<IconWebhook size={26} aria-hidden />}
            message="A webhook sends each chosen activity (a registration, a check-in, a poll answer …) to a URL of yours, signed the Standard Webhooks way."
          />
        }
        pageSize={WEBHOOKS_PAGE_SIZE}
        page={page}
        onPage={setPage}
      >
        <Stack>
          {webhooks.data?.results.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              webhook={webhook}
              onEdit={() => setDialog({ kind: 'edit', webhook })}
              onDelete={() => setDialog({ kind: 'delete', webhook })}
              onRotate={() => setDialog({ kind: 'rotate', webhook })}
            />
          ))}
        </Stack>
      </ServerListBody>
      {dialog?.kind === 'create' && (
        <CreateWebhookDialog eventId={eventId} onCreated={showSecret} onClose={close} />
      )}
      {dialog?.kind === 'edit' && <EditWebhookDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteWebhookDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'rotate' && (
        <RotateSecretDialog webhook={dialog.webhook} onRotated={showSecret} onClose={close} />
      )}
      {dialog?.kind === 'secret' && <WebhookSecretDialog webhook={dialog.webhook} onClose={close} />}
    </Stack>
  );
}

function WebhookCard({
  webhook,
  onEdit,
  onDelete,
  onRotate,
}: {
  webhook: ActivityWebhook;
  onEdit: () => void;
  onDelete: () => void;
  onRotate: () => void;
}) {
  const [logOpen, setLogOpen] = useState(false);
  const toggle = useUpdateWebhook(webhook.id);
  const ping = usePingWebhook(webhook.id);
  return (
    <Card withBorder radius="md" component="article" aria-label={webhook.url}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" align="flex-start">
          <Stack gap={2} miw={0} flex={1}>
            <Title order={3} size="h5" style={{ wordBreak: 'break-all' }}>
              {webhook.url}
            </Title>
            {webhook.description && (
              <Text size="sm" c="dimmed">
                {webhook.description}
              </Text>
            )}
          </Stack>
          <Switch
            label={webhook.is_active ? 'On' : 'Off'}
            aria-label={`Webhook ${webhook.url} on`}
            checked={webhook.is_active}
            disabled={toggle.isPending}
            onChange={(change) => toggle.mutate({ is_active: change.currentTarget.checked })}
          />
        </Group>
        {webhook.disabled_reason && (
          <Alert color="orange" title="Turned off by the studio">
            {webhook.disabled_reason}
          </Alert>
        )}
        <Group gap={6} aria-label="Activities" role="list">
          {webhook.activity_types.map((type) => (
            <Badge key={type} variant="light" role="listitem">
              {webhookActivityLabels[type]}
            </Badge>
          ))}
        </Group>
        <Group justify="space-between">
          <Button variant="subtle" size="xs" aria-expanded={logOpen} onClick={() => setLogOpen(!logOpen)}>
            {logOpen ? 'Hide delivery log' : 'Delivery log'}
          </Button>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} aria-hidden />}
              loading={ping.isPending}
              onClick={() => ping.mutate()}
            >
              Ping
            </Button>
            <ActionIcon variant="light" aria-label={`Rotate the secret of ${webhook.url}`} onClick={onRotate}>
              <IconKey size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="light" aria-label={`Edit ${webhook.url}`} onClick={onEdit}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="light" color="red" aria-label={`Delete ${webhook.url}`} onClick={onDelete}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {logOpen && <DeliveryLog webhookId={webhook.id} />}
      </Stack>
    </Card>
  );
}

function RotateSecretDialog({
  webhook,
  onRotated,
  onClose,
}: {
  webhook: ActivityWebhook;
  onRotated: (webhook: WebhookWithSecret) => void;
  onClose: () => void;
}) {
  const rotate = useRotateSecret(webhook.id, onRotated);
  return (
    <ConfirmDialog
      opened
      message="A new signing secret replaces the current one at once: your receiver must verify with the new one."
      confirmLabel="Rotate secret"
      confirming={rotate.isPending}
      onConfirm={() => rotate.mutate()}
      onCancel={onClose}
    />
  );
}
