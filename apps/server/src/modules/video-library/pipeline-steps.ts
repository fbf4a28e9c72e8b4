import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  processedStatus,
  resolveFeatureFlags,
  splitTranscoderCodes,
  type TranscoderCode,
} from '@studio/domain';
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
  type TranscodePlan,
  type X264Preset,
} from '@studio/media';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { InstantPlayback } from './instant-playback.ts';
import { mp4FromVariant, publishDirectory, readObjectText } from './media-steps.ts';
import { assetPrefix } from './playback.ts';
import type { VideoAssetRow, VideoLibraryRepository } from './video-library.repository.ts';

/** What each finished step left behind, kept on the asset so a retry skips it. */
export interface PipelineState {
  probe?: { facts: MediaFacts | null; codes: TranscoderCode[]; reason?: string };
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

/** The keys of the recorded state: the steps a test hook hears of. */
export type RecordedStep = keyof PipelineState;

/** What a step sees: the asset as the run found it, and the state the finished steps recorded. */
export interface RunState {
  asset: VideoAssetRow;
  state: PipelineState;
}

export interface StepContext extends RunState {
  assetId: string;
  signal: AbortSignal;
  /** Scratch space of this run, removed when it ends. */
  workDir: string;
  storage: ObjectStore;
  instant: InstantPlayback;
  assets: VideoLibraryRepository;
  /** The upload on local disk (downloaded from a bucket on first use). */
  inputPath(): Promise<string>;
  /** Records the step's result on the asset with `changes`, in one statement. */
  record(
    step: RecordedStep,
    value: PipelineState[RecordedStep],
    changes?: Parameters<VideoLibraryRepository['update']>[1],
  ): Promise<void>;
  /** Tells the studio's open pages that the asset changed. */
  push(): Promise<void>;
  /** Ends the asset in ERROR; `unplayable`: nothing published may be played. */
  fail(codes: string[], reason: string | undefined, unplayable?: boolean): Promise<void>;
  /** The asset row as it is now. */
  load(): Promise<VideoAssetRow>;
}

export interface Step {
  name: string;
  /** The state key the step records (what a test hook hears of); none for a status change. */
  records?: RecordedStep;
  /** 'playable': the first job's steps; 'complete': the ladder job's. */
  part: 'playable' | 'complete';
  isDone(run: RunState): boolean;
  /** 'stop': the asset has ended (in ERROR); no later step runs. */
  run(context: StepContext): Promise<void | 'stop'>;
}

export const newPrefix = (assetId: string, step: string) =>
  `${assetPrefix(assetId)}${step}-${Date.now().toString(36)}${randomBytes(4).toString('hex')}/`;

/** The probe's facts when it found the file playable (no transcoder error), else undefined. */
function playableFacts({ state }: RunState): MediaFacts | undefined {
  const probe = state.probe;
  if (!probe?.facts || splitTranscoderCodes(probe.codes).errors.length > 0) return undefined;
  return probe.facts;
}

function planOf(run: RunState): TranscodePlan {
  const facts = playableFacts(run);
  if (!facts) throw new Error('No playable facts: the probe step has not passed.');
  return transcodePlan(facts);
}

const videoOf = (run: RunState) => videoStreams(playableFacts(run)!)[0];

async function sourceOf(context: StepContext): Promise<MediaSource> {
  return { path: await context.inputPath(), facts: playableFacts(context)! };
}

/** The container said browser-ready, the streams say otherwise: a low rendition replaces the instant set. */
function trustedFirstPlayable(run: RunState): FirstPlayable | undefined {
  const first = run.state.firstPlayable;
  if (first?.kind === 'instant' && playableFacts(run) && planOf(run).firstPlayable !== 'remux')
    return undefined;
  return first;
}

/** The asset plays from this published HLS set until its ladder: recorded as its first playable, then told. */
async function playsFrom(context: StepContext, first: FirstPlayable): Promise<void> {
  context.state.firstPlayable = first;
  await context.record('firstPlayable', first, {
    hls_key: `${first.prefix}${HLS_MASTER_PLAYLIST}`,
    transcode_status: 'PROCESSING_HD',
  });
  await context.push();
}

/** Before the probe, and before a bucket's upload is downloaded: a browser-ready mp4 plays at once. */
const instantPlayback: Step = {
  name: 'instant playback',
  records: 'firstPlayable',
  part: 'playable',
  isDone: ({ state }) => Boolean(state.firstPlayable ?? state.probe),
  async run(context) {
    const prefix = newPrefix(context.assetId, 'instant');
    if (!context.asset.source_key || !(await context.instant.publish(context.asset.source_key, prefix)))
      return;
    await playsFrom(context, { prefix, kind: 'instant' });
  },
};

/** A submitted asset that does not play yet is being worked on. */
const progressing: Step = {
  name: 'progressing',
  part: 'playable',
  isDone: ({ asset, state }) => asset.transcode_status !== 'SUBMITTED' || Boolean(state.firstPlayable),
  async run(context) {
    await context.assets.update(context.assetId, { transcode_status: 'PROGRESSING' });
    await context.push();
  },
};

/** Streams, duration and the transcoder's warnings and errors (spec 000 §5). */
const probe: Step = {
  name: 'probe',
  records: 'probe',
  part: 'playable',
  isDone: ({ state }) => Boolean(state.probe),
  async run(context) {
    const inspection = await inspectMedia(await context.inputPath(), { signal: context.signal });
    const { errors, warnings } = splitTranscoderCodes(inspection.codes);
    context.state.probe = {
      facts: inspection.facts ?? null,
      codes: inspection.codes,
      ...(inspection.reason ? { reason: inspection.reason } : {}),
    };
    await context.record('probe', context.state.probe, {
      transcoder_warnings: JSON.stringify(warnings),
      transcoder_errors: JSON.stringify(errors),
      ...(inspection.facts?.durationSeconds !== undefined
        ? { duration: inspection.facts.durationSeconds }
        : {}),
    });
    // A refused file is told by the next step, with its ERROR.
    if (playableFacts(context)) await context.push();
  },
};

/** A file the probe refused ends in ERROR, and what was published is no longer played. */
const refusal: Step = {
  name: 'refusal',
  part: 'playable',
  isDone: (run) => playableFacts(run) !== undefined,
  async run(context) {
    const { codes = [], reason } = context.state.probe ?? {};
    const { errors } = splitTranscoderCodes(codes);
    await context.fail(errors.length > 0 ? errors : ['UNDECODABLE'], reason, true);
    return 'stop';
  },
};

/** A stream-copy remux of a browser-ready file (seconds), else a fast low rendition. */
const firstPlayable: Step = {
  name: 'first playable',
  records: 'firstPlayable',
  part: 'playable',
  isDone: (run) => !planOf(run).firstPlayable || Boolean(trustedFirstPlayable(run)),
  async run(context) {
    const plan = planOf(context);
    const source = await sourceOf(context);
    const local = path.join(context.workDir, 'first');
    const options = { signal: context.signal };
    if (plan.firstPlayable === 'remux') await remuxToHls(source, local, options);
    else await encodeLowRendition(source, local, plan.ladder, options);
    const prefix = newPrefix(context.assetId, plan.firstPlayable === 'remux' ? 'remux' : 'low');
    await publishDirectory(context.storage, local, prefix, context.signal);
    await playsFrom(context, { prefix, kind: plan.firstPlayable! });
  },
};

/** A frame at 1 s, unless the studio sent one with the upload. */
const thumbnail: Step = {
  name: 'thumbnail',
  records: 'thumbnail',
  part: 'playable',
  isDone: (run) => !planOf(run).thumbnail || Boolean(run.state.thumbnail),
  async run(context) {
    const asset = await context.load();
    if (asset.thumbnail_from_client && asset.thumbnail_key) {
      context.state.thumbnail = { key: asset.thumbnail_key };
      await context.record('thumbnail', context.state.thumbnail);
      return;
    }
    const local = path.join(context.workDir, 'thumbnail.jpg');
    if (await thumbnailOf(await sourceOf(context), local, context.signal)) {
      const key = `${newPrefix(context.assetId, 'thumb')}thumbnail.jpg`;
      await context.storage.putFile(key, local, { move: true });
      context.state.thumbnail = { key };
      await context.record('thumbnail', context.state.thumbnail, { thumbnail_key: key });
      await context.push();
    } else {
      context.state.thumbnail = { key: null };
      await context.record('thumbnail', context.state.thumbnail);
    }
  },
};

/** The lower rungs encoded; the source's own rung copied, or the low rendition reused. */
const ladder: Step = {
  name: 'ladder',
  records: 'ladder',
  part: 'complete',
  isDone: (run) => !videoOf(run) || !run.state.firstPlayable || Boolean(run.state.ladder),
  async run(context) {
    const { storage, workDir } = context;
    const plan = planOf(context);
    const video = videoOf(context)!;
    const source = await sourceOf(context);
    const options = { signal: context.signal };
    const first = context.state.firstPlayable!;
    const sourceIsTopRung = first.kind !== 'low-rendition';
    // The source is the top rung as it is; a low rendition is the bottom rung.
    const rungs: Rendition[] = sourceIsTopRung
      ? plan.ladder.filter(
          (rendition) =>
            Math.min(rendition.width, rendition.height) < Math.min(video.width ?? 0, video.height ?? 0),
        )
      : plan.ladder.slice(1);
    const prefix = newPrefix(context.assetId, 'ladder');
    const local = path.join(workDir, 'ladder');
    const sets: { playlist: string; uriPrefix: string }[] = [];
    const takeMaster = async (directory: string, uriPrefix: string) => {
      sets.push({ playlist: await readFile(path.join(directory, HLS_MASTER_PLAYLIST), 'utf8'), uriPrefix });
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
    await publishDirectory(storage, local, prefix, context.signal);
    context.state.ladder = { prefix };
    await context.record('ladder', context.state.ladder, { hls_key: `${prefix}${HLS_MASTER_PLAYLIST}` });
  },
};

/** The downloadable faststart mp4: a copy of a browser-ready file, else the top encoded rung joined. */
const mp4: Step = {
  name: 'mp4',
  records: 'mp4',
  part: 'complete',
  isDone: ({ state }) => Boolean(state.mp4),
  async run(context) {
    const { storage, workDir, state } = context;
    const plan = planOf(context);
    const local = path.join(workDir, 'video.mp4');
    if (plan.mp4 === 'copy' || !videoOf(context) || !state.ladder) {
      await writeMp4(await sourceOf(context), local, plan.mp4, { signal: context.signal });
    } else {
      // The top encoded rung, joined: no second encode of the whole video.
      const master = await readObjectText(storage, `${state.ladder.prefix}${HLS_MASTER_PLAYLIST}`);
      const top = parseMasterPlaylist(master).at(-1);
      if (!top) throw new Error('The ladder has no variant.');
      const variantKey = normalizeKey(`${state.ladder.prefix}${top.uri}`);
      await mp4FromVariant(storage, variantKey, workDir, local, context.signal);
    }
    const key = `${newPrefix(context.assetId, 'mp4')}video.mp4`;
    await storage.putFile(key, local, { move: true, contentType: 'video/mp4' });
    state.mp4 = { key };
    await context.record('mp4', state.mp4, { mp4_key: key });
  },
};

/** COMPLETE (a clip READY_TO_PUBLISH where clips are published), then what a crashed attempt left in storage is removed. */
const complete: Step = {
  name: 'complete',
  part: 'complete',
  isDone: () => false,
  async run(context) {
    context.signal.throwIfAborted();
    const organization = await context.assets.organization(context.asset.organization_id);
    const flags = resolveFeatureFlags(organization?.feature_flags ?? {});
    await context.assets.update(context.assetId, {
      transcode_status: processedStatus(context.asset.source, flags),
    });
    await dropUnreferenced(context.storage, await context.load());
    await context.push();
  },
};

/**
 * ARCHITECTURE §5, in order: instant playback of a browser-ready mp4 (PROCESSING_HD in
 * milliseconds, no ffmpeg) → probe → refusal → otherwise a first playable (PROCESSING_HD) →
 * thumbnail at 1 s; then, in a job of its own, the ladder → faststart mp4 → COMPLETE.
 */
export const PIPELINE_STEPS: readonly Step[] = [
  instantPlayback,
  progressing,
  probe,
  refusal,
  firstPlayable,
  thumbnail,
  ladder,
  mp4,
  complete,
];

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

/** Deletes what this asset has in storage but no longer refers to (a crashed attempt's output). */
async function dropUnreferenced(storage: ObjectStore, asset: VideoAssetRow) {
  const state = asset.pipeline as PipelineState;
  const kept = [
    state.firstPlayable?.prefix,
    state.ladder?.prefix,
    asset.thumbnail_key,
    asset.mp4_key,
    // A clip's original is stored under its own prefix (clip-videos.ts).
    asset.source_key,
    `${assetPrefix(asset.id)}client/`,
  ]
    .filter((key): key is string => Boolean(key))
    .map((key) => (key.endsWith('/') ? key : key.slice(0, key.lastIndexOf('/') + 1)));
  const objects = await storage.list(assetPrefix(asset.id));
  for (const object of objects) {
    if (!kept.some((prefix) => object.key.startsWith(prefix))) await storage.delete(object.key);
  }
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
