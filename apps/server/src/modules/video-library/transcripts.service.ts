import { parse as parseSubtitles } from '@plussub/srt-vtt-parser';
import {
  isProcessed,
  resolveFeatureFlags,
  transcriptMessages,
  transcriptToSrt,
  transcriptToText,
  transcriptToVtt,
  videoLibraryMessages,
  type TranscriptAnswer,
  type TranscriptItem,
  type Transcription,
  type VideoAsset,
} from '@studio/domain';
import { locateSpeechEngine, type SpeechEngine } from '@studio/media';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, HttpError } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import {
  languageRefusal,
  transcribeVideoAssetJob,
  transcriptionOf,
  transcriptUrlOf,
} from './transcription.ts';
import type {
  LibraryOrganization,
  VideoAssetRecord,
  VideoLibraryRepository,
} from './video-library.repository.ts';
import type { VideoLibraryService } from './video-library.service.ts';

export interface TranscriptsDeps {
  library: VideoLibraryService;
  assets: VideoLibraryRepository;
  jobs: JobQueue;
  publicUrl: string;
  engine?: () => SpeechEngine | undefined;
}

const FORMATS = {
  vtt: { type: 'text/vtt; charset=utf-8', write: transcriptToVtt },
  srt: { type: 'application/x-subrip; charset=utf-8', write: transcriptToSrt },
  txt: { type: 'text/plain; charset=utf-8', write: transcriptToText },
} as const;

/** A WebVTT voice span (`<v Name>`) at the start of a cue: its speaker. */
const VOICE = /^<v(?:\.[^\s>]*)?\s+([^>]+)>/;

/** Subtitle cues as transcript items: speakers from voice spans, markup and line breaks dropped. */
export function itemsOfSubtitles(content: string): TranscriptItem[] {
  let entries: ReturnType<typeof parseSubtitles>['entries'];
  try {
    ({ entries } = parseSubtitles(content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')));
  } catch {
    return []; // the parser throws on text that is not cues
  }
  return entries
    .map((entry) => {
      const speaker = VOICE.exec(entry.text.trim())?.[1]?.trim();
      const text = entry.text
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim();
      return {
        start_time: entry.from / 1000,
        end_time: Math.max(entry.to, entry.from) / 1000,
        type: 'pronunciation' as const,
        ...(speaker ? { speaker_name: speaker } : {}),
        alternatives: [{ content: text }],
      };
    })
    .filter((item) => item.alternatives[0]!.content !== '');
}

type ReadableVideo = Awaited<ReturnType<VideoLibraryService['readable']>>;
export type WritableVideo = Awaited<ReturnType<VideoLibraryService['writable']>>;

/** Transcripts (engine, upload, edits, downloads) and chapters of library videos (issue 37). */
export function createTranscriptsService(deps: TranscriptsDeps) {
  const { library, assets, jobs, publicUrl } = deps;
  const engineOf = deps.engine ?? (() => locateSpeechEngine());

  const flagsOf = (organization: LibraryOrganization) => resolveFeatureFlags(organization.feature_flags);

  function answer(record: VideoAssetRecord, organization: LibraryOrganization): TranscriptAnswer {
    return {
      url: record.transcript ? transcriptUrlOf(publicUrl, record.id) : null,
      items: (record.transcript?.items ?? []) as TranscriptItem[],
      transcription: transcriptionOf(record),
      downloadable: flagsOf(organization).isVideoLibraryTranscriptDownloadEnabled === true,
    };
  }

  /** Replaces the items, noting where they came from; a running transcription is left to finish. */
  async function store(
    { record, organization }: WritableVideo,
    items: TranscriptItem[],
    source: Transcription['source'],
  ): Promise<TranscriptAnswer> {
    if (record.duration !== null && items.some((item) => item.start_time > record.duration!))
      throw fieldError(source === 'UPLOAD' ? 'content' : 'items', transcriptMessages.captionAfterEnd);
    const sorted = [...items].sort((a, b) => a.start_time - b.start_time);
    const transcription = {
      ...record.transcription,
      source,
      ...(record.transcription.status === 'PROCESSING'
        ? {}
        : { status: 'COMPLETE' as const, code: null, message: null }),
    };
    const transcript = { items: sorted };
    await assets.update(record.id, {
      transcript: JSON.stringify(transcript),
      transcription: JSON.stringify(transcription),
    });
    return answer({ ...record, transcript, transcription }, organization);
  }

  return {
    /** The video as a route's guard loads it: another organisation's, or one the caller cannot see, is 404. */
    readable: (caller: Caller, id: string): Promise<ReadableVideo> => library.readable(caller, id),
    writable: (caller: Caller, id: string): Promise<WritableVideo> => library.writable(caller, id),

    async get(caller: Caller, id: string): Promise<TranscriptAnswer> {
      const { record, organization } = await library.readable(caller, id);
      return answer(record, organization);
    },

    answerOf: ({ record, organization }: ReadableVideo): TranscriptAnswer => answer(record, organization),

    edit: (video: WritableVideo, items: TranscriptItem[]) => store(video, items, 'EDITED'),

    async upload(video: WritableVideo, content: string): Promise<TranscriptAnswer> {
      const items = itemsOfSubtitles(content);
      if (items.length === 0)
        throw fieldError('content', transcriptMessages.unreadableFile, 'INVALID_SUBTITLES');
      return store(video, items, 'UPLOAD');
    },

    /** Runs the engine again (or for the first time) in `language`, when the account may. */
    async transcribe({ record, organization }: WritableVideo, language: string): Promise<TranscriptAnswer> {
      if (!isProcessed(record.transcode_status))
        throw new HttpError(409, 'VIDEO_NOT_READY', transcriptMessages.notProcessed);
      const engine = engineOf();
      if (!engine) throw new HttpError(409, 'TRANSCRIPT_NOT_AVAILABLE', transcriptMessages.engineUnavailable);
      const refusal = languageRefusal(
        language,
        engine,
        flagsOf(organization).isMultiLanguageSupportRestricted === true,
      );
      if (refusal) throw new HttpError(422, refusal.code, refusal.message);
      if (!(await assets.queueTranscription(record.id, language)))
        throw new HttpError(409, 'ALREADY_TRANSCRIBING', transcriptMessages.alreadyTranscribing);
      await jobs.send(transcribeVideoAssetJob, { assetId: record.id }, { singletonKey: record.id });
      jobs.nudge(transcribeVideoAssetJob);
      const queued = await assets.find(record.organization_id, record.id, null);
      return answer(queued ?? record, organization);
    },

    /** The transcript as a file, when the organisation's transcript download flag is on. */
    download(
      { record, organization }: ReadableVideo,
      format: keyof typeof FORMATS,
    ): { name: string; type: string; body: string } {
      if (!flagsOf(organization).isVideoLibraryTranscriptDownloadEnabled)
        throw new HttpError(403, 'FEATURE_NOT_ENABLED', videoLibraryMessages.featureNotEnabled);
      const items = (record.transcript?.items ?? []) as TranscriptItem[];
      if (items.length === 0)
        throw new HttpError(404, 'TRANSCRIPT_NOT_AVAILABLE', videoLibraryMessages.transcriptUnavailable);
      return { name: record.name, type: FORMATS[format].type, body: FORMATS[format].write(items) };
    },

    /** Spec 000 §3 metadata.chapters: kept in time order, whatever order they were sent in. */
    async setChapters(
      caller: Caller,
      { record }: WritableVideo,
      chapters: { title: string; start_time: number }[],
    ): Promise<VideoAsset> {
      if (record.duration !== null && chapters.some((chapter) => chapter.start_time > record.duration!))
        throw fieldError('chapters', 'A chapter cannot start after the end of the video.');
      const sorted = [...chapters].sort((a, b) => a.start_time - b.start_time);
      await assets.update(record.id, { metadata: JSON.stringify({ ...record.metadata, chapters: sorted }) });
      return library.get(caller, record.id);
    },
  };
}

export type TranscriptsService = ReturnType<typeof createTranscriptsService>;
