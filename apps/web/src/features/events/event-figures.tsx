import { Group, Loader, Stack, Text } from '@mantine/core';
import type { StudioEvent } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { totalRegistrantsQuery } from '../../api/event-registrants.ts';
import { broadcastsQuery } from '../../api/event-sessions.ts';
import { speakersQuery } from '../../api/event-speakers.ts';
import { HrefLink } from '../../ui/href-link.tsx';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A figure of the dashboard: loading, unreadable, none yet, or the count. */
function Figure({
  query,
  none,
  text,
}: {
  query: { isPending: boolean; isError: boolean };
  none: boolean;
  text: string;
}) {
  if (query.isPending) return <Loader size="xs" aria-label="Loading" />;
  if (query.isError) return <Text c="dimmed">Could not be read.</Text>;
  return <Text c={none ? 'dimmed' : undefined}>{text}</Text>;
}

export function SessionsFigure({ eventId }: { eventId: string }) {
  const sessions = useQuery(broadcastsQuery(eventId));
  const count = sessions.data?.length ?? 0;
  return (
    <Figure
      query={sessions}
      none={count === 0}
      text={count === 0 ? 'No sessions yet.' : plural(count, 'session', 'sessions')}
    />
  );
}

export function SpeakersFigure({ eventId }: { eventId: string }) {
  const speakers = useQuery(speakersQuery(eventId, { page: 1, companies: [] }));
  const count = speakers.data?.count ?? 0;
  return (
    <Figure
      query={speakers}
      none={count === 0}
      text={count === 0 ? 'No speakers yet.' : plural(count, 'speaker', 'speakers')}
    />
  );
}

export function RegistrantsFigure({ eventId }: { eventId: string }) {
  const totals = useQuery(totalRegistrantsQuery(eventId));
  const count = totals.data?.count ?? 0;
  const waitlisted = totals.data?.by_status.WAITLISTED ?? 0;
  const text =
    count === 0
      ? 'No registrants yet.'
      : `${plural(count, 'registrant', 'registrants')}${waitlisted > 0 ? `, ${waitlisted} waitlisted` : ''}`;
  return <Figure query={totals} none={count === 0} text={text} />;
}

/** The library videos the event plays: its buffer video and its sessions' videos; and its filler slide. */
export function VideosInUse({ event }: { event: StudioEvent }) {
  const sessions = useQuery(broadcastsQuery(event.id));
  if (sessions.isPending) return <Loader size="xs" aria-label="Loading videos" />;
  const sessionVideos = new Map(
    (sessions.data ?? []).flatMap((session) =>
      session.video_assets.map((video) => [video.id, video.title] as const),
    ),
  );
  const buffer = event.stage_roll_video_asset;
  const count = new Set([...sessionVideos.keys(), ...(buffer ? [buffer] : [])]).size;
  if (count === 0 && !event.filler_slide) return <Text c="dimmed">No videos in use yet.</Text>;
  return (
    <Stack gap={4}>
      <Text>{plural(count, 'video', 'videos')} in use</Text>
      {buffer && (
        <Group gap={6}>
          <Text size="sm">Buffer video:</Text>
          <HrefLink href={`/videos/${encodeURIComponent(buffer)}`}>
            {sessionVideos.get(buffer) ?? 'Open it'}
          </HrefLink>
        </Group>
      )}
      {[...sessionVideos].slice(0, 5).map(([id, title]) => (
        <HrefLink key={id} href={`/videos/${encodeURIComponent(id)}`}>
          {title}
        </HrefLink>
      ))}
      {event.filler_slide && <Text size="sm">A filler slide is chosen.</Text>}
    </Stack>
  );
}
