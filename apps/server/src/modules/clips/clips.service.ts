import {
  clipMessages,
  contentLabClipsPath,
  contentLabVideoPath,
  editErrorCode,
  editErrorMessages,
  editInContentLabEligibility,
  clipRangeIssues,
  sharedClipPath,
  videoLibraryMessages,
  type Clip,
  type EditLink,
  type SavedSearch,
  type createClipRequestSchema,
  type createSavedSearchRequestSchema,
  type updateClipRequestSchema,
  type updateSavedSearchRequestSchema,
} from '@studio/domain';
import type { z } from 'zod';
import { requirePermission } from '../../platform/http/access-rules.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import { rehomedMediaUrl } from '../video-library/playback.ts';
import type { VideoLibraryService } from '../video-library/video-library.service.ts';
import { cutClipJob } from './clips.jobs.ts';
import type { ClipRow, ClipSearch, ClipsRepository, SavedSearchRow } from './clips.repository.ts';
import type { ProjectsService } from './projects.service.ts';

export interface ClipsServiceDeps {
  clips: ClipsRepository;
  library: VideoLibraryService;
  projects: ProjectsService;
  jobs: JobQueue;
  attendeeBaseUrl: AttendeeBaseUrl;
}

/** Where a shared clip's media (playlists, segments, mp4, thumbnail) are served while it is shared. */
export const sharedClipMediaPrefix = (clipId: string) => `/api/media/shared_clips/${clipId}/`;

/** Spec 000 §4 "Edit-in-Content-Lab eligibility" as the server answers it: the §8 code, verbatim. */
function notEligible(reason: string): HttpError {
  if (reason === 'NOT_READY')
    return new HttpError(409, 'VIDEO_NOT_READY', videoLibraryMessages.notReadyReason);
  const code = editErrorCode(reason);
  return new HttpError(422, code, editErrorMessages[code] ?? videoLibraryMessages.contentLabDisabledReason);
}

/** Issue 37 §3: clips cut from a library video, each a CLIP library video; revocable sharing. */
export function createClipsService({ clips, library, projects, jobs, attendeeBaseUrl }: ClipsServiceDeps) {
  /** The clips as `caller` gets them (their media root-relative for a session); no caller: the shared page. */
  async function view(organizationId: string, rows: ClipRow[], caller?: Caller): Promise<Clip[]> {
    const ids = rows.flatMap((row) => (row.video_library_id ? [row.video_library_id] : []));
    const videos = await library.clipVideosOf(organizationId, ids, caller);
    const base = await attendeeBaseUrl(organizationId);
    return rows.map((row) => {
      const video = row.video_library_id ? videos.get(row.video_library_id) : undefined;
      const cutting = row.cut_status === 'QUEUED' || row.cut_status === 'CUTTING';
      return {
        id: row.id,
        project: row.project_id,
        video_asset: row.video_asset_id,
        video_library_id: video ? row.video_library_id : null,
        name: row.name,
        start_time: row.start_time,
        end_time: row.end_time,
        duration: row.end_time - row.start_time,
        vertical: row.vertical,
        crop_x: row.crop_x,
        shared: row.shared,
        status:
          row.cut_status === 'ERROR' ? 'ERROR' : cutting ? 'PROGRESSING' : (video?.status ?? 'PROGRESSING'),
        progress: cutting ? (row.cut_progress ?? 0) : null,
        cut: row.cut_mode,
        error: row.error_reason,
        hls_url: video?.hls_url ?? null,
        mp4_url: video?.mp4_url ?? null,
        thumbnail_url: video?.thumbnail_url ?? null,
        share_url: `${base}${sharedClipPath(row.id)}`,
        created_at: row.created_at.toISOString(),
      };
    });
  }

  /** The caller's clip: of their organisation, and of a video they see (their teams' only, when restricted). */
  async function found(
    caller: Caller,
    permission: 'video:read' | 'video:update',
    id: string,
  ): Promise<ClipRow> {
    const { organizationId } = requirePermission(caller, permission);
    const row = await clips.find(organizationId, id);
    if (!row) throw notFound();
    const video = row.video_asset_id ?? row.video_library_id;
    if (video) await library.readable(caller, video);
    return row;
  }

  /** The organisation's saved search, or 404 (another organisation's, or no such id). */
  async function savedSearchOf(organizationId: string, id: string): Promise<SavedSearchRow> {
    const row = await clips.findSavedSearch(organizationId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async list(
      caller: Caller,
      videoId: string,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: Clip[] }> {
      const { record } = await library.readable(caller, videoId);
      const { count, rows } = await clips.listOfVideo(record.organization_id, record.id, page);
      return { count, results: await view(record.organization_id, rows, caller) };
    },

    async get(caller: Caller, id: string): Promise<Clip> {
      const row = await found(caller, 'video:read', id);
      const [clip] = await view(row.organization_id, [row], caller);
      return clip!;
    },

    async create(caller: Caller, request: z.output<typeof createClipRequestSchema>): Promise<Clip> {
      const { record } = await library.writable(caller, request.video_asset);
      const eligibility = editInContentLabEligibility(record, { isEuRegion: false });
      if (!eligibility.eligible) throw notEligible(eligibility.reason);
      if (!record.mp4_key) throw notEligible('NOT_READY');
      if (record.duration === null)
        throw fieldError('end_time', clipMessages.durationUnknown, 'ASSET_NOT_FOUND');
      // The domain's one rule, as the form checks it: outside the video is refused, never clamped.
      const [issue] = clipRangeIssues(request, record.duration);
      if (issue) throw fieldError(issue.path, issue.message, 'CLIP_OUTSIDE_VIDEO');
      // Within the rounding tolerance past the end: the clip ends with the video.
      const end = Math.min(request.end_time, record.duration);
      const name = request.name || `${record.name} (clip)`;
      const member = requirePermission(caller, 'video:update');
      const project = await projects.projectOfVideo(record.organization_id, record.id);
      const videoId = await library.createClipVideo({
        organizationId: record.organization_id,
        workspaceId: record.workspace_id,
        eventId: record.event_id,
        name,
        duration: end - request.start_time,
        createdBy: member.userId,
      });
      await jobs.ready();
      const row = await clips.insert({
        organization_id: record.organization_id,
        project_id: project,
        video_asset_id: record.id,
        video_library_id: videoId,
        name,
        start_time: request.start_time,
        end_time: end,
        vertical: request.vertical,
        crop_x: request.crop_x,
        created_by: member.userId,
      });
      await jobs.send(cutClipJob, { clipId: row.id }, { singletonKey: row.id });
      jobs.nudge(cutClipJob);
      const [clip] = await view(record.organization_id, [row], caller);
      return clip!;
    },

    async update(
      caller: Caller,
      id: string,
      changes: z.output<typeof updateClipRequestSchema>,
    ): Promise<Clip> {
      const row = await found(caller, 'video:update', id);
      const changed = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      if (Object.keys(changed).length > 0) await clips.update(row.id, changed);
      const [clip] = await view(row.organization_id, [{ ...row, ...changed }], caller);
      return clip!;
    },

    /**
     * Spec 000 §4/§7 edit link lookup: where the library video is edited in Content Lab (a CLIP
     * opens its clip on its video's clips page), or the §8 code of why it cannot be.
     */
    async editLink(caller: Caller, videoId: string): Promise<EditLink> {
      const { record } = await library.readable(caller, videoId);
      const eligibility = editInContentLabEligibility(record, { isEuRegion: false });
      if (!eligibility.eligible) throw notEligible(eligibility.reason);
      let url: string;
      let project: string;
      if (record.source === 'CLIP') {
        const clip = await clips.findByLibraryVideo(record.organization_id, record.id);
        if (!clip?.video_asset_id) throw notEligible('ASSET_NOT_FOUND');
        const parent = await library.readable(caller, clip.video_asset_id);
        project =
          clip.project_id ?? (await projects.projectOfVideo(record.organization_id, parent.record.id));
        url = contentLabClipsPath(project, parent.record.id, clip.id);
      } else {
        project = await projects.projectOfVideo(record.organization_id, record.id);
        url = contentLabVideoPath(project, record);
      }
      return {
        id: record.id,
        project_id: project,
        url,
        content: { id: record.id, project: { id: project } },
      };
    },

    /** Issue 37 §3 clip publish: its READY_TO_PUBLISH library video becomes COMPLETE (409 otherwise). */
    async publish(caller: Caller, id: string): Promise<Clip> {
      const row = await found(caller, 'video:update', id);
      const published =
        row.video_library_id && (await library.publishClipVideo(row.organization_id, row.video_library_id));
      if (!published) throw new HttpError(409, 'CLIP_NOT_READY_TO_PUBLISH', clipMessages.notReadyToPublish);
      const [clip] = await view(row.organization_id, [row], caller);
      return clip!;
    },

    /**
     * Content Lab's clip search across the organisation (the repository's, in SQL): only clips of
     * videos the caller sees (their teams' only, when restricted) are found.
     */
    async search(
      caller: Caller,
      search: ClipSearch,
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: Clip[] }> {
      const member = requirePermission(caller, 'video:read');
      const { organizationId } = member;
      const visible = await library.visibleWorkspaces(member);
      const { count, rows } = await clips.search(organizationId, search, visible, page);
      return { count, results: await view(organizationId, rows, caller) };
    },

    async savedSearches(caller: Caller): Promise<SavedSearch[]> {
      const { organizationId } = requirePermission(caller, 'video:read');
      return (await clips.savedSearches(organizationId)).map(savedSearchView);
    },

    async savedSearch(caller: Caller, id: string): Promise<SavedSearch> {
      const { organizationId } = requirePermission(caller, 'video:read');
      return savedSearchView(await savedSearchOf(organizationId, id));
    },

    async createSavedSearch(
      caller: Caller,
      request: z.output<typeof createSavedSearchRequestSchema>,
    ): Promise<SavedSearch> {
      const member = requirePermission(caller, 'video:update');
      const row = await clips.insertSavedSearch({
        organization_id: member.organizationId,
        name: request.name,
        query: request.query,
        filters: JSON.stringify(request.filters),
        created_by: member.userId,
      });
      return savedSearchView(row);
    },

    async updateSavedSearch(
      caller: Caller,
      id: string,
      changes: z.output<typeof updateSavedSearchRequestSchema>,
    ): Promise<SavedSearch> {
      const { organizationId } = requirePermission(caller, 'video:update');
      const row = await savedSearchOf(organizationId, id);
      const { filters, ...rest } = changes;
      const changed = {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...(filters ? { filters: JSON.stringify(filters) } : {}),
      };
      if (Object.keys(changed).length === 0) return savedSearchView(row);
      const updated = await clips.updateSavedSearch(organizationId, row.id, changed);
      if (!updated) throw notFound();
      return savedSearchView(updated);
    },

    async deleteSavedSearch(caller: Caller, id: string): Promise<void> {
      const { organizationId } = requirePermission(caller, 'video:update');
      const row = await savedSearchOf(organizationId, id);
      if (!(await clips.deleteSavedSearch(organizationId, row.id))) throw notFound();
    },

    /** The criteria of the caller's saved search (the clips are then the same `search`). */
    async savedSearchCriteria(caller: Caller, id: string): Promise<ClipSearch> {
      const { organizationId } = requirePermission(caller, 'video:read');
      const { query, filters } = await savedSearchOf(organizationId, id);
      return { query, filters };
    },

    /** Deletes the clip and its library video (refused while that video is used somewhere). */
    async delete(caller: Caller, id: string): Promise<void> {
      const row = await found(caller, 'video:update', id);
      if (row.video_library_id) await library.delete(caller, row.video_library_id).catch(ignoreGone);
      await clips.delete(row.organization_id, row.id);
    },

    /**
     * The public page's clip (no caller): only while it is shared. Its media addresses are the
     * shared clip's own (`sharedClipMediaPrefix`), which close when sharing stops.
     */
    async sharedClip(id: string): Promise<Clip | undefined> {
      const row = isUuid(id) ? await clips.findById(id) : undefined;
      if (!row?.shared) return undefined;
      const [clip] = await view(row.organization_id, [row]);
      const videoId = clip?.video_library_id;
      if (!clip || !videoId) return clip;
      const rehome = (url: string | null) => rehomedMediaUrl(url, videoId, sharedClipMediaPrefix(row.id));
      return {
        ...clip,
        hls_url: rehome(clip.hls_url),
        mp4_url: rehome(clip.mp4_url),
        thumbnail_url: rehome(clip.thumbnail_url),
      };
    },

    /** The library video a shared clip's media addresses open, checked on every request: none once sharing stops. */
    async sharedVideoOf(id: string): Promise<string | undefined> {
      const row = isUuid(id) ? await clips.findById(id) : undefined;
      return (row?.shared && row.video_library_id) || undefined;
    },
  };
}

function savedSearchView(row: SavedSearchRow): SavedSearch {
  return {
    ...sameFields(row, ['id', 'name', 'query', 'filters']),
    created_at: row.created_at.toISOString(),
  };
}

/** The library video is already gone (deleted from the Video Library): nothing more to remove. */
function ignoreGone(error: unknown): void {
  if (error instanceof HttpError && error.status === 404) return;
  throw error;
}

export type ClipsService = ReturnType<typeof createClipsService>;
