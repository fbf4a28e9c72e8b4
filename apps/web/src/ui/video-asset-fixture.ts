import type { TranscriptAnswer, VideoAsset } from '@studio/domain';

let sequence = 0;

/** A video asset as the API answers it, for tests; `overrides` win. */
export function videoAsset(overrides: Partial<VideoAsset> = {}): VideoAsset {
  sequence += 1;
  const id = overrides.id ?? `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  const base: VideoAsset = {
    id,
    name: `Video ${sequence}`,
    description: null,
    organization: 'org-1',
    workspace: null,
    workspace_name: null,
    event: null,
    source: 'UPLOAD',
    creation_type: 'UPLOADED',
    transcode_status: 'COMPLETE',
    transcoder_warnings: [],
    transcoder_errors: [],
    duration: 65,
    thumbnail: `http://localhost/api/media/videos/${id}/thumbnail.jpg`,
    urls: {
      thumbnail: `http://localhost/api/media/videos/${id}/thumbnail.jpg`,
      hls: `http://localhost/api/media/videos/${id}/hls/master.m3u8`,
      mp4: `http://localhost/api/media/videos/${id}/video.mp4`,
    },
    hls_path: `videos/${id}/hls/master.m3u8`,
    client_hls_path: null,
    path: `videos/${id}/video.mp4`,
    created_by: { id: 'user-1', first_name: 'Ada', last_name: 'Lovelace' },
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:05:00Z',
    video_usage_count: 0,
    metadata: { chapters: [] },
    transcript: null,
    status: 'COMPLETE',
    selectable: true,
    errors: [],
    warnings: [],
    creationType: 'UPLOADED',
    createdAt: '2026-11-20T10:00:00Z',
    createdBy: 'Ada Lovelace',
    usageCount: 0,
  };
  return { ...base, ...overrides };
}

/** A transcript answer's `transcription` for tests: the engine's, in English, done. */
export const completedTranscription = {
  status: 'COMPLETE',
  progress: null,
  code: null,
  message: null,
  language: 'en',
  source: 'ENGINE',
  engine: 'pocketsphinx',
} satisfies TranscriptAnswer['transcription'];
