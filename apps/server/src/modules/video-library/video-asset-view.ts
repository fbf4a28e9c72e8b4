import {
  displayStatus,
  isHlsPlaybackAvailable,
  isSelectable,
  RECORDER_LABEL,
  transcoderCatalogue,
  type TranscoderCode,
  type VideoAsset,
  type VideoAssetUpdatedMessage,
} from '@studio/domain';
import { captionsKeyOf, mediaUrl, type HlsGuard } from './playback.ts';
import { transcriptUrlOf } from './transcription.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type {
  LibraryOrganization,
  VideoAssetRecord,
  VideoAssetRow,
  VideoLibraryRepository,
} from './video-library.repository.ts';

export interface ViewContext {
  publicUrl: string;
  guard: HlsGuard;
  organization: Pick<LibraryOrganization, 'id' | 'hls_guard_enabled'>;
  usageCounts?: ReadonlyMap<string, number>;
}

const messagesOf = (codes: readonly string[]) =>
  codes.map((code) =>
    code in transcoderCatalogue ? transcoderCatalogue[code as TranscoderCode].message : code,
  );

/**
 * These videos of the organisation for a reader with no caller (the stage, built pages, Content
 * Lab), by id, each answered from its record and its view; other organisations' are left out.
 */
export async function organizationVideosOf<Answer>(
  assets: Pick<VideoLibraryRepository, 'organization' | 'findMany'>,
  view: Omit<ViewContext, 'organization' | 'usageCounts'>,
  organizationId: string,
  ids: readonly string[],
  answer: (record: VideoAssetRecord, asset: VideoAsset) => Answer,
): Promise<Map<string, Answer>> {
  const organization = await assets.organization(organizationId);
  const found = new Map<string, Answer>();
  if (!organization) return found;
  for (const record of await assets.findMany(organizationId, [...new Set(ids.filter(isUuid))])) {
    found.set(record.id, answer(record, toVideoAsset(record, { ...view, organization })));
  }
  return found;
}

/**
 * The asset as the API answers it: both readings of spec 000 §3. Its media URLs start with
 * `context.publicUrl` — PUBLIC_URL, or empty for a session caller (root-relative: studioUrlBase).
 */
export function toVideoAsset(record: VideoAssetRecord, context: ViewContext): VideoAsset {
  const guard = context.organization.hls_guard_enabled
    ? {
        organizationId: record.organization_id,
        code: context.guard.issue({ organizationId: record.organization_id, assetId: record.id }),
      }
    : undefined;
  const url = (key: string | null) => (key ? mediaUrl(context.publicUrl, key, guard) : null);
  const warnings = messagesOf(record.transcoder_warnings);
  const errors = messagesOf(record.transcoder_errors);
  const creator =
    record.created_by && record.creator_first_name !== null
      ? {
          id: record.created_by,
          first_name: record.creator_first_name,
          last_name: record.creator_last_name ?? '',
        }
      : null;
  const usageCount = context.usageCounts?.get(record.id) ?? 0;
  const createdAt = record.created_at.toISOString();
  const status = displayStatus(record);
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    organization: record.organization_id,
    workspace: record.workspace_id,
    workspace_name: record.workspace_name,
    event: record.event_id,
    source: record.source,
    creation_type: record.creation_type,
    transcode_status: record.transcode_status,
    transcoder_warnings: warnings,
    transcoder_errors: errors,
    duration: record.duration,
    thumbnail: url(record.thumbnail_key),
    urls: {
      thumbnail: url(record.thumbnail_key),
      hls: url(record.hls_key),
      mp4: url(record.mp4_key),
      ...(record.transcript?.items.length ? { captions: url(captionsKeyOf(record.id)) } : {}),
    },
    hls_path: record.hls_key,
    client_hls_path: null,
    path: record.mp4_key,
    created_by: creator,
    created_at: createdAt,
    updated_at: record.updated_at.toISOString(),
    video_usage_count: usageCount,
    metadata: { chapters: record.metadata.chapters ?? [] },
    transcript: record.transcript
      ? { url: transcriptUrlOf(context.publicUrl, record.id), items: record.transcript.items }
      : null,
    status,
    selectable: isSelectable({ ...record, transcoder_warnings: record.transcoder_warnings }),
    errors,
    warnings,
    creationType: record.creation_type,
    createdAt,
    createdBy: creator
      ? `${creator.first_name} ${creator.last_name}`.trim()
      : record.creation_type === 'RECORDED'
        ? RECORDER_LABEL
        : null,
    usageCount,
  };
}

/** The websocket push of a status change (spec 001 §7 style: `{type, data}`). */
export function toUpdatedMessage(row: VideoAssetRow, deleted = false): VideoAssetUpdatedMessage {
  return {
    type: 'video-asset-updated',
    data: {
      id: row.id,
      workspace: row.workspace_id,
      transcode_status: row.transcode_status,
      status: displayStatus(row),
      transcoder_warnings: messagesOf(row.transcoder_warnings),
      transcoder_errors: messagesOf(row.transcoder_errors),
      duration: row.duration,
      playable: isHlsPlaybackAvailable({ ...row, hlsUrl: row.hls_key }),
      ...(deleted ? { deleted: true } : {}),
      updated_at: row.updated_at.toISOString(),
    },
  };
}
