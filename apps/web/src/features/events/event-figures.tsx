import { Group, Loader, Stack, Text } from '@mantine/core';
import type { EventSummary } from '@studio/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { HrefLink } from '../../ui/href-link.tsx';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The event's summary as the dashboard's figures read it (GET /api/event/{id}/summary/, one call). */
type Summary = Pick<UseQueryResult<EventSummary>, 'data' | 'isPending' | 'isError'>;

/** A figure of the dashboard: loading, unreadable, none yet, or the text the summary gives. */
function Figure({ summary, figure }: { summary: Summary; figure: (data: EventSummary) => string }) {
  if (summary.isPending) return <Loader size="xs" aria-label="Loading" />;
  if (summary.isError || !summary.data) return <Text c="dimmed">Could not be read.</Text>;
  return <Text>{figure(summary.data)}</Text>;
}

function NoneYet({ children }: { children: string }) {
  return <Text c="dimmed">{children}</Text>;
}

export function SessionsFigure({ summary }: { summary: Summary }) {
  if (summary.data?.sessions === 0) return <NoneYet>No sessions yet.</NoneYet>;
  return <Figure summary={summary} figure={({ sessions }) => plural(sessions, 'session', 'sessions')} />;
}

export function SpeakersFigure({ summary }: { summary: Summary }) {
  if (summary.data?.speakers.count === 0) return <NoneYet>No speakers yet.</NoneYet>;
  return (
    <Figure
      summary={summary}
      figure={({ speakers: { count, invited } }) =>
        [
          plural(count, 'speaker', 'speakers'),
          `${invited} invited`,
          ...(count > invited ? [`${count - invited} not invited yet`] : []),
        ].join(', ')
      }
    />
  );
}

export function RegistrantsFigure({ summary }: { summary: Summary }) {
  const registrants = summary.data?.registrants;
  if (registrants && registrants.registered + registrants.waitlisted === 0)
    return <NoneYet>No registrants yet.</NoneYet>;
  return (
    <Figure
      summary={summary}
      figure={({ registrants: { registered, waitlisted, checked_in, capacity } }) =>
        [
          capacity === null
            ? plural(registered, 'registrant', 'registrants')
            : `${registered} of ${plural(capacity, 'seat', 'seats')} taken`,
          ...(waitlisted > 0 ? [`${waitlisted} waitlisted`] : []),
          ...(checked_in > 0 ? [`${checked_in} checked in`] : []),
        ].join(', ')
      }
    />
  );
}

/** 002 §4.3: an input is receiving when a feed is on; a degraded live session plays its filler. */
const feedText = ({ feeds }: EventSummary['live_inputs'][number]) =>
  feeds.error
    ? `Refused: ${feeds.error}`
    : feeds.primary
      ? feeds.failover
        ? 'Receiving (primary and backup feeds)'
        : 'Receiving (primary feed)'
      : feeds.failover
        ? 'Receiving (backup feed only)'
        : feeds.degraded
          ? 'No feed: the filler plays'
          : 'No feed';

export function LiveInputsFigure({ summary }: { summary: Summary }) {
  if (summary.data?.live_inputs.length === 0) return <NoneYet>No live inputs.</NoneYet>;
  if (!summary.data) return <Figure summary={summary} figure={() => ''} />;
  return (
    <Stack gap={4}>
      {summary.data.live_inputs.map((input) => (
        <Group key={input.id} gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {input.name}
          </Text>
          <Text size="sm" c={input.feeds.primary || input.feeds.failover ? 'green' : 'dimmed'}>
            {feedText(input)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function EmailsFigure({ summary }: { summary: Summary }) {
  return (
    <Figure
      summary={summary}
      figure={({ emails: { scheduled, sent, failed } }) =>
        [`${scheduled} scheduled`, `${sent} sent`, ...(failed > 0 ? [`${failed} failed`] : [])].join(', ')
      }
    />
  );
}

/**
 * The library videos the event plays: its buffer video (a recording's: its video, `bufferLabel`)
 * and its sessions' videos; and its filler slide.
 */
export function VideosInUse({
  summary,
  bufferLabel = 'Buffer video',
}: {
  summary: Summary;
  bufferLabel?: string;
}) {
  if (summary.isPending) return <Loader size="xs" aria-label="Loading videos" />;
  if (summary.isError || !summary.data) return <Text c="dimmed">Could not be read.</Text>;
  const { videos, filler_slide: fillerSlide } = summary.data;
  if (videos.length === 0 && !fillerSlide) return <NoneYet>No videos in use yet.</NoneYet>;
  const buffer = videos.find((video) => video.buffer);
  const sessionVideos = videos.filter((video) => !video.buffer);
  return (
    <Stack gap={4}>
      <Text>{plural(videos.length, 'video', 'videos')} in use</Text>
      {buffer && (
        <Group gap={6}>
          <Text size="sm">{bufferLabel}:</Text>
          <HrefLink href={`/videos/${encodeURIComponent(buffer.id)}`}>{buffer.title}</HrefLink>
        </Group>
      )}
      {sessionVideos.slice(0, 5).map((video) => (
        <HrefLink key={video.id} href={`/videos/${encodeURIComponent(video.id)}`}>
          {video.title}
        </HrefLink>
      ))}
      {fillerSlide && <Text size="sm">A filler slide is chosen.</Text>}
    </Stack>
  );
}
