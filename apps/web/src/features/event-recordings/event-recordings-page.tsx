import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  displayStatus,
  eventMessages,
  isHlsPlaybackAvailable,
  type StudioEvent,
  type VideoAsset,
} from '@studio/domain';
import { IconPlayerPlay, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { PreviewVideoDialog } from '../../ui/preview-video-dialog.tsx';
import { durationLabel, statusCell } from '../../ui/video-table-rules.ts';
import {
  EVENT_RECORDINGS_PAGE_SIZE,
  useEventRecordingUpdates,
  useEventRecordings,
} from './event-recordings-api.ts';
import { hiddenColumn, ListTable } from '../../ui/list-table.tsx';

const THUMBNAIL_WIDTH = 96;
const THUMBNAIL_HEIGHT = 54;

const playable = (video: VideoAsset) => isHlsPlaybackAvailable({ ...video, hlsUrl: video.urls.hls });

/** The row's picture: a spinner while the recording is processed, its thumbnail once there is one. */
function RecordingThumbnail({ video, inProgress }: { video: VideoAsset; inProgress: boolean }) {
  const thumbnail = video.urls.thumbnail ?? video.thumbnail;
  if (!inProgress && thumbnail)
    return <Image src={thumbnail} alt="" w={THUMBNAIL_WIDTH} h={THUMBNAIL_HEIGHT} radius="sm" fit="cover" />;
  return (
    <Center
      w={THUMBNAIL_WIDTH}
      h={THUMBNAIL_HEIGHT}
      bg="var(--mantine-color-gray-1)"
      style={{ borderRadius: 4 }}
    >
      {inProgress ? <Loader size="xs" /> : <IconVideo size={20} aria-hidden />}
    </Center>
  );
}

const statusColor: Partial<Record<string, string>> = { COMPLETE: 'green', ERROR: 'red' };

/** Processing… until the recording is complete (the domain's display status), then the library's label. */
function RecordingStatus({ video }: { video: VideoAsset }) {
  const status = statusCell(video);
  const badge = (
    <Badge
      variant="light"
      color={status.inProgress ? 'blue' : (statusColor[displayStatus(video)] ?? 'gray')}
      data-testid="recording-status"
    >
      {status.inProgress ? 'Processing…' : status.label}
    </Badge>
  );
  return status.tooltip ? <Tooltip label={status.tooltip}>{badge}</Tooltip> : badge;
}

interface EventRecordingsPageProps {
  event: Pick<StudioEvent, 'id' | 'timezone'>;
  /** The organisation's HLS guard: the player adds its parameters to every request. */
  hlsGuard: boolean;
}

/**
 * The event's Recordings (issue 19): the library videos recorded from its live sessions, newest
 * first, each played in a dialog once processed. Rows follow the library's status pushes.
 */
export function EventRecordingsPage({ event, hlsGuard }: EventRecordingsPageProps) {
  const [page, setPage] = useState(1);
  const [playing, setPlaying] = useState<VideoAsset | null>(null);
  const recordings = useEventRecordings(event.id, page);
  useEventRecordingUpdates(event.id);
  const libraryHref = `/videos?${new URLSearchParams({ source: 'EVENT_RECORDING', event_ids: event.id })}`;

  return (
    <Stack gap={0}>
      <PageHeader
        title="Recordings"
        description="Each live session's recording, kept in the video library."
        actions={<HrefLink href={libraryHref}>Open in the video library</HrefLink>}
      />
      {recordings.isError && !recordings.data ? (
        <Alert color="red" role="alert" title={eventMessages.errorLoadingRecordings}>
          <Button size="xs" variant="light" color="red" onClick={() => void recordings.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <ListStates
          pending={recordings.isPending}
          loadingLabel="Loading recordings"
          empty={recordings.data?.results.length === 0}
          emptyState={
            <EmptyState
              title="No recordings yet"
              message="Live sessions are recorded automatically and appear here when they end."
              icon={<IconVideo size={26} aria-hidden />}
            />
          }
        >
          <ListTable
            label="Recordings"
            minWidth={640}
            verticalSpacing="xs"
            columns={[
              hiddenColumn('Thumbnail', THUMBNAIL_WIDTH + 16),
              'Name',
              'Duration',
              'Status',
              'Created',
            ]}
          >
            {recordings.data?.results.map((video) => {
              const { inProgress } = statusCell(video);
              // A click anywhere on the row plays it; the row's button is the way in for keyboards.
              const play = playable(video) ? () => setPlaying(video) : undefined;
              return (
                <Table.Tr
                  key={video.id}
                  aria-label={video.name}
                  onClick={play}
                  style={play && { cursor: 'pointer' }}
                >
                  <Table.Td>
                    <RecordingThumbnail video={video} inProgress={inProgress} />
                  </Table.Td>
                  <Table.Td>
                    {play ? (
                      <UnstyledButton aria-label={`Play ${video.name}`}>
                        <Group gap={6} wrap="nowrap">
                          <IconPlayerPlay size={16} aria-hidden />
                          <Text size="sm" fw={500}>
                            {video.name}
                          </Text>
                        </Group>
                      </UnstyledButton>
                    ) : (
                      <Text size="sm" fw={500}>
                        {video.name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{durationLabel(video)}</Table.Td>
                  <Table.Td>
                    <RecordingStatus video={video} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(video.created_at, event.timezone)}</Table.Td>
                </Table.Tr>
              );
            })}
          </ListTable>
          <ListPagination
            total={recordings.data?.count ?? 0}
            pageSize={EVENT_RECORDINGS_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </ListStates>
      )}
      {playing?.urls.hls && (
        <PreviewVideoDialog video={playing} guarded={hlsGuard} onClose={() => setPlaying(null)} />
      )}
    </Stack>
  );
}
