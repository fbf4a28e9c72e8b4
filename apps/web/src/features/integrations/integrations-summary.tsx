import { Loader, SimpleGrid, Text } from '@mantine/core';
import { connectorLabels, type WebhookOwner } from '@studio/domain';
import { IconBrandSlack, IconWebhook } from '@tabler/icons-react';
import { ConnectorCard } from '../../ui/connector-card.tsx';
import { useWebhooks } from './webhooks-api.ts';

/**
 * The webhooks of an event, series or template (how many, and the way to them) and, for an event,
 * Slack; `base` is its workspace's address (/events/{id}, /webinar/{id}, /templates/{id},
 * /series/{id} …). The CRM and marketing connectors have their own cards.
 */
export function IntegrationsSummary({ owner, base }: { owner: WebhookOwner; base: string }) {
  const webhooks = useWebhooks(owner, 1);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <ConnectorCard
        label={connectorLabels.webhooks}
        icon={<IconWebhook size={20} aria-hidden />}
        state={
          webhooks.isPending ? (
            <Loader size="xs" aria-label="Loading webhooks" />
          ) : (
            <Text size="sm">
              {webhooks.isError
                ? 'The webhooks could not be counted.'
                : `${webhooks.data.count} webhook${webhooks.data.count === 1 ? '' : 's'}`}
            </Text>
          )
        }
        href={`${base}/integration/webhooks`}
        linkLabel="Manage webhooks"
      />
      {owner.event && (
        <ConnectorCard
          label={connectorLabels.slack}
          icon={<IconBrandSlack size={20} aria-hidden />}
          state={<Text size="sm">Registrations and check-ins posted to your Slack channels.</Text>}
          href={`${base}/integration/slack/settings`}
          linkLabel="Manage Slack notifications"
        />
      )}
    </SimpleGrid>
  );
}
