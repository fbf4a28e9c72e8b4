import { transcriptAnswerSchema, type TranscriptAnswer } from '@studio/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';
import { studioApi } from './studio-api.ts';

/** `/core/video_assets/{id}/transcript/`: the base of the transcript's calls (upload, transcribe, download). */
export const videoTranscriptPath = (videoId: string) =>
  `/core/video_assets/${encodeURIComponent(videoId)}/transcript/`;

/** GET …/transcript/: the timed items, the transcription's state and whether it may be downloaded. */
export const fetchVideoTranscript = (videoId: string) =>
  studioApi.request({ method: 'GET', path: videoTranscriptPath(videoId), schema: transcriptAnswerSchema });

const running = (answer: TranscriptAnswer | undefined) =>
  answer?.transcription.status === 'QUEUED' || answer?.transcription.status === 'PROCESSING';

/**
 * One query for every screen that shows a transcript (the video page, Content Lab's clip maker,
 * the webinar details): an edit saved in one refreshes the others.
 */
export const videoTranscriptQuery = (videoId: string) =>
  queryOptions({
    queryKey: queryKeys.videoAssets.transcript(videoId),
    queryFn: () => fetchVideoTranscript(videoId),
    // Progress is read while the engine runs.
    refetchInterval: (query) => (running(query.state.data) ? 3000 : false),
  });

export const useVideoTranscript = (videoId: string) => useQuery(videoTranscriptQuery(videoId));
