import { Checkbox, Code, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  DEFAULT_EMBED_OPTIONS,
  isEmbedWidth,
  onDemandEmbedSnippet,
  publicLinkMessages,
  type OnDemandEmbedOptions,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FeatureNotEnabled } from '../../ui/plan-gate.tsx';
import { CopyIcon } from './copy-to-clipboard.tsx';
import { EmbedPreview } from './embed-preview.tsx';
import { eventLinksQuery } from './public-links-api.ts';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

export const embedBuilderMessages = {
  title: 'On-Demand Embed Builder',
  description:
    'Embed the on-demand player on any website: choose its size, copy the snippet, paste it in the page.',
  width: 'Width',
  widthHint:
    'A percentage of the page (100%) or a fixed width (640px, 40rem). The height follows the 4:2.3 ratio.',
  widthInvalid: 'Enter a width such as 100%, 640px or 40rem.',
  frameTitle: 'Player title (read by screen readers)',
  fullscreen: 'Allow full screen',
  snippet: 'Snippet',
  preview: 'Live preview',
  dummy: 'Open it on a sample page',
} as const;

/**
 * /webinar/{eventId}/on-demand-embed-builder (001 §2.3): the embeddable on-demand player's snippet
 * (002 §2), its options, a copy button and a live preview of the real player on the attendee origin.
 */
export function EmbedBuilderPage({ eventId }: { eventId: string }) {
  const links = useQuery(eventLinksQuery(eventId));
  const [options, setOptions] = useState<OnDemandEmbedOptions>(DEFAULT_EMBED_OPTIONS);
  const widthValid = isEmbedWidth(options.width);
  if (links.isPending) return <Loading label="Loading the embed" />;
  if (links.isError) return <ErrorAlert error={links.error} />;
  const { embed } = links.data;
  if (embed === null)
    return (
      <Stack gap="md">
        <PageHeader title={embedBuilderMessages.title} description={embedBuilderMessages.description} />
        <FeatureNotEnabled />
      </Stack>
    );
  const snippet = onDemandEmbedSnippet(embed, options);
  const dummyHref = `/on-demand-embed-dummy/${encodeURIComponent(eventId)}?width=${encodeURIComponent(options.width)}`;
  return (
    <Stack gap="md">
      <PageHeader title={embedBuilderMessages.title} description={embedBuilderMessages.description} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="sm">
          <TextInput
            label={embedBuilderMessages.width}
            description={embedBuilderMessages.widthHint}
            value={options.width}
            error={widthValid ? undefined : embedBuilderMessages.widthInvalid}
            onChange={(event) => setOptions({ ...options, width: event.currentTarget.value.trim() })}
          />
          <TextInput
            label={embedBuilderMessages.frameTitle}
            value={options.title}
            maxLength={120}
            onChange={(event) => setOptions({ ...options, title: event.currentTarget.value })}
          />
          <Checkbox
            label={embedBuilderMessages.fullscreen}
            checked={options.allowFullscreen}
            onChange={(event) => setOptions({ ...options, allowFullscreen: event.currentTarget.checked })}
          />
          <Group justify="space-between">
            <Title order={2} size="h5">
              {embedBuilderMessages.snippet}
            </Title>
            <CopyIcon value={snippet} label={publicLinkMessages.embed} />
          </Group>
          <Code
            block
            aria-label={embedBuilderMessages.snippet}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {snippet}
          </Code>
          <HrefLink href={dummyHref}>{embedBuilderMessages.dummy}</HrefLink>
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h5">
            {embedBuilderMessages.preview}
          </Title>
          <Text size="xs" c="dimmed">
            {embed}
          </Text>
          <EmbedPreview embedUrl={embed} options={options} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
