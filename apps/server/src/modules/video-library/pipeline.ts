import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { splitTranscoderCodes } from '@studio/domain';
import {
  captureThumbnail,
  encodeHlsLadder,
  encodeLowRendition,
  HLS_MASTER_PLAYLIST,
  inspectMedia,
  MediaToolError,
  mergeMasterPlaylists,
  parseMasterPlaylist,
  remuxToHls,
  transcodePlan,
  videoStreams,
  writeMp4,
  type MediaFacts,
  type MediaSource,
  type Rendition,
  type X264Preset,
} from '@studio/media';
import type { JobContext } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { InstantPlayback } from './instant-playback.ts';
import { mp4FromVariant, publishDirectory, readObjectText } from './media-steps.ts';
import { assetPrefix } from './playback.ts';
import { toUpdatedMessage } from './video-asset-view.ts';
import type { VideoAssetRow, VideoLibraryRepository } from './video-library.repository.ts';

/** What each finished step left behind, kept on the asset so a retry skips it. */
interface PipelineState {
  probe?: { facts: MediaFacts | null; codes: string[]; reason?: string };
  /** instant: the upload played as it is (instant HLS); remux: an ffmpeg stream copy; low-rendition: an encode. */
  firstPlayable?: FirstPlayable;
  /** null: no frame could be taken (a damaged file keeps playing without one). */
  thumbnail?: { key: string | null };
  ladder?: { prefix: string };
  mp4?: { key: string };
}

interface FirstPlayable {
  prefix: string;
  kind: 'instant' | 'remux' | 'low-rendition';
}

/** The prefix of an asset's instant set while it has one: its segments are cut from the upload. */
export function instantPrefixOf(asset: Pick<VideoAssetRow, 'pipeline'>): string | undefined {
  const first = (asset.pipeline as PipelineState).firstPlayable;
  return first?.kind === 'instant' ? first.prefix : undefined;
}

export type PipelineStep = 'probe' | 'firstPlayable' | 'thumbnail' | 'ladder' | 'mp4';

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

const newPrefix = (assetId: string, step: string) =>
  `${assetPrefix(assetId)}${step}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}/`;

/**
 * ARCHITECTURE §5 as one idempotent job per asset: instant playback of a browser-ready mp4
 * (PROCESSING_HD in milliseconds, no ffmpeg) → probe → warnings/errors → otherwise a first playable
 * (a stream-copy remux of H.264/AAC, else a fast low rendition; PROCESSING_HD) → thumbnail at 1 s →
 * the ladder (the lower rungs encoded; the source's own rung copied, or the low rendition reused)
 * → faststart mp4 → COMPLETE. Each step writes a fresh prefix and publishes it by recording it on
 * the asset, so a crash leaves nothing visible half-written and a retry resumes after the last
 * recorded step.
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

  async function record(
    assetId: string,
    step: PipelineStep,
    value: unknown,
    changes: Parameters<VideoLibraryRepository['update']>[1] = {},
    signal?: AbortSignal,
  ) {
    signal?.throwIfAborted();
    if (!(await assets.recordStep(assetId, step, value, changes))) throw new AssetGone();
  }

  /** `unplayable`: nothing published may be played (the probe refused the file). */
  async function fail(assetId: string, codes: string[], reason: string | undefined, unplayable = false) {
    await assets.update(assetId, {
      transcode_status: 'ERROR',
      transcoder_errors: JSON.stringify(codes),
      error_reason: reason ?? null,
      ...(unplayable ? { hls_key: null } : {}),
    });
    await push(assetId);
  }

  /** Deletes what this asset has in storage but no longer refers to (a crashed attempt's output). */
  async function dropUnreferenced(asset: VideoAssetRow) {
    const state = asset.pipeline as PipelineState;
    const kept = [
      state.firstPlayable?.prefix,
      state.ladder?.prefix,
      asset.thumbnail_key,
      asset.mp4_key,
      `${assetPrefix(asset.id)}client/`,
    ]
      .filter((key): key is string => Boolean(key))
      .map((key) => (key.endsWith('/') ? key : key.slice(0, key.lastIndexOf('/') + 1)));
    const objects = await storage.list(assetPrefix(asset.id));
    for (const object of objects) {
      if (!kept.some((prefix) => object.key.startsWith(prefix))) await storage.delete(object.key);
    }
  }

  /**
   * Runs the steps not done yet. With `until: 'playable'` it stops after the thumbnail and
   * answers 'more' when the ladder and mp4 remain (a job of their own, so new uploads become
   * playable while long ladders run).
   */
  async function run(
    assetId: string,
    context: JobContext,
    until: 'playable' | 'complete' = 'complete',
  ): Promise<'done' | 'more'> {
    const { signal } = context;
    let asset = await load(assetId);
    if (asset.transcode_status === 'COMPLETE' || asset.transcode_status === 'ERROR' || !asset.source_key)
      return 'done';
    const workDir = path.join(deps.workRoot, `${assetId}-${randomBytes(4).toString('hex')}`);
    await mkdir(workDir, { recursive: true });
    const step = async (name: PipelineStep) => {
      signal.throwIfAborted();
      await deps.beforeStep?.(name, assetId, signal);
    };
    try {
      const state = asset.pipeline as PipelineState;
      if (!state.firstPlayable && !state.probe) {
        // Before the probe, and before a bucket's upload is downloaded: the browser-ready mp4 plays at once.
        await step('firstPlayable');
        const prefix = newPrefix(assetId, 'instant');
        if (await deps.instant.publish(asset.source_key, prefix)) {
          state.firstPlayable = { prefix, kind: 'instant' };
          await record(
            assetId,
            'firstPlayable',
            state.firstPlayable,
            { hls_key: `${prefix}${HLS_MASTER_PLAYLIST}`, transcode_status: 'PROCESSING_HD' },
            signal,
          );
          await push(assetId);
        }
      }
      if (asset.transcode_status === 'SUBMITTED' && !state.firstPlayable) {
        await assets.update(assetId, { transcode_status: 'PROGRESSING' });
        await push(assetId);
      }

      let inputPath = storage.localPath(asset.source_key);
      if (!inputPath) {
        inputPath = path.join(workDir, 'source');
        await storage.download(asset.source_key, inputPath);
      }

      if (!state.probe) {
        await step('probe');
        const inspection = await inspectMedia(inputPath, { signal });
        const { errors, warnings } = splitTranscoderCodes(inspection.codes);
        state.probe = {
          facts: inspection.facts ?? null,
          codes: inspection.codes,
          ...(inspection.reason ? { reason: inspection.reason } : {}),
        };
        await record(
          assetId,
          'probe',
          state.probe,
          {
            transcoder_warnings: JSON.stringify(warnings),
            transcoder_errors: JSON.stringify(errors),
            ...(inspection.facts?.durationSeconds !== undefined
              ? { duration: inspection.facts.durationSeconds }
              : {}),
          },
          signal,
        );
        if (errors.length > 0 || !inspection.facts) {
          await fail(assetId, errors.length > 0 ? errors : ['UNDECODABLE'], inspection.reason, true);
          return 'done';
        }
        await push(assetId);
      }
      const facts = state.probe.facts;
      if (!facts) {
        await fail(assetId, ['UNDECODABLE'], state.probe.reason, true);
        return 'done';
      }
      const source: MediaSource = { path: inputPath, facts };
      const plan = transcodePlan(facts);
      const [video] = videoStreams(facts);
      const options = { signal };
      // The container said browser-ready, the streams say otherwise: a low rendition replaces it.
      if (state.firstPlayable?.kind === 'instant' && plan.firstPlayable !== 'remux')
        delete state.firstPlayable;

      if (plan.firstPlayable && !state.firstPlayable) {
        await step('firstPlayable');
        const local = path.join(workDir, 'first');
        if (plan.firstPlayable === 'remux') await remuxToHls(source, local, options);
        else await encodeLowRendition(source, local, plan.ladder, options);
        const prefix = newPrefix(assetId, plan.firstPlayable === 'remux' ? 'remux' : 'low');
        await publishDirectory(storage, local, prefix, signal);
        state.firstPlayable = { prefix, kind: plan.firstPlayable };
        await record(
          assetId,
          'firstPlayable',
          state.firstPlayable,
          { hls_key: `${prefix}${HLS_MASTER_PLAYLIST}`, transcode_status: 'PROCESSING_HD' },
          signal,
        );
        await push(assetId);
      }

      if (plan.thumbnail && !state.thumbnail) {
        await step('thumbnail');
        asset = await load(assetId);
        if (asset.thumbnail_from_client && asset.thumbnail_key) {
          state.thumbnail = { key: asset.thumbnail_key };
          await record(assetId, 'thumbnail', state.thumbnail, {}, signal);
        } else {
          const local = path.join(workDir, 'thumbnail.jpg');
          if (await thumbnailOf(source, local, signal)) {
            const key = `${newPrefix(assetId, 'thumb')}thumbnail.jpg`;
            await storage.putFile(key, local, { move: true });
            state.thumbnail = { key };
            await record(assetId, 'thumbnail', state.thumbnail, { thumbnail_key: key }, signal);
            await push(assetId);
          } else {
            state.thumbnail = { key: null };
            await record(assetId, 'thumbnail', state.thumbnail, {}, signal);
          }
        }
      }

      if (until === 'playable') return 'more';

      if (video && state.firstPlayable && !state.ladder) {
        await step('ladder');
        const first = state.firstPlayable;
        const sourceIsTopRung = first.kind !== 'low-rendition';
        // The source is the top rung as it is; a low rendition is the bottom rung.
        const rungs: Rendition[] = sourceIsTopRung
          ? plan.ladder.filter(
              (rendition) =>
                Math.min(rendition.width, rendition.height) < Math.min(video.width ?? 0, video.height ?? 0),
            )
          : plan.ladder.slice(1);
        const prefix = newPrefix(assetId, 'ladder');
        const local = path.join(workDir, 'ladder');
        const sets: { playlist: string; uriPrefix: string }[] = [];
        const takeMaster = async (directory: string, uriPrefix: string) => {
          sets.push({
            playlist: await readFile(path.join(directory, HLS_MASTER_PLAYLIST), 'utf8'),
            uriPrefix,
          });
          await rm(path.join(directory, HLS_MASTER_PLAYLIST));
        };
        if (rungs.length > 0) {
          await encodeHlsLadder(source, local, rungs, options, ladderPresets(rungs, sourceIsTopRung));
          await takeMaster(local, '');
        }
        if (first.kind === 'instant') {
          // The instant set plays from the upload; the ladder keeps a stored copy of the source's rung.
          await remuxToHls(source, path.join(local, 'top'), options);
          await takeMaster(path.join(local, 'top'), 'top/');
        } else {
          sets.push({
            playlist: await readObjectText(storage, `${first.prefix}${HLS_MASTER_PLAYLIST}`),
            uriPrefix: `../${first.prefix.split('/').at(-2)}/`,
          });
        }
        await mkdir(local, { recursive: true });
        await writeFile(path.join(local, HLS_MASTER_PLAYLIST), mergeMasterPlaylists(sets));
        await publishDirectory(storage, local, prefix, signal);
        state.ladder = { prefix };
        await record(assetId, 'ladder', state.ladder, { hls_key: `${prefix}${HLS_MASTER_PLAYLIST}` }, signal);
      }

      if (!state.mp4) {
        await step('mp4');
        const local = path.join(workDir, 'video.mp4');
        if (plan.mp4 === 'copy' || !video || !state.ladder) {
          await writeMp4(source, local, plan.mp4, options);
        } else {
          // The top encoded rung, joined: no second encode of the whole video.
          const master = await readObjectText(storage, `${state.ladder.prefix}${HLS_MASTER_PLAYLIST}`);
          const top = parseMasterPlaylist(master).at(-1);
          if (!top) throw new Error('The ladder has no variant.');
          const variantKey = normalizeKey(`${state.ladder.prefix}${top.uri}`);
          await mp4FromVariant(storage, variantKey, workDir, local, signal);
        }
        const key = `${newPrefix(assetId, 'mp4')}video.mp4`;
        await storage.putFile(key, local, { move: true, contentType: 'video/mp4' });
        state.mp4 = { key };
        await record(assetId, 'mp4', state.mp4, { mp4_key: key }, signal);
      }

      signal.throwIfAborted();
      await assets.update(assetId, { transcode_status: 'COMPLETE' });
      await dropUnreferenced(await load(assetId));
      await push(assetId);
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
      if (context.lastTry)
        await fail(assetId, ['UNDECODABLE'], error instanceof Error ? error.message : String(error));
      throw error;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  return { run };
}

/**
 * The ladder's x264 presets, chosen so a whole ladder takes about the video's duration on two
 * cores or less: the top rung people watch in full screen, and the downloadable mp4 is made of,
 * at `superfast`; the lower rungs at `ultrafast`, as the first low rendition already is. When the
 * source itself is the top rung (a remux), every encoded rung is a lower one.
 */
export const LADDER_TOP_PRESET: X264Preset = 'superfast';
export const LADDER_LOWER_PRESET: X264Preset = 'ultrafast';

export function ladderPresets(rungs: readonly Rendition[], sourceIsTopRung: boolean): X264Preset[] {
  return rungs.map((_, i) =>
    !sourceIsTopRung && i === rungs.length - 1 ? LADDER_TOP_PRESET : LADDER_LOWER_PRESET,
  );
}

/** A frame at 1 s; failing that (a file cut short), the first frame; failing that, none. */
async function thumbnailOf(source: MediaSource, output: string, signal: AbortSignal): Promise<boolean> {
  for (const attempt of [source, { ...source, facts: { ...source.facts, durationSeconds: 0 } }]) {
    try {
      await captureThumbnail(attempt, output, { signal });
      return true;
    } catch (error) {
      if (!(error instanceof MediaToolError)) throw error;
    }
  }
  return false;
}

/** Resolves `a/b/../c` in a key (the master's variants may point into a sibling set). */
function normalizeKey(key: string): string {
  const parts: string[] = [];
  for (const part of key.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
