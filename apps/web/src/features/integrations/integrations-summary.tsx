import { Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandSlack, IconWebhook } from '@tabler/icons-react';
import { HrefLink } from '../../ui/href-link.tsx';
import { useWebhooks } from './webhooks-api.ts';

/**
 * An event's webhooks (how many, and the way to them) and Slack; `base` is its workspace's address
 * (/events/{id} or /webinar/{id}). The CRM and marketing connectors have their own cards.
 */
export function IntegrationsSummary({ eventId, base }: { eventId: string; base: string }) {
  const webhooks = useWebhooks(eventId, 1);
  const settings = `${base}/integration/webhooks/settings`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <Card withBorder radius="md" component="article" aria-label="Webhooks">
        <Stack gap="xs">
          <Group gap="xs">
            <IconWebhook size={20} aria-hidden />
            <Title order={3} size="h5">
              Webhooks
            </Title>
          </Group>
          {webhooks.isPending ? (
            <Loader size="xs" aria-label="Loading webhooks" />
          ) : (
            <Text size="sm">
              {webhooks.isError
                ? 'The webhooks could not be counted.'
                : `${webhooks.data.count} webhook${webhooks.data.count === 1 ? '' : 's'}`}
            </Text>
          )}
          <HrefLink href={settings} size="sm">
            Manage webhooks
          </HrefLink>
        </Stack>
      </Card>
      <Card withBorder radius="md" component="article" aria-label="Slack">
        <Stack gap="xs">
          <Group gap="xs">
            <IconBrandSlack size={20} aria-hidden />
            <Title order={3} size="h5">
              Slack
            </Title>
          </Group>
          <Text size="sm">Registrations and check-ins posted to your Slack channels.</Text>
          <HrefLink href={`${base}/integration/slack/settings`} size="sm">
            Manage Slack notifications
          </HrefLink>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
