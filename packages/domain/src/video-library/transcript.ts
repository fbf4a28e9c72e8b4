import { z } from 'zod';
import { requiredText } from '../events/query.ts';
import { videoChapterSchema } from './api.ts';
import { videoLibraryMessages } from './messages.ts';

/**
 * Spec 000 §3: a transcript item as the library reads it — `speaker_name` or `speaker_label`,
 * `type`, and the first alternative's `content`. Our items are phrases (one caption cue each),
 * timed in seconds from the start of the video.
 */
export const transcriptItemSchema = z.object({
  start_time: z.number().min(0),
  end_time: z.number().min(0),
  type: z.enum(['pronunciation', 'punctuation']).default('pronunciation'),
  speaker_label: z.string().trim().max(100).nullable().optional(),
  speaker_name: z.string().trim().max(200).nullable().optional(),
  alternatives: z.array(z.object({ content: z.string().max(5000) })).min(1),
});
export type TranscriptItem = z.infer<typeof transcriptItemSchema>;

export const TRANSCRIPT_MAX_ITEMS = 20_000;

/** The edit call: every item, in order (text and speakers edited by hand). */
export const updateTranscriptRequestSchema = z.object({
  items: z
    .array(transcriptItemSchema)
    .max(TRANSCRIPT_MAX_ITEMS)
    .refine((items) => items.every((item) => item.end_time >= item.start_time), {
      message: 'An item cannot end before it starts.',
    }),
});

/** Where a video's transcript comes from and how its transcription went. */
export const TRANSCRIPTION_STATUSES = ['QUEUED', 'PROCESSING', 'COMPLETE', 'ERROR'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/** Spec 000 §8 codes a transcription can end with (LANGUAGE_NOT_SUPPORTED, MULTI_LANGUAGE_SUPPORT_RESTRICTED …). */
export const transcriptionSchema = z.object({
  status: z.enum(TRANSCRIPTION_STATUSES).nullable(),
  /** 0…1 while PROCESSING. */
  progress: z.number().min(0).max(1).nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  /** BCP 47 primary language of the transcript ('en'). */
  language: z.string().nullable(),
  /** ENGINE (pocketsphinx, whisper), UPLOAD (VTT/SRT) or EDITED. */
  source: z.enum(['ENGINE', 'UPLOAD', 'EDITED']).nullable(),
  engine: z.string().nullable(),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/**
 * Pushed to the organisation's sockets (those that see the video's workspace) at each step and
 * progress of a video's transcription: the screens showing its transcript read it again.
 */
export const VIDEO_TRANSCRIPT_UPDATED = 'video-transcript-updated';
export const videoTranscriptUpdatedMessageSchema = z.object({
  type: z.literal(VIDEO_TRANSCRIPT_UPDATED),
  data: z.object({ id: z.string(), transcription: transcriptionSchema }),
});

export const transcriptAnswerSchema = z.object({
  url: z.string().nullable(),
  items: z.array(transcriptItemSchema),
  transcription: transcriptionSchema,
  /** Whether the organisation may download it (video library transcript download flag). */
  downloadable: z.boolean(),
});
export type TranscriptAnswer = z.infer<typeof transcriptAnswerSchema>;

export const transcribeRequestSchema = z.object({
  /** The spoken language; 'en' unless the organisation may transcribe others. */
  language: z.string().trim().min(2).max(12).default('en'),
});

export const TRANSCRIPT_FORMATS = ['vtt', 'srt', 'txt'] as const;
export const transcriptDownloadQuerySchema = z.object({ format: z.enum(TRANSCRIPT_FORMATS).default('vtt') });

export const CHAPTERS_MAX = 200;

/** The chapters call: every chapter in the order the organiser put them (a start may not repeat). */
export const updateChaptersRequestSchema = z.object({
  chapters: z
    .array(
      videoChapterSchema.extend({
        title: requiredText(200),
        start_time: z.number().min(0),
      }),
    )
    .max(CHAPTERS_MAX)
    .refine((chapters) => new Set(chapters.map((chapter) => chapter.start_time)).size === chapters.length, {
      message: 'Two chapters cannot start at the same time.',
    }),
});

export const transcriptMessages = {
  languageNotSupported: 'The transcription engine does not support this language.',
  engineUnavailable: 'No speech-to-text engine is installed on the server.',
  noAudio: 'This video has no audio to transcribe.',
  notProcessed: 'The video must finish processing before it can be transcribed.',
  unreadableFile: 'The file is not a WebVTT or SRT subtitle file.',
  alreadyTranscribing: 'This video is already being transcribed.',
  /** Captions for another, longer video are refused as a chapter after the end is. */
  captionAfterEnd: 'A caption cannot start after the end of the video.',
} as const;

/** `HH:MM:SS.mmm` (WebVTT) or `HH:MM:SS,mmm` (SRT). */
export function cueTime(seconds: number, separator: '.' | ',' = '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const pad = (value: number, size = 2) => String(value).padStart(size, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/**
 * A speaker label as people read it: the transcriber's `spk_0`, `spk_1` … are 'Speaker 1',
 * 'Speaker 2' …; any other label is shown as it is.
 */
export function speakerLabelName(label: string): string {
  const numbered = /^spk_(\d+)$/.exec(label.trim());
  return numbered ? `Speaker ${Number(numbered[1]) + 1}` : label.trim();
}

/** Who says an item: its speaker's name, else its label as people read it ('Speaker 1'), else ''. */
export const transcriptSpeaker = (item: TranscriptItem): string =>
  item.speaker_name?.trim() || (item.speaker_label ? speakerLabelName(item.speaker_label) : '');

const speakerOf = transcriptSpeaker;
const textOf = (item: TranscriptItem) => item.alternatives[0]?.content.trim() ?? '';
const spoken = (items: readonly TranscriptItem[]) => items.filter((item) => textOf(item) !== '');

/** WebVTT captions: one cue per item, the speaker's name as a voice span. */
export function transcriptToVtt(items: readonly TranscriptItem[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const cues = spoken(items).map((item) => {
    const speaker = item.speaker_name?.trim();
    const text = escape(textOf(item));
    return `${cueTime(item.start_time)} --> ${cueTime(Math.max(item.end_time, item.start_time + 0.5))}\n${speaker ? `<v ${escape(speaker)}>${text}` : text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}${cues.length ? '\n' : ''}`;
}

export function transcriptToSrt(items: readonly TranscriptItem[]): string {
  return spoken(items)
    .map((item, index) => {
      const speaker = item.speaker_name?.trim();
      return `${index + 1}\n${cueTime(item.start_time, ',')} --> ${cueTime(Math.max(item.end_time, item.start_time + 0.5), ',')}\n${speaker ? `${speaker}: ` : ''}${textOf(item)}\n`;
    })
    .join('\n');
}

/** Plain text: a line per item, prefixed by its speaker. */
export function transcriptToText(items: readonly TranscriptItem[]): string {
  const lines = spoken(items).map((item) =>
    speakerOf(item) ? `${speakerOf(item)}: ${textOf(item)}` : textOf(item),
  );
  return lines.length ? `${lines.join('\n')}\n` : `${videoLibraryMessages.transcriptUnavailable}\n`;
}

/** A start time as typed: `h:mm:ss`, `m:ss` or seconds; undefined when it is none of these. */
export function parseChapterTime(text: string): number | undefined {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+(\.\d+)?$/.test(part))) return undefined;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}
