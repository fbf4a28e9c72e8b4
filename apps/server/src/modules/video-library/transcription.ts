import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  resolveFeatureFlags,
  transcoderMessage,
  transcriptMessages,
  type TranscriptItem,
  type Transcription,
  VIDEO_TRANSCRIPT_UPDATED,
} from '@studio/domain';
import {
  audioStreams,
  locateSpeechEngine,
  MediaToolError,
  SpeechEngineError,
  transcribeMedia,
  type SpeechEngine,
  type SpokenPhrase,
} from '@studio/media';
import { defineJob, type JobContext } from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { PipelineState } from './pipeline-steps.ts';
import type { VideoAssetRow, VideoLibraryRepository } from './video-library.repository.ts';

/**
 * Issue 37: a video's transcript by the local speech-to-text engine, after its transcode. One at a
 * time per process: the engine keeps a core busy for about the media's duration.
 */
export const transcribeVideoAssetJob = defineJob({
  name: 'video-assets.transcribe',
  payload: z.object({ assetId: z.uuid() }),
  oneWaitingPerKey: true,
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 23 * 3600,
  concurrency: 1,
});

/** The transcript link of spec 000 §3: the API's transcript of the asset. */
export const transcriptUrlOf = (publicUrl: string, assetId: string) =>
  `${publicUrl}/api/core/video_assets/${assetId}/transcript/`;

/** The speaker of an engine's items: the engines here do not tell voices apart. */
export const ENGINE_SPEAKER_LABEL = 'spk_0';

/** Progress is written at most this often (fractions), so a long run does not flood the row. */
const PROGRESS_STEP = 0.05;

/** Engine phrases as spec 000 §3 transcript items. */
export function itemsOfPhrases(phrases: readonly SpokenPhrase[]): TranscriptItem[] {
  return phrases.map((phrase) => ({
    start_time: Math.round(phrase.start * 1000) / 1000,
    end_time: Math.round(phrase.end * 1000) / 1000,
    type: 'pronunciation',
    speaker_label: ENGINE_SPEAKER_LABEL,
    alternatives: [{ content: phrase.text }],
  }));
}

/** The transcription state of a row, every field present. */
export function transcriptionOf(row: Pick<VideoAssetRow, 'transcription'>): Transcription {
  const state = row.transcription;
  return {
    status: state.status ?? null,
    progress: state.progress ?? null,
    code: state.code ?? null,
    message: state.message ?? null,
    language: state.language ?? null,
    source: state.source ?? null,
    engine: state.engine ?? null,
  };
}

/** Why a language cannot be transcribed for this organisation with this engine (spec 000 §8 codes). */
export function languageRefusal(
  language: string,
  engine: Pick<SpeechEngine, 'languages'> | undefined,
  restricted: boolean,
): { code: 'MULTI_LANGUAGE_SUPPORT_RESTRICTED' | 'LANGUAGE_NOT_SUPPORTED'; message: string } | undefined {
  const primary = language.toLowerCase().split('-')[0] ?? '';
  if (restricted && primary !== 'en' && primary !== 'auto')
    return {
      code: 'MULTI_LANGUAGE_SUPPORT_RESTRICTED',
      message: transcoderMessage('NON_ENGLISH_TRANSCRIPTION_RESTRICTED'),
    };
  if (engine?.languages && !engine.languages.includes(primary))
    return { code: 'LANGUAGE_NOT_SUPPORTED', message: transcriptMessages.languageNotSupported };
  return undefined;
}

export interface TranscriberDeps {
  assets: VideoLibraryRepository;
  storage: ObjectStore;
  workRoot: string;
  realtime: Pick<Realtime, 'publish'>;
  engine?: () => SpeechEngine | undefined;
}

/** The transcribe job's handler: extract speech, run the engine, store the items, record failures. */
export function createTranscriber(deps: TranscriberDeps) {
  const { assets, storage } = deps;
  const engineOf = deps.engine ?? (() => locateSpeechEngine());

  /**
   * Saves a step or progress of the transcription, and the organisation's studios hear it. False:
   * not saved, since captions uploaded or an edit made meanwhile completed the transcript.
   */
  async function record(
    asset: VideoAssetRow,
    changes: Partial<Transcription>,
    items?: TranscriptItem[],
  ): Promise<boolean> {
    const transcription = await assets.transcriptionStep(asset.id, changes, items && { items });
    if (!transcription) return false;
    await deps.realtime.publish(
      asset.organization_id,
      {
        type: VIDEO_TRANSCRIPT_UPDATED,
        data: { id: asset.id, transcription: transcriptionOf({ transcription }) },
      },
      { workspaceId: asset.workspace_id },
    );
    return true;
  }

  const fail = async (asset: VideoAssetRow, code: string, message: string): Promise<void> => {
    await record(asset, { status: 'ERROR', progress: null, code, message });
  };

  return async function transcribe(assetId: string, job: JobContext): Promise<void> {
    const asset = await assets.findById(assetId);
    // PROCESSING: a retry after a worker was lost mid-run. Anything else: an upload or edit won.
    const { status } = asset?.transcription ?? {};
    if (!asset || (status !== 'QUEUED' && status !== 'PROCESSING') || !asset.source_key) return;
    const facts = (asset.pipeline as PipelineState).probe?.facts;
    if (facts && audioStreams(facts).length === 0)
      return fail(asset, 'INVALID_AUDIO', transcriptMessages.noAudio);
    const engine = engineOf();
    if (!engine) return fail(asset, 'TRANSCRIPT_NOT_AVAILABLE', transcriptMessages.engineUnavailable);
    const organization = await assets.organization(asset.organization_id);
    const restricted =
      resolveFeatureFlags(organization?.feature_flags ?? {}).isMultiLanguageSupportRestricted === true;
    const asked = asset.transcription.language ?? (engine.languages ? 'en' : 'auto');
    const refusal = languageRefusal(asked, engine, restricted);
    if (refusal) return fail(asset, refusal.code, refusal.message);

    // Not started when an upload or edit completed the transcript since the video was read.
    if (!(await record(asset, { status: 'PROCESSING', progress: 0, engine: engine.name }))) return;
    const workDir = path.join(deps.workRoot, `${assetId}-transcript`);
    await mkdir(workDir, { recursive: true });
    let written = 0;
    let writing = Promise.resolve();
    try {
      const local = storage.localPath(asset.source_key);
      const input = local ?? path.join(workDir, 'source');
      if (!local) await storage.download(asset.source_key, input);
      const result = await transcribeMedia(engine, input, {
        language: asked,
        durationSeconds: asset.duration ?? facts?.durationSeconds ?? undefined,
        signal: job.signal,
        onProgress: (fraction) => {
          if (fraction - written < PROGRESS_STEP) return;
          written = fraction;
          writing = writing.then(async () => {
            await record(asset, { progress: Math.round(fraction * 100) / 100 });
          });
        },
      });
      await writing;
      // An engine that detects the language (whisper) may hear one the account may not transcribe.
      const heard = languageRefusal(result.language, undefined, restricted);
      if (heard) {
        const warnings = [...new Set([...asset.transcoder_warnings, 'NON_ENGLISH_TRANSCRIPTION_RESTRICTED'])];
        await assets.update(asset.id, { transcoder_warnings: JSON.stringify(warnings) });
        return await fail(asset, heard.code, heard.message);
      }
      await record(
        asset,
        {
          status: 'COMPLETE',
          progress: 1,
          code: null,
          message: null,
          language: result.language,
          source: 'ENGINE',
        },
        itemsOfPhrases(result.phrases),
      );
    } catch (error) {
      if (job.signal.aborted) throw error;
      const known = error instanceof MediaToolError || error instanceof SpeechEngineError;
      if (known || job.lastTry)
        await fail(asset, 'SERVER_ERROR', error instanceof Error ? error.message : String(error));
      if (!known) throw error;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}
