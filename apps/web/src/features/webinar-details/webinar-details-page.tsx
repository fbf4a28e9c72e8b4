import { Alert, Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import {
  CONTENT_LAB_DISABLED,
  contentLabSwitchMessages,
  type PostKind,
  transcriptSpeaker,
  type TranscriptItem,
  type VideoAsset,
} from '@studio/domain';
import { ApiRequestError } from '../../api/api-error.ts';
import { IconFileText, IconSparkles, IconVideo } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { EmptyState } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { useStudioRoute } from '../../ui/studio-route.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { durationLabel, statusCell } from '../../ui/video-table-rules.ts';
import { PostEditor } from './post-editor.tsx';
import { useVideoTranscript } from '../../api/video-transcript.ts';
import { useGeneratePosts, usePosts, useWebinarVideos } from './webinar-details-api.ts';
import { Loading } from '../../ui/list-states.tsx';

/** Spec 001 §2.3: the webinar's details pages that show its videos and their drafts. */
type DetailsTab = 'videos' | 'social' | 'email' | 'blog' | 'takeaways' | 'transcript';

/**
 * Where the drafts live: a webinar's details (with its staff, spec 001 §2.3) or a Conference's
 * posts (its staff are under its programme). The workspace's navigation lists their pages.
 */
const PLACES = {
  webinar: {
    base: (eventId: string) => `/webinar/${encodeURIComponent(eventId)}/details`,
    title: 'Details',
  },
  event: {
    base: (eventId: string) => `/events/${encodeURIComponent(eventId)}/posts`,
    title: 'Posts',
  },
} as const;
type DraftsPlace = keyof typeof PLACES;

const KIND_OF_TAB: Partial<Record<DetailsTab, { kind: PostKind; noun: string }>> = {
  social: { kind: 'SOCIAL', noun: 'social posts' },
  email: { kind: 'EMAIL', noun: 'email' },
  blog: { kind: 'BLOG', noun: 'blog article' },
  takeaways: { kind: 'TAKEAWAYS', noun: 'key takeaways' },
};

/** What the drafts tabs (social, email, blog, takeaways) say under their title. */
const DRAFTS_DESCRIPTION =
  "Social posts, an email, a blog article and key takeaways, drafted from a video's transcript and edited by hand.";

/** The tabs that are not drafts say what they show. */
const DESCRIPTIONS: Partial<Record<DetailsTab, string>> = {
  videos:
    "The event's recordings and the library videos it uses. Choose one to draft posts from its transcript.",
  transcript: "The chosen video's transcript, with its times: what its posts are drafted from.",
};

const loading = (label: string) => <Loading label={label} />;

const detailsHref = (place: DraftsPlace, eventId: string, tab: string, videoId: string | undefined) =>
  `${PLACES[place].base(eventId)}/${tab}${videoId ? `?video=${encodeURIComponent(videoId)}` : ''}`;

function VideosTab({
  videos,
  selected,
  onSelect,
}: {
  videos: VideoAsset[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <ListTable
      verticalSpacing="sm"
      label="Videos"
      minWidth={560}
      columns={['Name', 'Duration', 'Status', ACTIONS_COLUMN]}
    >
      {videos.map((video) => (
        <Table.Tr key={video.id} aria-label={video.name}>
          <Table.Td>
            <HrefLink href={`/videos/${encodeURIComponent(video.id)}`}>{video.name}</HrefLink>
          </Table.Td>
          <Table.Td>{durationLabel(video)}</Table.Td>
          <Table.Td>{statusCell(video).label}</Table.Td>
          <Table.Td>
            <Button
              size="xs"
              variant={selected === video.id ? 'filled' : 'light'}
              aria-pressed={selected === video.id}
              onClick={() => onSelect(video.id)}
            >
              Draft from this video
            </Button>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

function TranscriptTab({ items }: { items: TranscriptItem[] }) {
  return (
    <Stack gap="xs" component="ol" aria-label="Transcript" style={{ listStyle: 'none', padding: 0 }}>
      {items.map((item) => (
        <Group
          key={`${item.start_time}-${item.alternatives[0]?.content}`}
          component="li"
          wrap="nowrap"
          align="start"
        >
          <Text c="dimmed" size="sm" w={48}>
            {clock(item.start_time)}
          </Text>
          <Text size="sm">
            {transcriptSpeaker(item) && <strong>{transcriptSpeaker(item)}: </strong>}
            {item.alternatives[0]?.content}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function PostsTab({
  eventId,
  videoId,
  kind,
  noun,
}: {
  eventId: string;
  videoId: string;
  kind: PostKind;
  noun: string;
}) {
  const posts = usePosts(videoId);
  const generate = useGeneratePosts();
  const drafts = (posts.data ?? []).filter((post) => post.kind === kind);
  const generateButton = (
    <Button
      leftSection={<IconSparkles size={16} aria-hidden />}
      loading={generate.isPending}
      onClick={() => generate.mutate({ video_asset: videoId, event: eventId, kinds: [kind] })}
    >
      Generate
    </Button>
  );
  if (posts.isPending) return loading(`Loading the ${noun}`);
  if (posts.error instanceof ApiRequestError && posts.error.code === CONTENT_LAB_DISABLED)
    return (
      <Alert color="blue" title={contentLabSwitchMessages.title}>
        {contentLabSwitchMessages.disabled}
      </Alert>
    );
  if (posts.isError)
    return (
      <Alert color="red" title={`The ${noun} could not be read.`}>
        <Button variant="light" onClick={() => void posts.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  if (drafts.length === 0)
    return (
      <EmptyState
        title={`No ${noun} yet`}
        message="Generate a draft from the video's transcript (its key sentences, speaker quotes and chapters), then edit it by hand."
        action={generateButton}
      />
    );
  return (
    <Stack>
      <Group justify="flex-end">{generateButton}</Group>
      {drafts.map((post) => (
        <PostEditor key={`${post.id}:${post.updated_at}`} post={post} />
      ))}
    </Stack>
  );
}

/** The tab's content for the chosen video: its posts of a kind, or its transcript, or why there are none. */
function VideoContent({ eventId, video, tab }: { eventId: string; video: VideoAsset; tab: DetailsTab }) {
  const transcript = useVideoTranscript(video.id);
  if (transcript.isPending) return loading('Loading the transcript');
  const items = transcript.data?.items ?? [];
  if (items.length === 0)
    return (
      <EmptyState
        title="No transcript yet"
        icon={<IconFileText size={26} aria-hidden />}
        message="Posts, emails, blog articles and takeaways are drafted from the video's transcript. Transcribe the video or upload its captions first."
        action={<HrefLink href={`/videos/${encodeURIComponent(video.id)}`}>Open the video</HrefLink>}
      />
    );
  if (tab === 'transcript')
    return (
      <Stack>
        <Anchor component={HrefLink} href={`/videos/${encodeURIComponent(video.id)}`} size="sm">
          Edit the transcript on the video page
        </Anchor>
        <TranscriptTab items={items} />
      </Stack>
    );
  const { kind, noun } = KIND_OF_TAB[tab]!;
  return <PostsTab eventId={eventId} videoId={video.id} kind={kind} noun={noun} />;
}

/** `/webinar/{id}/details/{tab}` and `/events/{id}/posts/{tab}`: the event's videos and what is written from them. */
function DraftsPage({ place, tab }: { place: DraftsPlace; tab: DetailsTab }) {
  const eventId = useRouteParam('eventId');
  const chosen = useSearchParam('video') ?? undefined;
  const navigate = useNavigate();
  const videos = useWebinarVideos(eventId);
  // The page's own name from the route table ('Transcript' …), as the breadcrumb says it.
  const title = useStudioRoute()?.title ?? PLACES[place].title;
  const list = videos.data?.results ?? [];
  const video = list.find((candidate) => candidate.id === chosen) ?? list[0];
  const go = (nextTab: string, videoId = video?.id) =>
    void navigate({ href: detailsHref(place, eventId, nextTab, videoId) });

  let content;
  if (videos.isPending) content = loading('Loading the videos');
  else if (videos.isError)
    content = (
      <Alert color="red" title="The event's videos could not be read.">
        <Button variant="light" onClick={() => void videos.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (!video)
    content = (
      <EmptyState
        title="No videos yet"
        icon={<IconVideo size={26} aria-hidden />}
        message="The event's recordings and the library videos it uses appear here; its posts are drafted from their transcripts."
      />
    );
  else if (tab === 'videos')
    content = <VideosTab videos={list} selected={video.id} onSelect={(id) => go('social', id)} />;
  else content = <VideoContent key={video.id} eventId={eventId} video={video} tab={tab} />;

  return (
    <Stack>
      <PageHeader
        title={title}
        description={DESCRIPTIONS[tab] ?? DRAFTS_DESCRIPTION}
        actions={
          list.length > 1 && tab !== 'videos' ? (
            <Select
              aria-label="Video"
              data={list.map((item) => ({ value: item.id, label: item.name }))}
              value={video?.id ?? null}
              allowDeselect={false}
              onChange={(id) => id && go(tab, id)}
            />
          ) : undefined
        }
      />
      {video && tab !== 'videos' && (
        <Text size="sm" c="dimmed">
          From <strong>{video.name}</strong>
        </Text>
      )}
      {content}
    </Stack>
  );
}

export const WebinarVideosRoute = () => <DraftsPage place="webinar" tab="videos" />;
export const WebinarSocialRoute = () => <DraftsPage place="webinar" tab="social" />;
export const WebinarEmailRoute = () => <DraftsPage place="webinar" tab="email" />;
export const WebinarBlogRoute = () => <DraftsPage place="webinar" tab="blog" />;
export const WebinarTakeawaysRoute = () => <DraftsPage place="webinar" tab="takeaways" />;
export const WebinarTranscriptRoute = () => <DraftsPage place="webinar" tab="transcript" />;

export const EventPostsVideosRoute = () => <DraftsPage place="event" tab="videos" />;
export const EventPostsSocialRoute = () => <DraftsPage place="event" tab="social" />;
export const EventPostsEmailRoute = () => <DraftsPage place="event" tab="email" />;
export const EventPostsBlogRoute = () => <DraftsPage place="event" tab="blog" />;
export const EventPostsTakeawaysRoute = () => <DraftsPage place="event" tab="takeaways" />;
export const EventPostsTranscriptRoute = () => <DraftsPage place="event" tab="transcript" />;
