import {
  defaultPage,
  PAGE_MAX_BYTES,
  pageDocumentSchema,
  pageMessages,
  renderPageHtml,
  STAGE_ROLL_VIDEO_ERRORS,
  videoIdsOf,
  type PageContext,
  type PageDocument,
  type PageHookTarget,
  type PageHtmlSanitizer,
  type PageKind,
  type PageOwnerType,
  type PageVideo,
  type StoredPage,
  richTextAsPlainText,
  sharedByRepeatingEvent,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { EventCopyStep } from '../back-office/event-copy.ts';
import type { PlaybackReader, VideoPlayback } from '../video-library/video-library.service.ts';
import type { PageOwnerKey, PagesRepository } from './pages.repository.ts';
import type { RecordingCandidate } from './page-content.ts';
import { createPageVideoUsage } from './video-usage.ts';

/** An owner of pages as the pages area sees it: its organisation, its event type and what its blocks show. */
export interface PageOwner {
  organizationId: string;
  eventType: string | null;
  context: PageContext['owner'];
  /** An occurrence's repeating event (series id), whose saved pages of some kinds it shows instead of its own. */
  repeatingEventId?: string | null;
}

/** The back office's owners (events, series, templates, hub pages), read through their services. */
export interface PageOwners {
  /** The owner when the caller may act on it with the permission; 404 otherwise. */
  ownerOf(
    caller: Caller,
    ownerType: PageOwnerType,
    id: string,
    permission: 'event:read' | 'event:update',
  ): Promise<PageOwner>;
  /** For the attendee site (no caller): undefined when the owner is not public. */
  publicOwnerOf(ownerType: PageOwnerType, id: string): Promise<PageOwner | undefined>;
}

/** What the blocks show besides the owner (agenda, speakers, booths, events), read from their areas. */
export type PageContent = (
  ownerType: PageOwnerType,
  id: string,
  owner: PageOwner,
  kind: PageKind,
) => Promise<
  Pick<PageContext, 'agenda' | 'speakers' | 'booths' | 'events' | 'registerUrl' | 'replayUrl'> & {
    /** On-demand pages and an ended event's others: the library videos that may be its recording, best first. */
    recordingCandidates: RecordingCandidate[];
  }
>;

export interface PagesDeps {
  pages: PagesRepository;
  owners: PageOwners;
  content: PageContent;
  /** The video library: a video's HLS address when it is the organisation's (absent otherwise). */
  videos: PlaybackReader<Omit<VideoPlayback, 'duration'>>;
  sanitize: PageHtmlSanitizer;
}

/** A page as the attendee site serves it: its `<head>` facts and its body. */
export interface RenderedPage {
  title: string;
  description: string;
  image: string | null;
  html: string;
  /** The page's first video (its first Video block's, else the recording): the embed shows just it. */
  player: PageVideo | null;
}

const keyOf = (owner: PageOwner, ownerType: PageOwnerType, ownerId: string): PageOwnerKey => ({
  organizationId: owner.organizationId,
  ownerType,
  ownerId,
});

/** The video the page's first Video block plays, if it has one that plays. */
function firstVideoOf(page: PageDocument, context: PageContext): PageVideo | null | undefined {
  const block = page.content.find((candidate) => candidate.type === 'Video');
  if (block?.type !== 'Video') return undefined;
  return block.props.videoId ? context.videos[block.props.videoId] : context.recording;
}

/**
 * Built pages (issue 17 §1): an owner's page JSON per kind, or its default before anyone saved one;
 * the attendee site's rendering of it. Organisers' HTML is cleaned by the one sanitiser.
 */
export function createPagesService(deps: PagesDeps) {
  const { pages, owners } = deps;

  /** The stored page, re-read through the block schemas (a block retired since renders nothing). */
  async function pageOf(owner: PageOwner, ownerType: PageOwnerType, id: string, kind: PageKind) {
    const stored = await pages.find(keyOf(owner, ownerType, id), kind);
    const parsed = stored && pageDocumentSchema.safeParse(stored.builder_raw_json);
    return {
      page: parsed?.success ? parsed.data : defaultPage(ownerType, kind, owner.eventType),
      stored,
    };
  }

  /**
   * The page an occurrence shows instead of its own (`sharedByRepeatingEvent`): its repeating
   * event's of that kind, once saved; undefined for other owners and kinds, or while none is saved.
   */
  async function repeatingEventPage(
    owner: PageOwner,
    ownerType: PageOwnerType,
    kind: PageKind,
  ): Promise<PageDocument | undefined> {
    if (ownerType !== 'event' || !owner.repeatingEventId || !sharedByRepeatingEvent(kind)) return undefined;
    const key = {
      organizationId: owner.organizationId,
      ownerType: 'series' as const,
      ownerId: owner.repeatingEventId,
    };
    const stored = await pages.find(key, kind);
    const parsed = stored && pageDocumentSchema.safeParse(stored.builder_raw_json);
    return parsed?.success ? parsed.data : undefined;
  }

  /** The page attendees get: the repeating event's an occurrence shows, else the owner's own (or its default). */
  async function attendeePageOf(
    owner: PageOwner,
    ownerType: PageOwnerType,
    id: string,
    kind: PageKind,
  ): Promise<PageDocument> {
    return (
      (await repeatingEventPage(owner, ownerType, kind)) ?? (await pageOf(owner, ownerType, id, kind)).page
    );
  }

  /** These library videos of the organisation that play (HLS ready), as pages show them. */
  async function playable(organizationId: string, ids: string[]): Promise<Map<string, PageVideo>> {
    const found = new Map<string, PageVideo>();
    if (!ids.length) return found;
    for (const [videoId, video] of await deps.videos.playbackOf(organizationId, ids))
      if (video.hls_url)
        found.set(videoId, {
          hlsUrl: video.hls_url,
          thumbnailUrl: video.thumbnail_url,
          captionsUrl: video.captions_url,
          chapters: video.chapters,
        });
    return found;
  }

  /** What the page's blocks show: the owner, what its areas hold, its videos and its recording. */
  async function contextOf(
    owner: PageOwner,
    ownerType: PageOwnerType,
    id: string,
    kind: PageKind,
    page: PageDocument,
  ): Promise<PageContext> {
    const { recordingCandidates, replayUrl, ...content } = await deps.content(ownerType, id, owner, kind);
    const videoIds = videoIdsOf(page);
    const candidateIds = recordingCandidates.map((candidate) => candidate.videoId);
    const playback = await playable(owner.organizationId, [...videoIds, ...candidateIds]);
    const played = recordingCandidates.find((candidate) => playback.has(candidate.videoId));
    const recording = played ? { ...playback.get(played.videoId)!, sessionId: played.sessionId } : null;
    return {
      owner: owner.context,
      ...content,
      // The replay is offered only when it plays.
      replayUrl: recording ? replayUrl : null,
      videos: Object.fromEntries(
        videoIds.flatMap((videoId) => {
          const video = playback.get(videoId);
          return video ? [[videoId, video] as const] : [];
        }),
      ),
      recording,
    };
  }

  /**
   * What every save checks beyond the block schemas: the page's size (a page PUT's body limit, for
   * pages that come inside another request) and that its videos are the organisation's.
   */
  async function checkPage(organizationId: string, page: PageDocument): Promise<void> {
    if (Buffer.byteLength(JSON.stringify(page)) > PAGE_MAX_BYTES)
      throw fieldError('builder_raw_json', pageMessages.pageTooLarge);
    const videoIds = videoIdsOf(page);
    if (!videoIds.length) return;
    const known = await deps.videos.playbackOf(organizationId, videoIds);
    if (videoIds.some((videoId) => !known.has(videoId)))
      throw fieldError(
        'builder_raw_json',
        STAGE_ROLL_VIDEO_ERRORS.VIDEO_DOESNOT_BELONG_TO_ORGANIZATION,
        'VIDEO_DOESNOT_BELONG_TO_ORGANIZATION',
      );
  }

  /** Every page of one owner onto another (duplication, templates, repeating events' occurrences). */
  async function copyPages(
    from: Pick<PageOwnerKey, 'ownerType' | 'ownerId'>,
    to: Pick<PageOwnerKey, 'ownerType' | 'ownerId'>,
    tx: Executor,
  ): Promise<void> {
    for (const page of await pages.ofOwner(from.ownerType, from.ownerId, tx))
      await pages.save(
        { organizationId: page.organization_id, ...to },
        page.kind,
        page.builder_raw_json,
        null,
        tx,
      );
  }

  return {
    /** The owner of pages the caller may edit (the route's guard loads it before reading the body). */
    editableOwner: (caller: Caller, ownerType: PageOwnerType, id: string): Promise<PageOwner> =>
      owners.ownerOf(caller, ownerType, id, 'event:update'),

    async get(caller: Caller, ownerType: PageOwnerType, id: string, kind: PageKind): Promise<StoredPage> {
      const owner = await owners.ownerOf(caller, ownerType, id, 'event:read');
      const [{ page, stored }, shown] = await Promise.all([
        pageOf(owner, ownerType, id, kind),
        repeatingEventPage(owner, ownerType, kind),
      ]);
      return {
        kind,
        builder_raw_json: page,
        is_default: !stored,
        updated_at: stored ? new Date(stored.updated_at).toISOString() : null,
        preview: await contextOf(owner, ownerType, id, kind, page),
        ...(shown && owner.repeatingEventId ? { repeating_event: owner.repeatingEventId } : {}),
      };
    },

    /** The page's blocks as attendees get them (its default until saved), for checks on what it shows. */
    async document(
      caller: Caller,
      ownerType: PageOwnerType,
      id: string,
      kind: PageKind,
    ): Promise<PageDocument> {
      const owner = await owners.ownerOf(caller, ownerType, id, 'event:read');
      return attendeePageOf(owner, ownerType, id, kind);
    },

    /**
     * Saves the page (already checked against the block schemas) of an owner from `editableOwner`;
     * its videos must be the organisation's.
     */
    async save(
      caller: Caller,
      owner: PageOwner,
      ownerType: PageOwnerType,
      id: string,
      kind: PageKind,
      page: PageDocument,
    ): Promise<StoredPage> {
      await checkPage(owner.organizationId, page);
      const saved = await pages.save(keyOf(owner, ownerType, id), kind, page, caller.userId);
      return {
        kind,
        builder_raw_json: page,
        is_default: false,
        updated_at: new Date(saved.updated_at).toISOString(),
      };
    },

    /**
     * For the attendee site: the page's title, description, thumbnail and HTML; undefined when not
     * public. A caller that already read the public owner passes it (eventPageOwner).
     */
    async renderedPage(
      ownerType: PageOwnerType,
      id: string,
      kind: PageKind,
      publicOwner?: PageOwner,
    ): Promise<RenderedPage | undefined> {
      const owner = publicOwner ?? (await owners.publicOwnerOf(ownerType, id));
      if (!owner) return undefined;
      // An occurrence may show its repeating event's page: its blocks, the occurrence's context.
      const page = await attendeePageOf(owner, ownerType, id, kind);
      const context = await contextOf(owner, ownerType, id, kind, page);
      const { recording = null } = context;
      const target: PageHookTarget = {
        pageType: ownerType === 'hub_page' ? 'Hub' : 'Registration',
        eventId: ownerType === 'event' ? id : null,
        eventName: owner.context.title,
      };
      const root = page.root.props;
      return {
        title: root.title || owner.context.title,
        // The owner's description is rich HTML; the page's head wants its words.
        description: root.description || richTextAsPlainText(owner.context.description),
        image: root.image || recording?.thumbnailUrl || null,
        html: renderPageHtml(page, context, deps.sanitize, target),
        player: firstVideoOf(page, context) ?? recording,
      };
    },

    /**
     * Events and templates (`builder_raw_json`, spec 001 §3): their registration page, written in
     * their own transaction by a caller they already checked, and their pages copied between them.
     */
    registrationPages: {
      /**
       * Checks the owner's registration page as a page PUT does (before the caller's transaction:
       * the check reads the video library) and answers its write; null removes the stored page.
       */
      async checked(organizationId: string, ownerType: PageOwnerType, page: PageDocument | null) {
        if (page) await checkPage(organizationId, page);
        return async (ownerId: string, userId: string | null, tx: Executor): Promise<void> => {
          const owner = { organizationId, ownerType, ownerId };
          if (page) await pages.save(owner, 'registration', page, userId, tx);
          else await pages.remove(owner, 'registration', tx);
        };
      },
      copy: copyPages,
    },

    /**
     * Event duplication and repeating events' occurrences: the event's pages are copied. A
     * template's pages are its own (copied by the templates through `registrationPages.copy`), not
     * its programme's hidden event's.
     */
    copyStep: {
      async copy({ sourceEventId, targetEventId, templateProgramme, tx }) {
        if (templateProgramme) return;
        await copyPages(
          { ownerType: 'event', ownerId: sourceEventId },
          { ownerType: 'event', ownerId: targetEventId },
          tx,
        );
      },
      clear: (eventId, tx) => pages.deleteOfEvent(eventId, tx).then(() => undefined),
    } satisfies EventCopyStep,

    /** The library's "where is this video used": the owners whose saved pages show it. */
    videoUsage: createPageVideoUsage(pages),
  };
}

export type PagesService = ReturnType<typeof createPagesService>;
