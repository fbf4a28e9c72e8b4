import {
  transcriptAnswerSchema,
  videoAssetSchema,
  videoFileName,
  videoLibraryMessages,
  type TranscriptAnswer,
  type TranscriptItem,
  type VideoAsset,
} from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../../api/api-error.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { videoTranscriptPath } from '../../api/video-transcript.ts';
import { showToast } from '../../ui/toast.ts';
import { VIDEO_ASSETS_KEY } from './video-library-api.ts';
import { saveFile } from '../../ui/save-file.ts';

/** Saves the answer in the cache, and the video (its captions link) is read again. */
function useTranscriptMutation<T>(
  id: string,
  send: (value: T) => Promise<TranscriptAnswer>,
  successToast: string,
) {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: send,
    successToast,
    onSuccess: async (answer: TranscriptAnswer) => {
      queryClient.setQueryData(queryKeys.videoAssets.transcript(id), answer);
      await queryClient.invalidateQueries({ queryKey: [VIDEO_ASSETS_KEY, 'one', id] });
    },
    onFailure: (error) =>
      showToast(
        error instanceof ApiRequestError ? error.message : videoLibraryMessages.genericRetry,
        'error',
      ),
  });
}

export const useSaveTranscript = (id: string) =>
  useTranscriptMutation(
    id,
    (items: TranscriptItem[]) =>
      studioApi.request({
        method: 'PUT',
        path: videoTranscriptPath(id),
        body: { items },
        schema: transcriptAnswerSchema,
      }),
    'Transcript saved.',
  );

/** A VTT or SRT file the organiser picked, sent as text. */
export const useUploadTranscript = (id: string) =>
  useTranscriptMutation(
    id,
    async (file: File) =>
      studioApi.request({
        method: 'POST',
        path: `${videoTranscriptPath(id)}upload/`,
        body: { file_name: file.name, content: await file.text() },
        schema: transcriptAnswerSchema,
      }),
    'Transcript uploaded.',
  );

export const useTranscribe = (id: string) =>
  useTranscriptMutation(
    id,
    (language: string) =>
      studioApi.request({
        method: 'POST',
        path: `${videoTranscriptPath(id)}transcribe/`,
        body: { language },
        schema: transcriptAnswerSchema,
      }),
    'Transcription started.',
  );

/** PUT …/chapters/: every chapter; the video comes back with them in time order. */
export const useSaveChapters = (id: string) => {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: (chapters: { title: string; start_time: number }[]) =>
      studioApi.request({
        method: 'PUT',
        path: `/core/video_assets/${encodeURIComponent(id)}/chapters/`,
        body: { chapters },
        schema: videoAssetSchema,
      }),
    successToast: 'Chapters saved.',
    onSuccess: (video: VideoAsset) => queryClient.setQueryData([VIDEO_ASSETS_KEY, 'one', id], video),
    onFailure: (error) =>
      showToast(
        error instanceof ApiRequestError ? error.message : videoLibraryMessages.genericRetry,
        'error',
      ),
  });
};

/** The transcript as a VTT, SRT or text file named from the video. */
export async function downloadTranscript(
  video: Pick<VideoAsset, 'id' | 'name'>,
  format: 'vtt' | 'srt' | 'txt',
) {
  try {
    const file = await studioApi.download({
      method: 'GET',
      path: `${videoTranscriptPath(video.id)}download/?format=${format}`,
    });
    saveFile(file, videoFileName(video.name, format));
  } catch (error) {
    showToast(error instanceof ApiRequestError ? error.message : videoLibraryMessages.genericRetry, 'error');
  }
}
