import { sql, type Selectable, type Updateable } from 'kysely';
import type { CreationType, TranscodeStatus, VideoOrdering, VideoSource } from '@studio/domain';
import { boundedCount, type BoundedCount } from '../../platform/db/bounded-count.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { isStillReferenced } from '../../platform/db/unique-violation.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import type { PageCursor, PageRequest } from '../../platform/http/pagination.ts';
import {
  organizationsReadModel,
  type OrganizationSettingsRow,
} from '../organizations/organizations.read-model.ts';
import { usersReadModel } from '../users/users.read-model.ts';
import { workspacesReadModel } from '../workspaces/workspaces.read-model.ts';
import type { VideoAssetTable } from './video-library.tables.ts';

export type VideoAssetRow = Selectable<VideoAssetTable>;

export interface VideoAssetRecord extends VideoAssetRow {
  creator_first_name: string | null;
  creator_last_name: string | null;
  workspace_name: string | null;
}

/** Organisation facts the library reads (the organisations table is read here, never written). */
export type LibraryOrganization = OrganizationSettingsRow;

export interface VideoAssetFilter {
  /** Only these workspaces (a person who sees only their teams); null: every workspace. */
  visibleWorkspaces: readonly string[] | null;
  search?: string | undefined;
  ordering: VideoOrdering;
  /** A workspace id, or null for "no team". */
  workspace?: string | null | undefined;
  workspaceIsNull?: boolean | undefined;
  sources?: readonly VideoSource[] | undefined;
  createdBy?: readonly string[] | undefined;
  creationTypes?: readonly CreationType[] | undefined;
  /** Only the videos of these events (from the event, tag and series filters). */
  eventIds?: readonly string[] | undefined;
  /** With eventIds: also these videos, those the events use (their usage entries). */
  usedByEvents?: readonly string[] | undefined;
  /** Only these videos (a Content Lab project's). */
  ids?: readonly string[] | undefined;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A new video's row (its id generated unless given). */
type NewVideoAsset = Pick<
  VideoAssetRow,
  | 'organization_id'
  | 'workspace_id'
  | 'name'
  | 'description'
  | 'source'
  | 'creation_type'
  | 'duration'
  | 'upload_id'
  | 'source_key'
  | 'created_by'
> & {
  id?: string | undefined;
  event_id?: string | null;
};

export function createVideoLibraryRepository(db: Executor) {
  const withCreator = (tx: Executor) =>
    tx
      .selectFrom('video_assets')
      .selectAll('video_assets')
      .select([
        usersReadModel.firstNameOf('video_assets.created_by').as('creator_first_name'),
        usersReadModel.lastNameOf('video_assets.created_by').as('creator_last_name'),
        workspacesReadModel.nameOf('video_assets.workspace_id').as('workspace_name'),
      ]);

  function filtered(tx: Executor, organizationId: string, filter: VideoAssetFilter) {
    let query = tx.selectFrom('video_assets').where('video_assets.organization_id', '=', organizationId);
    const { visibleWorkspaces } = filter;
    if (visibleWorkspaces) {
      query =
        visibleWorkspaces.length > 0
          ? query.where('video_assets.workspace_id', 'in', visibleWorkspaces)
          : query.where(sql<boolean>`false`);
    }
    // lower() on both sides, by the database: the same case folding as the stored name_search.
    if (filter.search)
      query = query.where(
        'video_assets.name_search',
        'like',
        sql<string>`lower(${`%${escapeLike(filter.search)}%`})`,
      );
    if (filter.workspace !== undefined) {
      const workspace = filter.workspace;
      query =
        workspace === null
          ? query.where('video_assets.workspace_id', 'is', null)
          : query.where('video_assets.workspace_id', '=', workspace);
    }
    if (filter.workspaceIsNull !== undefined) {
      query = query.where('video_assets.workspace_id', filter.workspaceIsNull ? 'is' : 'is not', null);
    }
    if (filter.sources?.length) query = query.where('video_assets.source', 'in', filter.sources);
    if (filter.createdBy?.length) query = query.where('video_assets.created_by', 'in', filter.createdBy);
    if (filter.creationTypes?.length)
      query = query.where('video_assets.creation_type', 'in', filter.creationTypes);
    if (filter.eventIds) {
      const { eventIds, usedByEvents = [] } = filter;
      query = query.where((eb) =>
        eb.or([
          ...(eventIds.length > 0 ? [eb('video_assets.event_id', 'in', eventIds)] : []),
          ...(usedByEvents.length > 0 ? [eb('video_assets.id', 'in', usedByEvents)] : []),
        ]),
      );
    }
    if (filter.ids)
      query =
        filter.ids.length > 0
          ? query.where('video_assets.id', 'in', filter.ids)
          : query.where(sql<boolean>`false`);
    return query;
  }

  return {
    async organization(organizationId: string, tx: Executor = db): Promise<LibraryOrganization | undefined> {
      const { rows } = await organizationsReadModel.settingsOf(organizationId).execute(tx);
      return rows[0];
    },

    async list(
      organizationId: string,
      filter: VideoAssetFilter,
      page: PageRequest,
      tx: Executor = db,
    ): Promise<BoundedCount & { rows: VideoAssetRecord[]; last: PageCursor | undefined }> {
      const base = filtered(tx, organizationId, filter);
      const descending = filter.ordering.startsWith('-');
      const direction = descending ? 'desc' : 'asc';
      const sortColumn = filter.ordering.endsWith('name')
        ? 'video_assets.name_search'
        : 'video_assets.created_at';
      // Page the ids on the narrow index first, then fetch those rows with their creators. A `next`
      // link's cursor seeks on that index instead of skipping `offset` rows.
      let ids = base
        .select(['video_assets.id', sql<string>`${sql.ref(sortColumn)}::text`.as('sort_key')])
        .orderBy(sortColumn, direction)
        .orderBy('video_assets.id', direction)
        .limit(page.limit);
      const { after } = page;
      ids = after
        ? ids.where((eb) =>
            eb(
              eb.refTuple(sortColumn, 'video_assets.id'),
              descending ? '<' : '>',
              eb.tuple(after.key, after.id),
            ),
          )
        : ids.offset(page.offset);
      const [counted, pageIds] = await Promise.all([boundedCount(tx, base), ids.execute()]);
      if (pageIds.length === 0) return { ...counted, rows: [], last: undefined };
      const lastRow = pageIds[pageIds.length - 1]!;
      const last = { key: lastRow.sort_key, id: lastRow.id };
      const rows = await withCreator(tx)
        .where(
          'video_assets.id',
          'in',
          pageIds.map((row) => row.id),
        )
        .execute();
      const order = new Map(pageIds.map((row, index) => [row.id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { ...counted, rows, last };
    },

    /** The asset if it is the organisation's and (with visibleWorkspaces) in a workspace the caller sees. */
    async find(
      organizationId: string,
      id: string,
      visibleWorkspaces: readonly string[] | null,
      tx: Executor = db,
    ): Promise<VideoAssetRecord | undefined> {
      let query = withCreator(tx)
        .where('video_assets.organization_id', '=', organizationId)
        .where('video_assets.id', '=', id);
      if (visibleWorkspaces) {
        query =
          visibleWorkspaces.length > 0
            ? query.where('video_assets.workspace_id', 'in', visibleWorkspaces)
            : query.where(sql<boolean>`false`);
      }
      return query.executeTakeFirst();
    },

    /** These assets of the organisation, in one statement (ids of other organisations find nothing). */
    async findMany(organizationId: string, ids: readonly string[]): Promise<VideoAssetRecord[]> {
      if (ids.length === 0) return [];
      return withCreator(db)
        .where('video_assets.organization_id', '=', organizationId)
        .where('video_assets.id', 'in', ids)
        .execute();
    },

    /** Any asset by id, whatever its organisation (the pipeline and the media route). */
    async findById(id: string, tx: Executor = db): Promise<VideoAssetRecord | undefined> {
      return withCreator(tx).where('video_assets.id', '=', id).executeTakeFirst();
    },

    async exists(id: string, tx: Executor = db): Promise<boolean> {
      return Boolean(
        await tx.selectFrom('video_assets').select('id').where('id', '=', id).executeTakeFirst(),
      );
    },

    /** The organisation's workspace, if it exists (the workspaces table is read here, never written). */
    async workspaceExists(organizationId: string, workspaceId: string, tx: Executor = db): Promise<boolean> {
      const { rows } = await sql<{
        exists: boolean;
      }>`select ${workspacesReadModel.isTeamOf(organizationId, workspaceId)} as exists`.execute(tx);
      return rows[0]?.exists === true;
    },

    /** The workspaces a person belongs to (for callers who see only their teams). */
    async workspacesOfUser(organizationId: string, userId: string, tx: Executor = db): Promise<string[]> {
      const { rows } = await workspacesReadModel.teamsOf(organizationId, userId).execute(tx);
      return rows.map((row) => row.id);
    },

    async insert(asset: NewVideoAsset, tx: Executor = db): Promise<string> {
      const row = await tx
        .insertInto('video_assets')
        .values({ ...asset, ...(asset.id ? { id: asset.id } : {}) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * The same insert, or undefined when its id or its upload is taken already — by a request that
     * committed first, or one still open, which it waits for (no unique violation to answer).
     */
    async insertUnlessTaken(asset: NewVideoAsset, tx: Executor = db): Promise<string | undefined> {
      const row = await tx
        .insertInto('video_assets')
        .values({ ...asset, ...(asset.id ? { id: asset.id } : {}) })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    async idTaken(id: string, tx: Executor = db): Promise<boolean> {
      return Boolean(
        await tx.selectFrom('video_assets').select('id').where('id', '=', id).executeTakeFirst(),
      );
    },

    async update(id: string, changes: Updateable<VideoAssetTable>, tx: Executor = db): Promise<boolean> {
      const result = await tx
        .updateTable('video_assets')
        .set({ ...changes, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * A step of the transcribe job (started, progress, its transcript, a failure): `changes` merged
     * into the transcription, and the transcript replaced when given, only while the transcription
     * is queued or running. Answers the transcription saved; undefined when captions uploaded or an
     * edit made meanwhile completed it: they win, even over a job that read the video while queued.
     */
    async transcriptionStep(id: string, changes: object, transcript?: object) {
      const saved = await db
        .updateTable('video_assets')
        .set({
          transcription: sql`transcription || ${JSON.stringify(changes)}::jsonb`,
          ...(transcript ? { transcript: JSON.stringify(transcript) } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where(sql<boolean>`transcription->>'status' in ('QUEUED', 'PROCESSING')`)
        .returning('transcription')
        .executeTakeFirst();
      return saved?.transcription;
    },

    /**
     * The video's transcription queued, unless one is queued or running (false then); `first`: only
     * when it has never had one nor a transcript (a processed video's own; captions uploaded meanwhile
     * win). The language asked is kept for the job; the previous attempt's code and progress are
     * forgotten.
     */
    async queueTranscription(id: string, language: string | null, first = false): Promise<boolean> {
      const queued = JSON.stringify({
        status: 'QUEUED',
        progress: null,
        code: null,
        message: null,
        language,
      });
      const result = await db
        .updateTable('video_assets')
        .set({ transcription: sql`transcription || ${queued}::jsonb`, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where(
          first
            ? sql<boolean>`transcription->>'status' is null and transcript is null`
            : sql<boolean>`coalesce(transcription->>'status', '') not in ('QUEUED', 'PROCESSING')`,
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Moves the transcode status only from one of `from` (so a request cannot restart a running
     * pipeline). A move to SUBMITTED starts a new transcode: it forgets the previous attempt's
     * steps and errors, so the pipeline starts from the probe; other moves (a clip published) keep them.
     */
    async moveStatus(
      organizationId: string,
      id: string,
      from: readonly (TranscodeStatus | null)[],
      to: TranscodeStatus,
      tx: Executor = db,
    ): Promise<boolean> {
      const known = from.filter((status): status is TranscodeStatus => status !== null);
      const result = await tx
        .updateTable('video_assets')
        .set({
          transcode_status: to,
          ...(to === 'SUBMITTED' ? { transcoder_errors: '[]', error_reason: null, pipeline: '{}' } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            ...(known.length > 0 ? [eb('transcode_status', 'in', known)] : []),
            ...(from.includes(null) ? [eb('transcode_status', 'is', null)] : []),
          ]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Records a finished pipeline step and its changes in one statement (jsonb merge). */
    async recordStep(
      id: string,
      step: string,
      value: unknown,
      changes: Updateable<VideoAssetTable> = {},
      tx: Executor = db,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('video_assets')
        .set({
          ...changes,
          pipeline: sql`pipeline || jsonb_build_object(${step}::text, ${JSON.stringify(value)}::jsonb)`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Ends the asset in ERROR with its codes and reason; `unplayable`: nothing published may be played. */
    async fail(
      id: string,
      codes: readonly string[],
      reason: string | null,
      unplayable = false,
    ): Promise<void> {
      await db
        .updateTable('video_assets')
        .set({
          transcode_status: 'ERROR',
          transcoder_errors: JSON.stringify(codes),
          error_reason: reason,
          ...(unplayable ? { hls_key: null } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The deleted row; 'in use' when something that must keep it started to use it meanwhile. */
    async delete(
      organizationId: string,
      id: string,
      tx: Executor = db,
    ): Promise<VideoAssetRow | undefined | 'in use'> {
      try {
        return await organizationRows.deleteReturning(tx, 'video_assets', organizationId, id);
      } catch (error) {
        if (isStillReferenced(error)) return 'in use';
        throw error;
      }
    },
  };
}

export type VideoLibraryRepository = ReturnType<typeof createVideoLibraryRepository>;
