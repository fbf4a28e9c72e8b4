import { transcodeAnswerSchema, videoAssetSchema, type VideoAsset } from '@studio/domain';
import { studioApi } from './studio-api.ts';

/** Spec 000 §3 "Upload form for a new video asset". */
export interface NewVideoAsset {
  name: string;
  /** Left out: the caller's (a standalone Content Lab user knows no id of their space). */
  organization?: string;
  /** The tus upload's URL. */
  uploaded: string;
  duration: number;
  /** Null: the browser could not take one; the server takes it at 1 s. */
  thumbnail: Blob | null;
  workspace?: string | null;
  /** CL_UPLOAD: a video imported into Content Lab; a library upload otherwise. */
  source?: 'CL_UPLOAD';
}

/** POST /api/core/video_assets/ with a form-style body (FormData; the browser sets its content type). */
export function createVideoAsset(asset: NewVideoAsset): Promise<VideoAsset> {
  const form = new FormData();
  form.set('name', asset.name);
  if (asset.organization) form.set('organization', asset.organization);
  form.set('asset_type', 'VIDEO');
  form.set('uploaded', asset.uploaded);
  form.set('duration', String(asset.duration));
  if (asset.thumbnail) form.set('thumbnail_to_upload', asset.thumbnail, 'thumbnail.jpg');
  if (asset.workspace) form.set('workspace', asset.workspace);
  if (asset.source) form.set('source', asset.source);
  return studioApi.request({
    method: 'POST',
    path: '/core/video_assets/',
    body: form,
    schema: videoAssetSchema,
  });
}

/** POST /api/core/video_assets/{id}/transcode/ with an empty body: the status becomes SUBMITTED. */
export const startTranscode = (id: string) =>
  studioApi.request({
    method: 'POST',
    path: `/core/video_assets/${encodeURIComponent(id)}/transcode/`,
    schema: transcodeAnswerSchema,
  });
