import {
  FILLER_SLIDE_UPDATED,
  fillerSlideMessages,
  fillerSlideStatus,
  type createFillerSlideRequestSchema,
  type FillerSlide,
  type FillerSlideListQuery,
  type RenameFillerSlideRequest,
} from '@studio/domain';
import { checkMediaTools, VIDEO_PROCESSING_UNAVAILABLE } from '@studio/media';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { studioUrlBase } from '../../platform/http/studio-url.ts';
import { fieldError, HttpError, notFound } from '../../platform/http/errors.ts';
import { timestampsOf } from '../../platform/http/answers.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import { requirePermission, type OrganizationCaller } from '../../platform/http/access-rules.ts';
import type { FilesService } from '../files/files.service.ts';
import { generateFillerVideoJob, purgeFillerSlideJob } from './filler-slides.jobs.ts';
import type {
  FillerSlideRow,
  FillerSlidesRepository,
  VisibleWorkspaces,
} from './filler-slides.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';

/** What the module asks of others: who sees which teams, whether a team exists, who shows a slide. */
export interface FillerSlidesDeps {
  db: Executor;
  slides: FillerSlidesRepository;
  jobs: JobQueue;
  realtime: Pick<Realtime, 'publish'>;
  publicUrl: string;
  files: Pick<FilesService, 'checkStored'>;
  /** The video library's: null for every team, else the caller's teams. */
  visibleWorkspaces: (caller: OrganizationCaller) => Promise<VisibleWorkspaces>;
  /** The workspaces module's: the team the caller sees, or undefined (a database error passes through). */
  findWorkspace: (caller: OrganizationCaller, workspaceId: string) => Promise<unknown>;
  /** The back office's: an event or template shows this slide. */
  users: { inUse(organizationId: string, slideId: string): Promise<boolean> };
}

const IMAGE_FIELD = 'broadcast_filler_image_s3_path';

/** Spec 002 §3.3, §7.1: an organisation's filler slides, scoped to the caller's teams like its videos. */
export function createFillerSlidesService(deps: FillerSlidesDeps) {
  const { db, slides, jobs, realtime, publicUrl } = deps;
  /** A stored object's URL; `base`: PUBLIC_URL, or empty (root-relative) for a session (studioUrlBase). */
  const contentUrl = (key: string, base = publicUrl) => `${base}/api/${key}`;

  /** The slide as `caller` gets it (its URLs by studioUrlBase); with none, PUBLIC_URL's. */
  function view(row: FillerSlideRow, caller: Caller | null): FillerSlide {
    const base = studioUrlBase(caller, publicUrl);
    return {
      id: row.id,
      file_name: row.file_name,
      organization: row.organization_id,
      workspace: row.workspace_id,
      broadcast_filler_image_s3_path: row.image_key,
      broadcast_filler_video_s3_path: row.video_key,
      broadcast_filler_state: row.state,
      status: fillerSlideStatus(row.state),
      image_url: contentUrl(row.image_key, base),
      video_url: row.video_key && contentUrl(row.video_key, base),
      hls_url: row.hls_key && contentUrl(row.hls_key, base),
      ...timestampsOf(row),
    };
  }

  async function scopeOf(caller: Caller, permission: 'video:read' | 'branding:update') {
    // The library is event content: video:read alone (a Content Lab Editor) does not read it.
    if (permission === 'video:read') requirePermission(caller, 'event:read');
    const member = requirePermission(caller, permission);
    return { member, workspaces: await deps.visibleWorkspaces(member) };
  }

  async function found(caller: Caller, permission: 'video:read' | 'branding:update', id: string) {
    const { member, workspaces } = await scopeOf(caller, permission);
    const row = isUuid(id) ? await slides.find(member.organizationId, workspaces, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  /** The general file upload's checks again, on the stored image: its refusal as this call's field error. */
  async function checkImage(organizationId: string, key: string): Promise<void> {
    try {
      await deps.files.checkStored(organizationId, key, 'fillerSlide');
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 404) throw fieldError(IMAGE_FIELD, fillerSlideMessages.imageMissing);
      throw fieldError(
        IMAGE_FIELD,
        error.message,
        error.code === 'VALIDATION_ERROR' ? 'INVALID_IMAGE' : error.code,
      );
    }
  }

  return {
    view,

    async list(caller: Caller, query: FillerSlideListQuery, page: { limit: number; offset: number }) {
      const { member, workspaces } = await scopeOf(caller, 'video:read');
      const { count, rows } = await slides.list(member.organizationId, workspaces, query, page);
      return { count, results: rows.map((row) => view(row, caller)) };
    },

    async get(caller: Caller, id: string): Promise<FillerSlide> {
      return view(await found(caller, 'video:read', id), caller);
    },

    /** Checks the uploaded image and queues its video; the slide answers NOT_GENERATED ('Processing...'). */
    async create(caller: Caller, request: z.output<typeof createFillerSlideRequestSchema>) {
      const { member, workspaces } = await scopeOf(caller, 'branding:update');
      if (request.organization !== undefined && request.organization !== member.organizationId)
        throw notFound();
      const workspaceId = request.workspace ?? null;
      if (
        workspaceId !== null &&
        ((await deps.findWorkspace(member, workspaceId)) === undefined ||
          (workspaces && !workspaces.includes(workspaceId)))
      )
        throw fieldError('workspace', 'This team does not exist in your organization.');
      await checkImage(member.organizationId, request.broadcast_filler_image_s3_path);
      if (!(await checkMediaTools()).ready)
        throw new HttpError(422, 'VIDEO_PROCESSING_UNAVAILABLE', VIDEO_PROCESSING_UNAVAILABLE);
      // On PGlite the queue's first start cannot run inside the transaction below.
      await jobs.ready();
      const row = await db.transaction().execute(async (tx) => {
        const inserted = await slides.insert(
          {
            organization_id: member.organizationId,
            workspace_id: workspaceId,
            file_name: request.file_name,
            image_key: request.broadcast_filler_image_s3_path,
            created_by: member.userId,
          },
          tx,
        );
        await jobs.send(generateFillerVideoJob, { slideId: inserted.id }, { tx });
        return inserted;
      });
      jobs.nudge(generateFillerVideoJob);
      return view(row, caller);
    },

    /** The slide the caller may change, with the caller (the rename route's guard loads it before reading the body). */
    editable: async (caller: Caller, id: string) => ({
      row: await found(caller, 'branding:update', id),
      caller,
    }),

    /** Renames a slide from `editable`. */
    async rename(
      { row, caller }: { row: Awaited<ReturnType<typeof found>>; caller: Caller },
      request: RenameFillerSlideRequest,
    ): Promise<FillerSlide> {
      return view((await slides.update(row.id, { file_name: request.file_name })) ?? row, caller);
    },

    /** Refused (409) while an event or template shows it; its video files go with it. */
    async delete(caller: Caller, id: string): Promise<void> {
      const row = await found(caller, 'branding:update', id);
      if (await deps.users.inUse(row.organization_id, row.id))
        throw new HttpError(409, 'FILLER_SLIDE_IN_USE', fillerSlideMessages.inUse);
      await jobs.ready();
      await db.transaction().execute(async (tx) => {
        await slides.delete(row.id, tx);
        await jobs.send(
          purgeFillerSlideJob,
          { organizationId: row.organization_id, slideId: row.id },
          { tx },
        );
      });
      await realtime.publish(
        row.organization_id,
        {
          type: FILLER_SLIDE_UPDATED,
          data: { id: row.id, workspace: row.workspace_id, broadcast_filler_state: row.state, deleted: true },
        },
        { workspaceId: row.workspace_id },
      );
    },

    /** For the stage (no caller): a processed slide's image URL when it is the organisation's. */
    async imageUrlOf(organizationId: string, id: string): Promise<string | null> {
      const row = await slides.findById(id);
      return row?.organization_id === organizationId && row.state === 'GENERATED'
        ? contentUrl(row.image_key)
        : null;
    },

    /** For a live channel's filler (no caller): a processed slide's image, when it is the organisation's. */
    async imageKeyOf(organizationId: string, id: string): Promise<string | null> {
      const row = await slides.findById(id);
      return row?.organization_id === organizationId && row.state === 'GENERATED' ? row.image_key : null;
    },

    /** For events and templates (no caller): the slide's state when it is the organisation's. */
    async stateOf(organizationId: string, id: string): Promise<string | undefined> {
      const row = isUuid(id) ? await slides.findById(id) : undefined;
      return row?.organization_id === organizationId ? row.state : undefined;
    },
  };
}

export type FillerSlidesService = ReturnType<typeof createFillerSlidesService>;
