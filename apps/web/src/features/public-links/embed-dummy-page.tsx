import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_EMBED_OPTIONS } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { EmbedPreview } from './embed-preview.tsx';
import { publicEmbedQuery } from './public-links-api.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';

export const embedDummyMessages = {
  title: 'Your website',
  lead: 'This sample page shows the on-demand player as a visitor of your site would see it.',
  after: 'Text around the player flows as it would on your page.',
} as const;

/**
 * /on-demand-embed-dummy/{eventId} (001 §2.1): a sample visitor's page holding the embed snippet,
 * public like the embed itself; `?width=` as chosen in the builder.
 */
export function EmbedDummyPage({ eventId, width }: { eventId: string; width: string | undefined }) {
  const embed = useQuery(publicEmbedQuery(eventId));
  return (
    <Container size="md" py="xl">
      <Stack gap="md">
        <Title order={1}>{embedDummyMessages.title}</Title>
        <Text>{embedDummyMessages.lead}</Text>
        {embed.isPending && <Loader aria-label="Loading the player" />}
        <ErrorAlert error={embed.error} />
        {embed.data && (
          <EmbedPreview
            embedUrl={embed.data.embed}
            options={{ ...DEFAULT_EMBED_OPTIONS, width: width ?? DEFAULT_EMBED_OPTIONS.width }}
          />
        )}
        <Text c="dimmed">{embedDummyMessages.after}</Text>
      </Stack>
    </Container>
  );
}
