import { transcriptAnswerSchema, VIDEO_TRANSCRIPT_UPDATED } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';
import { useReadAgainOnPush } from './studio-pushes.ts';

/** `/core/video_assets/{id}/transcript/`: the base of the transcript's calls (upload, transcribe, download). */
export const videoTranscriptPath = (videoId: string) =>
  `/core/video_assets/${encodeURIComponent(videoId)}/transcript/`;

/** GET …/transcript/: the timed items, the transcription's state and whether it may be downloaded. */
export const fetchVideoTranscript = (videoId: string) =>
  studioApi.request({ method: 'GET', path: videoTranscriptPath(videoId), schema: transcriptAnswerSchema });

/**
 * One query for every screen that shows a transcript (the video page, Content Lab's clip maker,
 * the webinar details): an edit saved in one refreshes the others.
 */
export const videoTranscriptQuery = (videoId: string) =>
  queryOptions({
    queryKey: queryKeys.videoAssets.transcript(videoId),
    queryFn: () => fetchVideoTranscript(videoId),
  });

/**
 * The transcript, read again at each pushed step and progress of its transcription (and after a
 * reconnection, in case one was missed).
 */
export const useVideoTranscript = (videoId: string) => {
  const { queryKey } = videoTranscriptQuery(videoId);
  useReadAgainOnPush(
    videoId,
    queryKey,
    (message) =>
      message.type === 'ready' || (message.type === VIDEO_TRANSCRIPT_UPDATED && message.data.id === videoId),
  );
  return useQuery(videoTranscriptQuery(videoId));
};
