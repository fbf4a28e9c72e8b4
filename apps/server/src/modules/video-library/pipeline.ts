import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { isProcessed } from '@studio/domain';
import { MediaToolError } from '@studio/media';
import type { JobContext } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { InstantPlayback } from './instant-playback.ts';
import { PIPELINE_STEPS, type PipelineState, type RecordedStep, type StepContext } from './pipeline-steps.ts';
import { assetPrefix } from './playback.ts';
import { toUpdatedMessage } from './video-asset-view.ts';
import type { VideoAssetRow, VideoLibraryRepository } from './video-library.repository.ts';

/** The prefix of an asset's instant set while it has one: its segments are cut from the upload. */
export function instantPrefixOf(asset: Pick<VideoAssetRow, 'pipeline'>): string | undefined {
  const first = (asset.pipeline as PipelineState).firstPlayable;
  return first?.kind === 'instant' ? first.prefix : undefined;
}

/** The steps that record a result, by the name a test hook hears. */
export type PipelineStep = RecordedStep;

export interface PipelineDeps {
  assets: VideoLibraryRepository;
  storage: ObjectStore;
  instant: InstantPlayback;
  realtime: Pick<Realtime, 'publish'>;
  /** Scratch space for ffmpeg (DATA_DIR/work). */
  workRoot: string;
  /** Test hook: runs before each step that is not done yet. */
  beforeStep?: (step: PipelineStep, assetId: string, signal: AbortSignal) => Promise<void>;
}

/** The asset was deleted while it was processed: stop, and remove what was published. */
class AssetGone extends Error {}

/**
 * ARCHITECTURE §5 as one idempotent job per asset: the named steps of `PIPELINE_STEPS`, in
 * order, each skipped when the state recorded on the asset says it is done. Each step writes a
 * fresh prefix and publishes it by recording it on the asset, so a crash leaves nothing visible
 * half-written and a retry resumes after the last recorded step.
 */
export function createTranscodePipeline(deps: PipelineDeps) {
  const { assets, storage, realtime } = deps;

  async function load(assetId: string): Promise<VideoAssetRow> {
    const asset = await assets.findById(assetId);
    if (!asset) throw new AssetGone();
    return asset;
  }

  async function push(assetId: string) {
    const asset = await assets.findById(assetId);
    if (asset)
      await realtime.publish(asset.organization_id, toUpdatedMessage(asset), {
        workspaceId: asset.workspace_id,
      });
  }

  async function fail(assetId: string, codes: string[], reason: string | undefined, unplayable = false) {
    await assets.fail(assetId, codes, reason ?? null, unplayable);
    await push(assetId);
  }

  function contextOf(asset: VideoAssetRow, signal: AbortSignal, workDir: string): StepContext {
    const assetId = asset.id;
    let input: Promise<string> | undefined;
    return {
      asset,
      state: asset.pipeline,
      assetId,
      signal,
      workDir,
      storage,
      instant: deps.instant,
      assets,
      inputPath: () =>
        (input ??= (async () => {
          const local = storage.localPath(asset.source_key!);
          if (local) return local;
          const downloaded = path.join(workDir, 'source');
          await storage.download(asset.source_key!, downloaded);
          return downloaded;
        })()),
      async record(step, value, changes = {}) {
        signal.throwIfAborted();
        if (!(await assets.recordStep(assetId, step, value, changes))) throw new AssetGone();
      },
      push: () => push(assetId),
      fail: (codes, reason, unplayable) => fail(assetId, codes, reason, unplayable),
      load: () => load(assetId),
    };
  }

  /**
   * Runs the steps not done yet. With `until: 'playable'` it stops before the ladder's steps and
   * answers 'more' (a job of their own, so new uploads become playable while long ladders run).
   */
  async function run(
    assetId: string,
    job: JobContext,
    until: 'playable' | 'complete' = 'complete',
  ): Promise<'done' | 'more'> {
    const { signal } = job;
    const asset = await load(assetId);
    if (isProcessed(asset.transcode_status) || asset.transcode_status === 'ERROR' || !asset.source_key)
      return 'done';
    const workDir = path.join(deps.workRoot, `${assetId}-${randomBytes(4).toString('hex')}`);
    await mkdir(workDir, { recursive: true });
    const context = contextOf(asset, signal, workDir);
    try {
      for (const step of PIPELINE_STEPS) {
        if (until === 'playable' && step.part === 'complete') return 'more';
        if (step.isDone(context)) continue;
        signal.throwIfAborted();
        if (step.records) await deps.beforeStep?.(step.records, assetId, signal);
        if ((await step.run(context)) === 'stop') return 'done';
      }
      return 'done';
    } catch (error) {
      if (error instanceof AssetGone) {
        await storage.deletePrefix(assetPrefix(assetId));
        return 'done';
      }
      if (signal.aborted) throw error;
      // ffmpeg refused the file part-way: the file's fault, no retry will help.
      if (error instanceof MediaToolError) {
        await fail(assetId, ['UNDECODABLE'], error.reason);
        return 'done';
      }
      if (job.lastTry)
        await fail(assetId, ['UNDECODABLE'], error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  return { run };
}
