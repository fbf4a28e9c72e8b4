import { Checkbox, Stack } from '@mantine/core';
import {
  SLACK_SALESFORCE_OWNER_TYPES,
  slackSalesforceOwnerTypeLabels,
  type SlackNotification,
  type SlackSalesforceOwnerType,
} from '@studio/domain';
import { SelectField } from '../../ui/select-field.tsx';

/** The owner a notification tells, and whether its channel gets every message too. */
export interface OwnerChoice {
  ownerType: SlackSalesforceOwnerType | null;
  alsoToChannel: boolean;
}

/**
 * 'Slack plus Salesforce' in a notification's form: 'Notify the Salesforce owner' (a direct
 * message to the registrant's owner of the chosen type) and whether the channel gets every message
 * too; without it the channel gets only those no owner was found for.
 */
export function SlackOwnerFields({
  value,
  onChange,
  hasChannel,
}: {
  value: OwnerChoice;
  onChange: (value: OwnerChoice) => void;
  hasChannel: boolean;
}) {
  const { ownerType, alsoToChannel } = value;
  return (
    <Stack gap="xs">
      <Checkbox
        label="Notify the Salesforce owner"
        description="A direct message in Slack to the registrant's owner in Salesforce, found by email."
        checked={ownerType !== null}
        onChange={(changed) =>
          onChange({
            ownerType: changed.currentTarget.checked ? SLACK_SALESFORCE_OWNER_TYPES[0] : null,
            alsoToChannel,
          })
        }
      />
      {ownerType !== null && (
        <>
          <SelectField
            label="Owner"
            required
            searchable={false}
            allowDeselect={false}
            options={SLACK_SALESFORCE_OWNER_TYPES.map((type) => ({
              value: type,
              label: slackSalesforceOwnerTypeLabels[type],
            }))}
            value={ownerType}
            onChange={(type) =>
              type && onChange({ ownerType: type as SlackSalesforceOwnerType, alsoToChannel })
            }
          />
          <Checkbox
            label="Also post every message to the channel"
            description={
              hasChannel
                ? 'Otherwise the channel gets only the messages no owner was found for.'
                : 'Choose a channel first.'
            }
            disabled={!hasChannel}
            checked={alsoToChannel && hasChannel}
            onChange={(changed) => onChange({ ownerType, alsoToChannel: changed.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

/** Who a notification tells, as its card says it (null: its channel only). */
export function ownerSubtitle(notification: SlackNotification): string | null {
  if (!notification.salesforce_owner_type) return null;
  const owner = slackSalesforceOwnerTypeLabels[notification.salesforce_owner_type].toLowerCase();
  const channel = `#${notification.channel_name || notification.channel_id}`;
  if (!notification.channel_id) return `Direct message to the ${owner}`;
  return notification.also_to_channel
    ? `Direct message to the ${owner}, and every message to ${channel}`
    : `Direct message to the ${owner}; ${channel} when none is found`;
}
