import { Badge, Card, Group, List, Progress, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  eventHref,
  GETTING_STARTED_STEPS,
  STATUS_LABELS,
  type DisplayStatus,
  type GettingStarted,
  type Home,
  type HomeEvent,
  type HomeVideo,
} from '@studio/domain';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../ui/formats.ts';
import { EventStatusBadge } from '../../ui/event-status-badge.tsx';
import { HrefLink } from '../../ui/href-link.tsx';

function HomeCard({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" role="region" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

function EventRows({ events, empty }: { events: HomeEvent[]; empty: string }) {
  if (events.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm">
      {events.map((event) => (
        <Group key={event.id} justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <HrefLink href={eventHref(event)}>{event.title}</HrefLink>
            <Text size="sm" c="dimmed">
              {event.event_type} · {formatDateTime(event.start_time, event.timezone)}
            </Text>
          </Stack>
          <EventStatusBadge status={event.status} />
        </Group>
      ))}
    </Stack>
  );
}

export function LiveEventsCard({ events }: { events: HomeEvent[] }) {
  return (
    <HomeCard title="Live now">
      <EventRows events={events} empty="No event is live right now." />
    </HomeCard>
  );
}

export function UpcomingEventsCard({ events }: { events: HomeEvent[] }) {
  return (
    <HomeCard title="Upcoming events" action={<HrefLink href="/events">All events</HrefLink>}>
      <EventRows events={events} empty="No upcoming events." />
    </HomeCard>
  );
}

const statusLabel = (status: string) => STATUS_LABELS[status as DisplayStatus] ?? status;

export function RecentVideosCard({ videos }: { videos: HomeVideo[] }) {
  return (
    <HomeCard title="Recently added videos" action={<HrefLink href="/videos">Video Library</HrefLink>}>
      {videos.length === 0 ? (
        <Text c="dimmed">No videos yet.</Text>
      ) : (
        <Stack gap="sm">
          {videos.map((video) => (
            <Group key={video.id} justify="space-between" wrap="nowrap">
              <HrefLink href={`/videos/${encodeURIComponent(video.id)}`}>{video.name}</HrefLink>
              <Badge
                variant="light"
                color={video.status === 'COMPLETE' ? 'teal' : 'yellow'}
                miw="max-content"
              >
                {statusLabel(video.status)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </HomeCard>
  );
}

const countLabels: [keyof Home['counts'], string][] = [
  ['upcoming_events', 'Upcoming events'],
  ['videos', 'Videos'],
  ['members', 'Members'],
  ['teams', 'Teams'],
];

export function CountsRow({ counts }: { counts: Home['counts'] }) {
  const shown = countLabels.filter(([key]) => counts[key] !== null);
  return (
    <SimpleGrid cols={{ base: 2, md: shown.length }} spacing="md">
      {shown.map(([key, label]) => (
        <Card key={key} withBorder radius="md" padding="md" role="group" aria-label={label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {label}
          </Text>
          <Text fz={28} fw={700}>
            {counts[key]}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const stepLinks: Record<keyof GettingStarted, string> = {
  first_event: '/events',
  first_video: '/videos',
  teammate: '/settings-new/users',
  branding: '/events',
};

export function GettingStartedCard({
  steps,
  offered = GETTING_STARTED_STEPS,
}: {
  steps: GettingStarted;
  /** The steps the member may take (the others' pages would refuse them); every step unless told. */
  offered?: typeof GETTING_STARTED_STEPS;
}) {
  const done = offered.filter((step) => steps[step.key]).length;
  return (
    <HomeCard title="Getting started">
      <Progress value={(done / offered.length) * 100} mb="sm" aria-label="Steps done" />
      <Text size="sm" c="dimmed" mb="sm">
        {done} of {offered.length} done
      </Text>
      <List spacing="xs" listStyleType="none" aria-label="Getting started steps">
        {offered.map((step) => (
          <List.Item
            key={step.key}
            data-done={steps[step.key]}
            icon={
              <ThemeIcon size={20} radius="xl" variant="light" color={steps[step.key] ? 'teal' : 'gray'}>
                {steps[step.key] ? (
                  <IconCircleCheck size={14} aria-label="Done" />
                ) : (
                  <IconCircleDashed size={14} aria-label="To do" />
                )}
              </ThemeIcon>
            }
          >
            {steps[step.key] ? step.label : <HrefLink href={stepLinks[step.key]}>{step.label}</HrefLink>}
          </List.Item>
        ))}
      </List>
    </HomeCard>
  );
}
