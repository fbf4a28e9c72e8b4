import {
  draftPosts,
  postBodyError,
  postMessages,
  sharedPostPath,
  type CreatePostRequest,
  type Post,
  type PostKind,
  type SocialNetwork,
  type UpdatePostRequest,
} from '@studio/domain';
import { isUuid } from '../../platform/db/uuid.ts';
import type { Caller } from '../../platform/http/caller.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { timestampsOf } from '../../platform/http/answers.ts';
import type { TranscriptsService } from '../video-library/transcripts.service.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import type { PostRow, PostsRepository } from './posts.repository.ts';

export interface PostsDeps {
  posts: PostsRepository;
  library: Pick<VideoLibraryService, 'get'>;
  transcripts: Pick<TranscriptsService, 'get'>;
  /** 404 unless the caller may read the event (the webinar a post is drafted for). */
  visibleEvent: (caller: Caller, eventId: string) => Promise<unknown>;
  /** The attendee origin of the organisation (its verified default domain, or EVENTS_PUBLIC_URL). */
  attendeeBaseUrl: (organizationId: string) => Promise<string>;
  clock: () => Date;
}

/** A published post, as its public page shows it. */
export interface SharedPost {
  id: string;
  organizationId: string;
  kind: PostKind;
  title: string;
  body: string;
  url: string;
}

/** Posts drafted from a video's transcript, edited by hand, shared on the attendee origin (issue 37 item 4). */
export function createPostsService(deps: PostsDeps) {
  const { posts } = deps;

  async function toPost(row: PostRow): Promise<Post> {
    const base = await deps.attendeeBaseUrl(row.organization_id);
    return {
      id: row.id,
      kind: row.kind as PostKind,
      network: row.network as SocialNetwork | null,
      title: row.title,
      body: row.body,
      video_asset: row.video_asset_id,
      event: row.event_id,
      shared: row.shared_at !== null,
      share_url: row.shared_at ? `${base}${sharedPostPath(row.id)}` : null,
      ...timestampsOf(row),
    };
  }

  /** The video (404 when another organisation's) and, when named, the event (404 when not visible). */
  async function source(caller: OrganizationCaller, videoId: string, eventId: string | null) {
    const video = await deps.library.get(caller, videoId);
    if (eventId !== null) await deps.visibleEvent(caller, eventId);
    return video;
  }

  async function owned(caller: OrganizationCaller, id: string): Promise<PostRow> {
    const row = await posts.find(caller.organizationId, id);
    if (!row) throw notFound();
    // Its video's visibility decides (a team admin sees only their teams' videos).
    await deps.library.get(caller, row.video_asset_id);
    return row;
  }

  return {
    async list(
      caller: OrganizationCaller,
      filter: { video_asset: string; event?: string | undefined; kind?: PostKind | undefined },
    ): Promise<Post[]> {
      await deps.library.get(caller, filter.video_asset);
      if (filter.event) await deps.visibleEvent(caller, filter.event);
      return Promise.all((await posts.list(caller.organizationId, filter)).map(toPost));
    },

    async get(caller: OrganizationCaller, id: string): Promise<Post> {
      return toPost(await owned(caller, id));
    },

    /** New drafts of the kinds asked for, from the video's transcript, chapters and name. */
    async generate(
      caller: OrganizationCaller,
      request: { video_asset: string; event: string | null; kinds: PostKind[] },
    ): Promise<Post[]> {
      const video = await source(caller, request.video_asset, request.event);
      const { items } = await deps.transcripts.get(caller, video.id);
      if (items.length === 0) throw new HttpError(409, 'TRANSCRIPT_NOT_AVAILABLE', postMessages.noTranscript);
      const drafts = draftPosts(
        { title: video.name, items, chapters: video.metadata.chapters },
        request.kinds,
      );
      if (drafts.length === 0) throw new HttpError(422, 'NOTHING_TO_DRAFT', postMessages.nothingToDraft);
      const rows = await posts.insert(
        drafts.map((draft) => ({
          ...draft,
          organization_id: caller.organizationId,
          video_asset_id: video.id,
          event_id: request.event,
        })),
      );
      return Promise.all(rows.map(toPost));
    },

    async create(caller: OrganizationCaller, request: Required<CreatePostRequest>): Promise<Post> {
      const video = await source(caller, request.video_asset, request.event);
      const [row] = await posts.insert([
        {
          organization_id: caller.organizationId,
          video_asset_id: video.id,
          event_id: request.event,
          kind: request.kind,
          network: request.network,
          title: request.title,
          body: request.body,
        },
      ]);
      return toPost(row!);
    },

    async update(caller: OrganizationCaller, id: string, changes: UpdatePostRequest): Promise<Post> {
      const row = await owned(caller, id);
      if (changes.body !== undefined) {
        const error = postBodyError(row.kind as PostKind, row.network as SocialNetwork | null, changes.body);
        if (error) throw fieldError('body', error);
      }
      const sharedAt =
        changes.shared === undefined
          ? {}
          : { shared_at: changes.shared ? (row.shared_at ?? deps.clock()) : null };
      const updated = await posts.update(caller.organizationId, id, {
        ...(changes.title === undefined ? {} : { title: changes.title }),
        ...(changes.body === undefined ? {} : { body: changes.body }),
        ...sharedAt,
      });
      if (!updated) throw notFound();
      return toPost(updated);
    },

    async remove(caller: OrganizationCaller, id: string): Promise<void> {
      await owned(caller, id);
      await posts.remove(caller.organizationId, id);
    },

    /** The public page's post: only while shared; undefined otherwise (revoked, deleted, unknown). */
    async shared(id: string): Promise<SharedPost | undefined> {
      const row = isUuid(id) ? await posts.findShared(id) : undefined;
      if (!row) return undefined;
      const base = await deps.attendeeBaseUrl(row.organization_id);
      return {
        id: row.id,
        organizationId: row.organization_id,
        kind: row.kind as PostKind,
        title: row.title,
        body: row.body,
        url: `${base}${sharedPostPath(row.id)}`,
      };
    },
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
