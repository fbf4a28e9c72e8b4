import {
  isHlsPlaybackAvailable,
  validateVideoName,
  renamesByLibraryId,
  videoLibraryMessages,
  videoLibraryServerMessages,
  videoListNarrowedToEvents,
  type CreateVideoAssetRequest,
  type UpdateVideoAssetRequest,
  type VideoAsset,
  type VideoAssetListQuery,
  type VideoUsageEntry,
} from '@studio/domain';
import { checkMediaTools, VIDEO_PROCESSING_UNAVAILABLE } from '@studio/media';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import type { Counted, PageCursor, PageRequest } from '../../platform/http/pagination.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import {
  hasPermission,
  requirePermission,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';
import { isAcceptedImage, sniffContent } from '../uploads/content-sniffing.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { clipVideoUseCases } from './clip-videos.ts';
import { assetPrefix, type HlsGuard } from './playback.ts';
import type { UsageRegistry } from './usage.ts';
import type { ModuleLink } from '../../platform/module-links.ts';
import { organizationVideosOf, toUpdatedMessage, toVideoAsset } from './video-asset-view.ts';
import type {
  LibraryOrganization,
  VideoAssetFilter,
  VideoAssetRecord,
  VideoLibraryRepository,
} from './video-library.repository.ts';
import { purgeVideoAssetJob, transcodeVideoAssetJob } from './video-library.jobs.ts';
import { isUuid } from '../../platform/db/uuid.ts';

/** How a player opens a library video (the stage, built pages). */
export interface VideoPlayback {
  duration: number | null;
  hls_url: string | null;
  thumbnail_url: string | null;
  /** WebVTT captions from its transcript; null without one. */
  captions_url: string | null;
  chapters: { title: string; start_time: number }[];
}

/** The library's playback as another module reads it (`playbackOf`), with the fields it uses. */
export interface PlaybackReader<Fields> {
  playbackOf(organizationId: string, ids: readonly string[]): Promise<ReadonlyMap<string, Fields>>;
}

export interface ThumbnailFile {
  filename: string;
  data: Buffer;
}

/** The events area's answer: the organisation's events matching ids, a tag (id or name) or a series. */
/** An event's recording whose processing is complete (its on-demand video): areas that act on it listen. */
export type RecordingReady = (recording: {
  organizationId: string;
  eventId: string;
  videoId: string;
}) => Promise<void>;

export type EventIdsMatching = (
  organizationId: string,
  filter: { eventIds?: readonly string[]; eventTag?: string; seriesId?: string },
) => Promise<string[]>;

export interface VideoLibraryDeps {
  db: Executor;
  assets: VideoLibraryRepository;
  uploads: UploadsService;
  storage: ObjectStore;
  jobs: JobQueue;
  realtime: Pick<Realtime, 'publish'>;
  usage: UsageRegistry;
  guard: HlsGuard;
  publicUrl: string;
  /** Provided by the back office. */
  eventsMatching: ModuleLink<EventIdsMatching>;
}

const NOT_DELETABLE_SOURCES = ['EVENT_RECORDING', 'DIRECT_RECORDING'];
const TRANSCODABLE_FROM = [null, 'ERROR'] as const;

/** A live session's recording as the live area hands it over: a stored file of the event. */
export interface NewRecording {
  organizationId: string;
  workspaceId: string | null;
  eventId: string;
  name: string;
  sourceKey: string;
  duration: number | null;
  /** One per agenda session the recording holds; default: the session itself at 0. */
  chapters?: { title: string; start_time: number }[];
}

/** The video library's use cases: every call of spec 000 §7 and 002 §7.3, scoped to the caller. */
export function createVideoLibraryService(deps: VideoLibraryDeps) {
  const { db, assets, uploads, storage, jobs, realtime, usage, guard, publicUrl } = deps;
  const eventIdsMatching: EventIdsMatching = (organizationId, filter) =>
    deps.eventsMatching.use()(organizationId, filter);

  interface Scope {
    caller: OrganizationCaller;
    organization: LibraryOrganization;
    /** null: every workspace; else only these. */
    workspaces: readonly string[] | null;
  }

  /** Reads need video:read; with workspaces on, a person without workspace:read sees only their teams' videos. */
  async function scopeOf(
    caller: Caller,
    permission: 'video:read' | 'video:update',
    organizationFilter?: string,
  ): Promise<Scope> {
    const member = requirePermission(caller, permission);
    if (organizationFilter !== undefined && organizationFilter !== member.organizationId) throw notFound();
    const organization = await assets.organization(member.organizationId);
    if (!organization) throw notFound();
    return { caller: member, organization, workspaces: await visibleWorkspaces(member, organization) };
  }

  async function visibleWorkspaces(
    caller: OrganizationCaller,
    organization: Pick<LibraryOrganization, 'is_workspace_enabled'>,
  ): Promise<string[] | null> {
    if (!organization.is_workspace_enabled || hasPermission(caller, 'workspace:read')) return null;
    return assets.workspacesOfUser(caller.organizationId, caller.userId);
  }

  async function findAsset(scope: Scope, id: string): Promise<VideoAssetRecord> {
    const asset = isUuid(id)
      ? await assets.find(scope.caller.organizationId, id, scope.workspaces)
      : undefined;
    if (!asset) throw notFound();
    return asset;
  }

  /** The assets as the caller gets them; `base`: what their media URLs start with (studioUrlBase). */
  async function view(
    scope: Scope,
    records: VideoAssetRecord[],
    base = studioUrlBase(scope.caller, publicUrl),
  ): Promise<VideoAsset[]> {
    const usageCounts = await usage.countsOf(
      scope.caller.organizationId,
      records.map((record) => record.id),
    );
    return records.map((record) =>
      toVideoAsset(record, { publicUrl: base, guard, organization: scope.organization, usageCounts }),
    );
  }

  async function notify(id: string, deleted?: { row: Parameters<typeof toUpdatedMessage>[0] }) {
    const row = deleted?.row ?? (await assets.findById(id));
    if (!row) return;
    await realtime.publish(row.organization_id, toUpdatedMessage(row, Boolean(deleted)), {
      workspaceId: row.workspace_id,
    });
  }

  async function storeThumbnail(assetId: string, file: ThumbnailFile): Promise<string> {
    const content = sniffContent(file.data);
    const extension =
      content === 'png' ? 'png' : content === 'webp' ? 'webp' : content === 'gif' ? 'gif' : 'jpg';
    const key = `${assetPrefix(assetId)}client/thumbnail.${extension}`;
    await storage.put(key, file.data);
    return key;
  }

  function checkThumbnail(file: ThumbnailFile | undefined) {
    if (!file) return;
    const content = sniffContent(file.data);
    if (content === 'svg' || /\.svgz?$/i.test(file.filename)) {
      throw new HttpError(415, 'SVG_NOT_ALLOWED', videoLibraryMessages.svgNotAllowed, {
        thumbnail_to_upload: [videoLibraryMessages.svgNotAllowed],
      });
    }
    if (!isAcceptedImage(content) || content === 'gif') {
      throw fieldError(
        'thumbnail_to_upload',
        videoLibraryServerMessages.thumbnailNotImage,
        'UNSUPPORTED_FILE_TYPE',
      );
    }
  }

  /** Renames (the name checked first) and applies the other changes in the same update. */
  async function renameAsset(
    scope: Scope,
    asset: VideoAssetRecord,
    name: string,
    field: string,
    other: { description?: string | null } = {},
  ): Promise<VideoAssetRecord> {
    const checked = validateVideoName(name);
    if (!checked.ok) throw fieldError(field, checked.message);
    await assets.update(asset.id, { ...other, name: checked.name });
    return findAsset(scope, asset.id);
  }

  return {
    ...clipVideoUseCases({ db, assets, jobs, view: { publicUrl, guard }, notify: (id) => notify(id) }),

    /** The HLS guard the library signs its media with: live channels sign theirs with it too. */
    hlsGuard: guard,

    /** Whether the organisation's HLS guard is on (spec 000 §7). */
    async hlsGuardOn(organizationId: string): Promise<boolean> {
      return (await assets.organization(organizationId))?.hls_guard_enabled === true;
    },

    /** For the events area's buffer videos: a video's status, when it is this organisation's. */
    async statusOf(organizationId: string, id: string): Promise<string | undefined> {
      const asset = await assets.findById(id);
      return asset?.organization_id === organizationId ? (asset.transcode_status ?? 'SUBMITTED') : undefined;
    },

    /**
     * For the stage (no caller): these videos of the organisation as a player opens them — the HLS
     * URL as the library answers it (with the guard's code when the organisation's guard is on),
     * null until it plays — its length, thumbnail and chapters. Other organisations' videos are left out.
     */
    playbackOf: (organizationId: string, ids: readonly string[]): Promise<Map<string, VideoPlayback>> =>
      organizationVideosOf(assets, { publicUrl, guard }, organizationId, ids, (record, asset) => ({
        duration: record.duration,
        hls_url: isHlsPlaybackAvailable({ ...record, hlsUrl: asset.urls.hls }) ? asset.urls.hls : null,
        thumbnail_url: asset.urls.thumbnail,
        captions_url: asset.urls.captions ?? null,
        chapters: asset.metadata.chapters,
      })),

    /** The workspaces whose videos a caller sees (null: all) — the websocket filters pushes with it. */
    async visibleWorkspaces(caller: OrganizationCaller): Promise<readonly string[] | null> {
      const organization = await assets.organization(caller.organizationId);
      return organization ? visibleWorkspaces(caller, organization) : [];
    },

    async list(
      caller: Caller,
      query: VideoAssetListQuery,
      page: PageRequest,
    ): Promise<Counted<VideoAsset> & { estimated: boolean; last: PageCursor | undefined }> {
      const scope = await scopeOf(caller, 'video:read', query.organization);
      const filter: VideoAssetFilter = {
        visibleWorkspaces: scope.workspaces,
        search: query.search || undefined,
        ordering: query.ordering,
        ...(query.workspace === 'no-team'
          ? { workspace: null }
          : query.workspace
            ? { workspace: query.workspace }
            : {}),
        workspaceIsNull: query.workspace__isnull,
        sources: query.source,
        createdBy: query.created_by,
        creationTypes: query.creation_type,
      };
      if (videoListNarrowedToEvents(query)) {
        filter.eventIds = await eventIdsMatching(scope.caller.organizationId, {
          ...(query.event_ids?.length ? { eventIds: query.event_ids } : {}),
          ...(query.event_tag ? { eventTag: query.event_tag } : {}),
          ...(query.series_id ? { seriesId: query.series_id } : {}),
        });
        if (query.include_used) filter.usedByEvents = await usage.usedBy(filter.eventIds);
      }
      const { count, estimated, rows, last } = await assets.list(scope.caller.organizationId, filter, page);
      return { count, estimated, last, results: await view(scope, rows) };
    },

    /** Spec 000 §7 "list event assets by event_id": the videos those events use, as an array. */
    async eventAssets(
      caller: Caller,
      eventIds: readonly string[],
      organization?: string,
    ): Promise<VideoAsset[]> {
      const scope = await scopeOf(caller, 'video:read', organization);
      const events = await eventIdsMatching(scope.caller.organizationId, { eventIds });
      if (events.length === 0) return [];
      const { rows } = await assets.list(
        scope.caller.organizationId,
        { visibleWorkspaces: scope.workspaces, ordering: '-created_at', eventIds: events },
        { limit: 1000, offset: 0 },
      );
      return view(scope, rows);
    },

    /** These videos, of those the caller sees, newest first (a Content Lab project's page of them). */
    async videosOf(caller: Caller, ids: readonly string[]): Promise<VideoAsset[]> {
      const scope = await scopeOf(caller, 'video:read');
      const { rows } = await assets.list(
        scope.caller.organizationId,
        { visibleWorkspaces: scope.workspaces, ordering: '-created_at', ids },
        { limit: ids.length || 1, offset: 0 },
      );
      return view(scope, rows);
    },

    async get(caller: Caller, id: string): Promise<VideoAsset> {
      const scope = await scopeOf(caller, 'video:read');
      const [asset] = await view(scope, [await findAsset(scope, id)]);
      return asset!;
    },

    async create(
      caller: Caller,
      request: CreateVideoAssetRequest,
      thumbnail?: ThumbnailFile,
    ): Promise<VideoAsset> {
      const scope = await scopeOf(caller, 'video:update', request.organization);
      if (!(await checkMediaTools()).ready)
        throw new HttpError(422, 'VIDEO_PROCESSING_UNAVAILABLE', VIDEO_PROCESSING_UNAVAILABLE);
      checkThumbnail(thumbnail);
      const workspaceId = request.workspace ?? null;
      if (workspaceId !== null && !(await assets.workspaceExists(scope.caller.organizationId, workspaceId))) {
        throw fieldError('workspace', videoLibraryServerMessages.workspaceNotFound);
      }
      if (scope.workspaces && (workspaceId === null || !scope.workspaces.includes(workspaceId))) {
        throw fieldError('workspace', videoLibraryServerMessages.workspaceRequired);
      }
      const idTaken = () => fieldError('id', 'A video with this id already exists.');
      if (request.id && (await assets.idTaken(request.id))) throw idTaken();
      if (
        request.event &&
        (await eventIdsMatching(scope.caller.organizationId, { eventIds: [request.event] })).length === 0
      ) {
        throw fieldError('event', 'This event does not exist in your organization.');
      }
      const upload = await uploads.finishedUpload(scope.caller, request.uploaded);
      const id = await db.transaction().execute(async (tx) => {
        // The same upload (or id) sent twice at once: the second finds it taken, not a server error.
        const assetId = await assets.insertUnlessTaken(
          {
            id: request.id,
            organization_id: scope.caller.organizationId,
            workspace_id: workspaceId,
            event_id: request.event ?? null,
            name: request.name,
            description: request.description ?? null,
            source: request.source ?? 'UPLOAD',
            creation_type: 'UPLOADED',
            duration: request.duration ?? null,
            upload_id: upload.id,
            source_key: upload.object_key,
            created_by: scope.caller.userId,
          },
          tx,
        );
        if (assetId === undefined && request.id && (await assets.idTaken(request.id, tx))) throw idTaken();
        if (
          assetId === undefined ||
          !(await uploads.consume(scope.caller.organizationId, upload.id, assetId, tx))
        ) {
          throw fieldError('uploaded', videoLibraryServerMessages.uploadAlreadyUsed, 'UPLOAD_IN_USE');
        }
        return assetId;
      });
      if (thumbnail)
        await assets.update(id, {
          thumbnail_key: await storeThumbnail(id, thumbnail),
          thumbnail_from_client: true,
        });
      const [asset] = await view(scope, [await findAsset(scope, id)]);
      return asset!;
    },

    /** For the event app's on-demand list (no caller): the event's recordings (EVENT_RECORDING), newest last. */
    async recordingsOf(organizationId: string, eventId: string): Promise<{ id: string; name: string }[]> {
      const { rows } = await assets.list(
        organizationId,
        {
          visibleWorkspaces: null,
          ordering: 'created_at',
          eventIds: [eventId],
          sources: ['EVENT_RECORDING'],
        },
        { limit: 1000, offset: 0 },
      );
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },

    /**
     * For pushing a recording elsewhere (Wistia): the event's recording's file, its size and a
     * stream of it from storage (opened again for each read, never held whole).
     */
    async recordingFileOf(organizationId: string, eventId: string, id: string) {
      const row = isUuid(id) ? await assets.findById(id) : undefined;
      const key = row?.mp4_key ?? row?.source_key;
      if (
        !row ||
        !key ||
        row.organization_id !== organizationId ||
        row.event_id !== eventId ||
        row.source !== 'EVENT_RECORDING'
      )
        throw notFound();
      const stored = await storage.head(key);
      if (!stored) throw notFound();
      return {
        name: row.name,
        filename: key.split('/').pop()!,
        contentType: 'video/mp4',
        size: stored.size,
        open: async () => (await storage.get(key)).body,
      };
    },

    /** For a live channel's filler (no caller): the video's thumbnail, when it is the organisation's. */
    async thumbnailKeyOf(organizationId: string, id: string): Promise<string | null> {
      const row = await assets.findById(id);
      return row?.organization_id === organizationId ? row.thumbnail_key : null;
    },

    /**
     * A live session's recording (issue 19): the stored file becomes an EVENT_RECORDING, RECORDED
     * video of the event (not deletable, 000 §5), processed by the pipeline like an upload.
     */
    async createRecording(recording: NewRecording): Promise<string> {
      const id = await db.transaction().execute(async (tx) => {
        const assetId = await assets.insert(
          {
            organization_id: recording.organizationId,
            workspace_id: recording.workspaceId,
            event_id: recording.eventId,
            name: recording.name,
            description: null,
            source: 'EVENT_RECORDING',
            creation_type: 'RECORDED',
            duration: recording.duration,
            upload_id: null,
            source_key: recording.sourceKey,
            created_by: null,
          },
          tx,
        );
        // A live recording is one agenda session: its chapter, which the organiser can refine.
        const chapters = recording.chapters ?? [{ title: recording.name, start_time: 0 }];
        await assets.update(assetId, { metadata: JSON.stringify({ chapters }) }, tx);
        await assets.moveStatus(recording.organizationId, assetId, TRANSCODABLE_FROM, 'SUBMITTED', tx);
        await jobs.send(transcodeVideoAssetJob, { assetId }, { tx, singletonKey: assetId });
        return assetId;
      });
      jobs.nudge(transcodeVideoAssetJob);
      await notify(id);
      return id;
    },

    /** Spec 000 §4 "After upload": starts the pipeline; the status becomes SUBMITTED. */
    async transcode(
      caller: Caller,
      id: string,
    ): Promise<{ id: string; transcode_status: string; message: string }> {
      const scope = await scopeOf(caller, 'video:update');
      const asset = await findAsset(scope, id);
      if (!asset.source_key)
        throw new HttpError(409, 'NOTHING_TO_TRANSCODE', videoLibraryMessages.transcodeStartFailed);
      await jobs.ready();
      await db.transaction().execute(async (tx) => {
        if (
          !(await assets.moveStatus(
            scope.caller.organizationId,
            asset.id,
            TRANSCODABLE_FROM,
            'SUBMITTED',
            tx,
          ))
        ) {
          throw new HttpError(409, 'ALREADY_TRANSCODING', videoLibraryServerMessages.alreadyTranscoding);
        }
        await jobs.send(transcodeVideoAssetJob, { assetId: asset.id }, { tx, singletonKey: asset.id });
      });
      jobs.nudge(transcodeVideoAssetJob);
      await notify(asset.id);
      return { id: asset.id, transcode_status: 'SUBMITTED', message: videoLibraryMessages.transcodeStarted };
    },

    async update(caller: Caller, id: string, changes: UpdateVideoAssetRequest): Promise<VideoAsset> {
      const scope = await scopeOf(caller, 'video:update');
      const other = changes.description === undefined ? {} : { description: changes.description || null };
      const renamed = await renameAsset(scope, await findAsset(scope, id), changes.name, 'name', other);
      const [asset] = await view(scope, [renamed]);
      return asset!;
    },

    /** Spec 000 §7: the rename call of CL_UPLOAD, CLIP, EVENT_RECORDING and DIRECT_RECORDING videos. */
    async renameByLibraryId(
      caller: Caller,
      videoLibraryId: string,
      title: string,
    ): Promise<{ message: string; id: string; name: string }> {
      const scope = await scopeOf(caller, 'video:update');
      const asset = await findAsset(scope, videoLibraryId);
      if (!renamesByLibraryId(asset.source))
        throw fieldError(
          'video_library_id',
          videoLibraryServerMessages.renameNotBySource,
          'RENAME_NOT_BY_SOURCE',
        );
      const renamed = await renameAsset(scope, asset, title, 'title');
      return { message: videoLibraryMessages.videoRenamed, id: renamed.id, name: renamed.name };
    },

    /** Refused while the video is used somewhere, and for recordings; the stored media is purged by a job. */
    async delete(caller: Caller, id: string): Promise<void> {
      const scope = await scopeOf(caller, 'video:update');
      const asset = await findAsset(scope, id);
      if (NOT_DELETABLE_SOURCES.includes(asset.source))
        throw new HttpError(403, 'VIDEO_NOT_DELETABLE', videoLibraryServerMessages.notDeletable);
      const usages = (await usage.usagesOf(scope.caller.organizationId, [asset.id])).get(asset.id) ?? [];
      if (usages.length > 0) throw new HttpError(409, 'VIDEO_IN_USE', videoLibraryMessages.videoInUse);
      await jobs.ready();
      const removed = await db.transaction().execute(async (tx) => {
        const row = await assets.delete(scope.caller.organizationId, asset.id, tx);
        // Put in a session or a booth between the check above and the delete.
        if (row === 'in use') throw new HttpError(409, 'VIDEO_IN_USE', videoLibraryMessages.videoInUse);
        if (row) await jobs.send(purgeVideoAssetJob, { assetId: row.id, uploadId: row.upload_id }, { tx });
        return row;
      });
      if (!removed) throw notFound();
      jobs.nudge(purgeVideoAssetJob);
      await notify(asset.id, { row: removed });
    },

    async usage(caller: Caller, id: string): Promise<VideoUsageEntry[]> {
      const scope = await scopeOf(caller, 'video:read');
      const asset = await findAsset(scope, id);
      return (await usage.usagesOf(scope.caller.organizationId, [asset.id])).get(asset.id) ?? [];
    },

    /** The asset as the export and the download need it (absolute URLs: the export leaves the studio). */
    async readable(
      caller: Caller,
      id: string,
    ): Promise<{ asset: VideoAsset; record: VideoAssetRecord; organization: LibraryOrganization }> {
      const scope = await scopeOf(caller, 'video:read');
      const record = await findAsset(scope, id);
      const [asset] = await view(scope, [record], publicUrl);
      return { asset: asset!, record, organization: scope.organization };
    },

    /** The asset a caller may change (video:update), with its organisation; another's answers 404. */
    async writable(
      caller: Caller,
      id: string,
    ): Promise<{ record: VideoAssetRecord; organization: LibraryOrganization }> {
      const scope = await scopeOf(caller, 'video:update');
      return { record: await findAsset(scope, id), organization: scope.organization };
    },
  };
}

export type VideoLibraryService = ReturnType<typeof createVideoLibraryService>;
