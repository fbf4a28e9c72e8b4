import { ActionIcon, Button, Group } from '@mantine/core';
import { webhookActivityLabels, webhookMessages, type WebhookOwner } from '@studio/domain';
import { IconKey, IconPencil, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { CardList, ListCard } from '../../ui/card-list.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
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
 * The webhooks of an event, of a series (its every event), of a template (copied onto each event
 * made from it), or the organisation-wide ones (every event): each with its activities, on/off switch, ping and delivery
 * log; the signing secret shows once, at creation and on rotation.
 */
export function WebhooksPanel({ organizationId, owner }: { organizationId: string; owner: WebhookOwner }) {
  return usePlanAllows(organizationId, 'webhooks') ? <WebhooksList owner={owner} /> : <FeatureNotEnabled />;
}

const introOf = (owner: WebhookOwner) =>
  owner.event
    ? "Signed HTTP calls to your systems on this event's activities."
    : owner.series
      ? "Signed HTTP calls to your systems on the activities of each of this series' events."
      : owner.studio_template
        ? 'Signed HTTP calls to your systems on the activities of each event made from this template (each event gets a copy when it is made).'
        : "Signed HTTP calls to your systems on the activities of every event of the organization. An event's, a series' or a template's own webhooks are under its Integrations.";

function WebhooksList({ owner }: { owner: WebhookOwner }) {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const webhooks = useWebhooks(owner, page);
  const close = () => setDialog(null);
  const showSecret = (webhook: WebhookWithSecret) => setDialog({ kind: 'secret', webhook });
  return (
    <CardList
      intro={introOf(owner)}
      icon={IconWebhook}
      create={{ label: 'New webhook', onClick: () => setDialog({ kind: 'create' }) }}
      list={webhooks}
      failure={webhookMessages.loadFailed}
      loadingLabel="Loading webhooks"
      empty={{
        title: 'No webhooks yet',
        message:
          'A webhook sends each chosen activity (a registration, a check-in, a poll answer …) to a URL of yours, signed the Standard Webhooks way.',
      }}
      pageSize={WEBHOOKS_PAGE_SIZE}
      page={page}
      onPage={setPage}
      card={(webhook) => (
        <WebhookCard
          key={webhook.id}
          webhook={webhook}
          onEdit={() => setDialog({ kind: 'edit', webhook })}
          onDelete={() => setDialog({ kind: 'delete', webhook })}
          onRotate={() => setDialog({ kind: 'rotate', webhook })}
        />
      )}
    >
      {dialog?.kind === 'create' && (
        <CreateWebhookDialog owner={owner} onCreated={showSecret} onClose={close} />
      )}
      {dialog?.kind === 'edit' && <EditWebhookDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteWebhookDialog webhook={dialog.webhook} onClose={close} />}
      {dialog?.kind === 'rotate' && (
        <RotateSecretDialog webhook={dialog.webhook} onRotated={showSecret} onClose={close} />
      )}
      {dialog?.kind === 'secret' && <WebhookSecretDialog webhook={dialog.webhook} onClose={close} />}
    </CardList>
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
    <ListCard
      label={webhook.url}
      subtitle={webhook.description}
      active={webhook.is_active}
      switchLabel={`Webhook ${webhook.url} on`}
      onActive={(active) => toggle.mutate({ is_active: active })}
      switching={toggle.isPending}
      warning={{ title: 'Turned off by the studio', text: webhook.disabled_reason }}
      kinds={{
        label: 'Activities',
        items: webhook.activity_types.map((type) => ({ key: type, label: webhookActivityLabels[type] })),
      }}
    >
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
    </ListCard>
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
