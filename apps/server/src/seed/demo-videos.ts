import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoAsset } from '@studio/domain';
import { makeClip, type ClipKind } from './demo-clips.ts';
import type { StudioClient } from './studio-client.ts';

export interface DemoVideo {
  name: string;
  clip: ClipKind;
  description: string;
  workspace?: string | undefined;
  event?: string | undefined;
  /** Chapters, each at a fraction of the clip. */
  chapters?: { title: string; at: number }[] | undefined;
  /** CL_UPLOAD: imported into Content Lab (clips may be cut from it); a library upload otherwise. */
  source?: 'CL_UPLOAD' | undefined;
}

const FINISHED = ['COMPLETE', 'ERROR'];

/**
 * Generates each video's clip with ffmpeg, uploads it (tus), creates its library asset and asks
 * for its transcode, exactly as the web studio does; then waits for the pipeline to finish them.
 */
export async function addDemoVideos(
  api: StudioClient,
  organizationId: string,
  videos: DemoVideo[],
  options: { clipSeconds: number; timeoutMs: number; report: (line: string) => void },
): Promise<VideoAsset[]> {
  const { report } = options;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-demo-clips-'));
  try {
    report(`Generating ${videos.length} clips with ffmpeg (${options.clipSeconds} s, 1280×720)…`);
    const files = await Promise.all(videos.map((video) => makeClip(video.clip, options.clipSeconds, dir)));
    const assets: VideoAsset[] = [];
    for (const [index, video] of videos.entries()) {
      const file = files[index]!;
      const uploaded = await api.upload(await readFile(file), path.basename(file));
      const asset = await api.post<VideoAsset>('/api/core/video_assets/', {
        name: video.name,
        description: video.description,
        organization: organizationId,
        asset_type: 'VIDEO',
        uploaded,
        duration: options.clipSeconds,
        ...(video.workspace ? { workspace: video.workspace } : {}),
        ...(video.event ? { event: video.event } : {}),
        ...(video.source ? { source: video.source } : {}),
      });
      await api.post(`/api/core/video_assets/${asset.id}/transcode/`);
      report(`  uploaded "${video.name}", processing…`);
      assets.push(asset);
    }
    const finished = await waitForPipeline(api, assets, options);
    for (const [index, video] of videos.entries()) {
      if (!video.chapters) continue;
      const chapters = video.chapters.map(({ title, at }) => ({
        title,
        start_time: Math.round(at * options.clipSeconds * 10) / 10,
      }));
      finished[index] = await api.replace<VideoAsset>(
        `/api/core/video_assets/${finished[index]!.id}/chapters/`,
        { chapters },
      );
    }
    return finished;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Polls the assets until each is COMPLETE or ERROR, printing every change of status. */
async function waitForPipeline(
  api: StudioClient,
  assets: VideoAsset[],
  options: { timeoutMs: number; report: (line: string) => void },
): Promise<VideoAsset[]> {
  const started = Date.now();
  const seen = new Map<string, string | null>();
  for (;;) {
    const current = await Promise.all(
      assets.map((asset) => api.get<VideoAsset>(`/api/core/video_assets/${asset.id}/`)),
    );
    for (const asset of current) {
      if (seen.get(asset.id) === asset.transcode_status) continue;
      seen.set(asset.id, asset.transcode_status);
      const notes = [...asset.warnings, ...asset.errors];
      const elapsed = ((Date.now() - started) / 1000).toFixed(1);
      options.report(
        `  ${asset.name}: ${asset.transcode_status ?? 'UNKNOWN'} after ${elapsed} s${notes.length ? ` (${notes.join('; ')})` : ''}`,
      );
    }
    if (current.every((asset) => FINISHED.includes(asset.transcode_status ?? ''))) return current;
    if (Date.now() - started > options.timeoutMs) {
      throw new Error(`the pipeline did not finish the demo videos within ${options.timeoutMs / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
