import { Loader, SimpleGrid, Text } from '@mantine/core';
import { IconBrandSlack, IconWebhook } from '@tabler/icons-react';
import { ConnectorCard } from '../../ui/connector-card.tsx';
import { eventWebhooks, useWebhooks } from './webhooks-api.ts';

/**
 * An event's webhooks (how many, and the way to them) and Slack; `base` is its workspace's address
 * (/events/{id} or /webinar/{id}). The CRM and marketing connectors have their own cards.
 */
export function IntegrationsSummary({ eventId, base }: { eventId: string; base: string }) {
  const webhooks = useWebhooks(eventWebhooks(eventId), 1);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <ConnectorCard
        label="Webhooks"
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
        href={`${base}/integration/webhooks/settings`}
        linkLabel="Manage webhooks"
      />
      <ConnectorCard
        label="Slack"
        icon={<IconBrandSlack size={20} aria-hidden />}
        state={<Text size="sm">Registrations and check-ins posted to your Slack channels.</Text>}
        href={`${base}/integration/slack/settings`}
        linkLabel="Manage Slack notifications"
      />
    </SimpleGrid>
  );
}
