import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import {
  SLACK_CHANNEL_ERROR_TOAST_MS,
  SLACK_NOTIFICATION_KINDS,
  slackMessages,
  slackNotificationKindLabels,
  slackNotificationRouteProblem,
  slackSalesforceOwnerTypeLabels,
  type SlackNotificationKind,
} from '@studio/domain';
import { IconBrandSlack, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { CardList, ListCard } from '../../ui/card-list.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { showToast } from '../../ui/toast.ts';
import {
  SLACK_NOTIFICATIONS_PAGE_SIZE,
  useCreateSlackNotification,
  useDeleteSlackNotification,
  useSlackChannels,
  useSlackConnection,
  useSlackNotifications,
  useSlackSalesforceOwners,
  useUpdateSlackNotification,
  validateSlackChannel,
  type SlackChannel,
  type SlackNotification,
} from './slack-api.ts';
import { ownerSubtitle, SlackOwnerFields, type OwnerChoice } from './slack-owner-fields.tsx';

interface SlackNotificationsProps {
  organizationId: string;
  eventId: string;
  /** The organisation's 'Slack channel verify' flag: a channel is checked with Slack before it is saved. */
  verifiesChannels: boolean;
}

/**
 * An event's Slack notifications (issue 36): each posts the chosen kinds (registrations,
 * check-ins, the summaries before and after the event) to a channel of the organisation's Slack workspace; on/off, delete, the last error.
 */
export function SlackNotificationsPage(props: SlackNotificationsProps) {
  return usePlanAllows(props.organizationId, 'slack') ? (
    <SlackNotifications {...props} />
  ) : (
    <FeatureNotEnabled />
  );
}

function SlackNotifications({ organizationId, eventId, verifiesChannels }: SlackNotificationsProps) {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SlackNotification | null>(null);
  // The channels are asked for only once the connection says Slack is connected (else 409).
  const connection = useSlackConnection(organizationId);
  const channels = useSlackChannels(organizationId, connection.data?.connected === true);
  const notifications = useSlackNotifications(eventId, page);
  if (connection.data?.connected === false) return <NotConnectedAlert />;
  const failure = connection.error ?? channels.error;
  if (failure) {
    // Disconnected between the two reads: the channels' 409 says so.
    if (failure instanceof ApiRequestError && failure.code === 'SLACK_NOT_CONNECTED')
      return <NotConnectedAlert />;
    return (
      <Alert color="red" role="alert">
        <Text size="sm">{failureMessage(failure)}</Text>
      </Alert>
    );
  }
  if (!channels.data)
    return (
      <Center py="md">
        <Loader size="sm" aria-label="Loading Slack channels" />
      </Center>
    );
  const channelList = channels.data.channels;
  return (
    <CardList
      intro="Messages in your Slack channels when someone registers for this event or checks in, and a summary before and after it."
      icon={IconBrandSlack}
      create={{ label: 'New Slack notification', onClick: () => setCreating(true) }}
      list={notifications}
      failure={slackMessages.loadFailed}
      loadingLabel="Loading Slack notifications"
      empty={{
        title: 'No Slack notifications yet',
        message:
          'A Slack notification posts each registration or check-in of this event, or its registrant and attended counts, to a channel of your choice.',
      }}
      pageSize={SLACK_NOTIFICATIONS_PAGE_SIZE}
      page={page}
      onPage={setPage}
      card={(notification) => (
        <NotificationCard
          key={notification.id}
          notification={notification}
          onEdit={() => setEditing(notification)}
        />
      )}
    >
      {(creating || editing) && (
        <NotificationDialog
          organizationId={organizationId}
          eventId={eventId}
          channels={channelList}
          verifiesChannels={verifiesChannels}
          initial={editing}
          onClose={() => {
            setCreating(false);
            setEditing(null);
          }}
        />
      )}
    </CardList>
  );
}

/** Slack is not connected: say so, with the way to connect it. */
function NotConnectedAlert() {
  return (
    <Alert color="yellow" role="alert">
      <Stack gap={4}>
        <Text size="sm">{slackMessages.notConnected}</Text>
        <HrefLink href="/integrations" size="sm">
          Connect Slack on Integrations
        </HrefLink>
      </Stack>
    </Alert>
  );
}

/** A notification's name: its channel, or the owner it tells when it has none. */
const channelLabel = (notification: SlackNotification) =>
  notification.channel_id || !notification.salesforce_owner_type
    ? `#${notification.channel_name || notification.channel_id}`
    : slackSalesforceOwnerTypeLabels[notification.salesforce_owner_type];

function NotificationCard({ notification, onEdit }: { notification: SlackNotification; onEdit: () => void }) {
  const toggle = useUpdateSlackNotification(notification.id);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteSlackNotification(notification.id, () => setDeleting(false));
  const label = channelLabel(notification);
  return (
    <ListCard
      label={label}
      subtitle={ownerSubtitle(notification)}
      active={notification.is_active}
      switchLabel={`Slack notification to ${label} on`}
      onActive={(active) => toggle.mutate({ is_active: active })}
      switching={toggle.isPending}
      actions={
        <>
          <ActionIcon variant="light" aria-label={`Edit the notification to ${label}`} onClick={onEdit}>
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="light"
            color="red"
            aria-label={`Delete the notification to ${label}`}
            onClick={() => setDeleting(true)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </>
      }
      warning={{ title: 'Slack refused the last message', text: notification.last_error }}
      kinds={{
        label: 'Posts',
        items: notification.notification_types.map((kind) => ({
          key: kind,
          label: slackNotificationKindLabels[kind],
        })),
      }}
    >
      {deleting && (
        <ConfirmDialog
          opened
          message={`${label} will receive no more messages of this event.`}
          confirmLabel="Delete"
          confirming={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setDeleting(false)}
        />
      )}
    </ListCard>
  );
}

/** A new notification, or `initial`'s channel and kinds changed. */
function NotificationDialog({
  organizationId,
  eventId,
  channels,
  verifiesChannels,
  initial,
  onClose,
}: {
  organizationId: string;
  eventId: string;
  channels: SlackChannel[];
  verifiesChannels: boolean;
  initial: SlackNotification | null;
  onClose: () => void;
}) {
  const [channelId, setChannelId] = useState<string | null>(initial?.channel_id ?? null);
  const [kinds, setKinds] = useState<SlackNotificationKind[]>(
    initial?.notification_types ?? ['REGISTRATION'],
  );
  const [owner, setOwner] = useState<OwnerChoice>({
    ownerType: initial?.salesforce_owner_type ?? null,
    alsoToChannel: initial?.also_to_channel ?? false,
  });
  const [channelError, setChannelError] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  // 'Slack plus Salesforce' is offered with Salesforce connected and in the plan (or to take it off).
  const ownersOffered =
    useSlackSalesforceOwners(eventId).data?.available === true || Boolean(initial?.salesforce_owner_type);
  const saved = {
    onCreated: onClose,
    onSaved: onClose,
    onFailure: (failure: unknown) => channelFailed(failureMessage(failure)),
  };
  const create = useCreateSlackNotification(saved);
  const update = useUpdateSlackNotification(initial?.id ?? '', saved);
  const title = initial ? 'Edit Slack notification' : 'New Slack notification';
  /** Spec 001 §9: a Slack channel error is toasted for 10000 ms (and said on the field). */
  const channelFailed = (message: string) => {
    setChannelError(message);
    showToast(message, 'error', SLACK_CHANNEL_ERROR_TOAST_MS);
  };
  const save = async () => {
    const problem = slackNotificationRouteProblem({
      channel_id: channelId ?? '',
      salesforce_owner_type: owner.ownerType,
      notification_types: kinds,
    });
    if (problem) return setChannelError(problem.message);
    setChannelError(null);
    const channelChanged = (channelId ?? '') !== (initial?.channel_id ?? '');
    if (channelId && verifiesChannels && channelChanged) {
      setVerifying(true);
      const checked = await validateSlackChannel(organizationId, channelId).catch((failure: unknown) => ({
        is_valid: false,
        message: failureMessage(failure),
      }));
      setVerifying(false);
      if (!checked.is_valid) return channelFailed(checked.message);
    }
    const channel = {
      channel_id: channelId ?? '',
      channel_name: channels.find((one) => one.id === channelId)?.name ?? '',
    };
    const routing = {
      salesforce_owner_type: owner.ownerType,
      also_to_channel: owner.ownerType !== null && Boolean(channelId) && owner.alsoToChannel,
    };
    if (initial)
      update.mutate({
        ...(channelChanged ? channel : {}),
        notification_types: kinds,
        ...(routing.salesforce_owner_type !== initial.salesforce_owner_type && {
          salesforce_owner_type: routing.salesforce_owner_type,
        }),
        ...(routing.also_to_channel !== initial.also_to_channel && {
          also_to_channel: routing.also_to_channel,
        }),
      });
    else
      create.mutate({
        event: eventId,
        ...channel,
        ...(routing.salesforce_owner_type !== null && routing),
        notification_types: kinds,
        is_active: true,
      });
  };
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form
        aria-label={title}
        noValidate
        onSubmit={(submitted) => {
          submitted.preventDefault();
          void save();
        }}
      >
        <Stack>
          {ownersOffered && (
            <SlackOwnerFields value={owner} onChange={setOwner} hasChannel={Boolean(channelId)} />
          )}
          <SelectField
            label="Channel"
            placeholder="Choose a channel"
            required={owner.ownerType === null}
            clearable={owner.ownerType !== null}
            {...(owner.ownerType !== null && {
              description: 'Where the messages no owner is found for go, and the summaries.',
            })}
            options={channels.map((channel) => ({
              value: channel.id,
              label: `#${channel.name}`,
              ...(channel.is_private ? { subLabel: 'Private channel' } : {}),
            }))}
            value={channelId}
            onChange={(value) => {
              setChannelId(value);
              setChannelError(null);
            }}
            error={channelError}
          />
          <Checkbox.Group
            label="Post"
            withAsterisk
            value={kinds}
            onChange={setKinds}
            error={kinds.length === 0 ? 'Choose at least one.' : null}
          >
            <Group mt="xs">
              {SLACK_NOTIFICATION_KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={slackNotificationKindLabels[kind]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={verifying || create.isPending || update.isPending}
              disabled={kinds.length === 0}
            >
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
