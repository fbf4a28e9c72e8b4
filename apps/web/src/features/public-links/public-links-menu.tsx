import { ActionIcon, Anchor, Button, Code, Group, Popover, Stack, Text } from '@mantine/core';
import {
  hasCheckInDesk,
  onDemandEmbedSnippet,
  publicLinkMessages as messages,
  type AttendeeLinks,
  type HostType,
  workspaceBase,
  type WorkspaceKind,
} from '@studio/domain';
import { IconExternalLink, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../api/api-error.ts';
import { openCheckInDesk } from '../../api/check-in-desk.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { showToast } from '../../ui/toast.ts';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { CopyIcon } from './copy-to-clipboard.tsx';
import { eventLinksQuery, seriesLinksQuery } from './public-links-api.ts';

interface PublicLink {
  label: string;
  url: string;
  /** Opens the page another way than its address (the check-in manager: through the organiser's signed link). */
  open?: () => Promise<void>;
}

/** One public page: its name and address, with copy and open. */
export function LinkRow({ label, url, open }: PublicLink) {
  return (
    <Group gap="xs" wrap="nowrap" justify="space-between" role="group" aria-label={label}>
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {url}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <CopyIcon value={url} label={label} />
        <Anchor
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={
            open &&
            ((click) => {
              click.preventDefault();
              open().catch((error: unknown) => showToast(failureMessage(error), 'error'));
            })
          }
          aria-label={messages.open(label)}
          display="flex"
        >
          <IconExternalLink size={16} aria-hidden />
        </Anchor>
      </Group>
    </Group>
  );
}

/**
 * An event's links in the order of 002 §2; the check-in manager's only where there is a desk. The
 * desk's addresses are copied as they are (staff come in with their magic link); opened from here,
 * they take the organiser in as Registrants › Check-in desk does, through the signed link.
 */
const eventLinks = (eventId: string, links: AttendeeLinks, hostType: HostType | null): PublicLink[] => [
  { label: messages.register, url: links.register },
  { label: messages.onDemand, url: links.on_demand },
  { label: messages.landing, url: links.landing },
  ...(hostType && hasCheckInDesk(hostType)
    ? [
        { label: messages.checkIn, url: links.check_in, open: () => openCheckInDesk(eventId) },
        { label: messages.selfCheckIn, url: links.self_check_in, open: () => openCheckInDesk(eventId, true) },
      ]
    : []),
];

function EmbedRow({ embedUrl, builderHref }: { embedUrl: string; builderHref: string | null }) {
  const snippet = onDemandEmbedSnippet(embedUrl);
  return (
    <Stack gap={4} role="group" aria-label={messages.embed}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {messages.embed}
        </Text>
        <CopyIcon value={snippet} label={messages.embed} />
      </Group>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {snippet}
      </Code>
      {builderHref && <HrefLink href={builderHref}>{messages.embedBuilder}</HrefLink>}
    </Stack>
  );
}

interface PublicLinksMenuProps {
  kind: WorkspaceKind;
  id: string;
  /** The event's host type (events, webinars, recordings); null for series. */
  hostType: HostType | null;
}

/**
 * 002 §2 public link helpers in a workspace's header: the public pages of an event, webinar,
 * series or repeating event, each with a copy button, from one server call.
 */
export function PublicLinksMenu({ kind, id, hostType }: PublicLinksMenuProps) {
  const isSeries = kind === 'series' || kind === 'repeating-event';
  const narrow = useNarrowScreen();
  const event = useQuery({ ...eventLinksQuery(id), enabled: !isSeries });
  const series = useQuery({ ...seriesLinksQuery(id), enabled: isSeries });
  const links = isSeries
    ? series.data && [{ label: messages.register, url: series.data.register }]
    : event.data && eventLinks(id, event.data, hostType);
  if (!links) return null;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal hideDetached={false}>
      <Popover.Target>
        {narrow ? (
          // A phone's header keeps the event's badges on one line: the icon alone, named.
          <ActionIcon variant="default" size="lg" aria-label={messages.heading}>
            <IconLink size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={<IconLink size={16} aria-hidden />}>
            {messages.heading}
          </Button>
        )}
      </Popover.Target>
      {/* As wide as its addresses up to 420px, and never wider than the screen (a phone): an address ends in "…". */}
      <Popover.Dropdown maw="min(420px, calc(100vw - 2rem))">
        <Stack gap="sm">
          {links.map((link) => (
            <LinkRow key={link.label} {...link} />
          ))}
          {event.data?.embed && !isSeries && (
            <EmbedRow
              embedUrl={event.data.embed}
              builderHref={
                kind === 'webinar' ? `${workspaceBase('webinar', id)}/on-demand-embed-builder` : null
              }
            />
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
