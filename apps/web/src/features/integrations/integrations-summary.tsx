import { Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandSlack, IconWebhook } from '@tabler/icons-react';
import { HrefLink } from '../../ui/href-link.tsx';
import { useWebhooks } from './webhooks-api.ts';

/** Spec 002 §3.17's other connectors: not built yet, said so (no connect button that would do nothing). */
const connectorsToCome = ['Salesforce', 'HubSpot', 'Marketo', 'Pardot', 'Eloqua', 'Wistia'];

/** An event's integrations: its webhooks (how many, and the way to them), Slack, and the connectors to come. */
export function IntegrationsSummary({ eventId }: { eventId: string }) {
  const webhooks = useWebhooks(eventId, 1);
  const settings = `/events/${encodeURIComponent(eventId)}/integration/webhooks/settings`;
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
          <HrefLink href={`/events/${encodeURIComponent(eventId)}/integration/slack/settings`} size="sm">
            Manage Slack notifications
          </HrefLink>
        </Stack>
      </Card>
      {connectorsToCome.map((name) => (
        <Card key={name} withBorder radius="md" component="article" aria-label={name}>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {name}
            </Title>
            <Badge variant="light" color="gray">
              Not connected
            </Badge>
            <Text size="sm" c="dimmed">
              This connector is not available in this studio yet.
            </Text>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
