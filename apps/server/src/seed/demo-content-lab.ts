import type { Clip, ContentProject, TranscriptAnswer } from '@studio/domain';
import { DEMO_CONTENT_LAB, spokenCaptions } from './demo-content.ts';
import { addDemoVideos } from './demo-videos.ts';
import type { StudioClient } from './studio-client.ts';

/**
 * Content Lab: the interview imported as a Content Lab upload (CL_UPLOAD — the library's plain
 * uploads, like the transcribed keynote, cannot be clipped, spec 000 §4), transcribed from its
 * uploaded captions, put in its project, and a clip of its first half cut by the clips pipeline,
 * as an organiser does in Content Lab. Answers what it made.
 */
export async function addDemoContentLab(
  api: StudioClient,
  organizationId: string,
  workspace: string | undefined,
  options: { clipSeconds: number; timeoutMs: number; report: (line: string) => void },
): Promise<string> {
  const [interview] = await addDemoVideos(
    api,
    organizationId,
    [{ ...DEMO_CONTENT_LAB.video, workspace, source: 'CL_UPLOAD' }],
    options,
  );
  if (interview?.transcode_status !== 'COMPLETE') return 'no clip: the interview was not processed';
  // A Content Lab upload is transcribed by the engine when it is processed; the captions replace
  // what it heard once it is done (an upload while it runs is left to it, and one while it waits
  // in the queue would race its start).
  await waitForTranscription(api, interview.id, options.timeoutMs);
  await api.post(`/api/core/video_assets/${interview.id}/transcript/upload/`, {
    file_name: 'interview.vtt',
    content: spokenCaptions(DEMO_CONTENT_LAB.lines, options.clipSeconds),
  });
  const project = await api.post<ContentProject>('/api/content_lab/projects/', {
    name: DEMO_CONTENT_LAB.project,
  });
  await api.post(`/api/content_lab/projects/${project.id}/videos/`, { video_asset: interview.id });
  const cut = await waitForClip(
    api,
    await api.post<Clip>('/api/content_lab/clips/', {
      video_asset: interview.id,
      name: DEMO_CONTENT_LAB.clip,
      start_time: 0,
      end_time: options.clipSeconds / 2,
    }),
    options.timeoutMs,
  );
  return `the project "${project.name}": "${interview.name}" (transcribed) and its clip "${cut.name}" (${cut.status}, ${cut.duration} s)`;
}

/** Polls the video's transcript until no transcription waits or runs. */
async function waitForTranscription(api: StudioClient, videoId: string, timeoutMs: number): Promise<void> {
  const started = Date.now();
  const path = `/api/core/video_assets/${videoId}/transcript/`;
  const pending = (status: string | null) => status === 'QUEUED' || status === 'PROCESSING';
  while (pending((await api.get<TranscriptAnswer>(path)).transcription.status)) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`the demo interview was not transcribed within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Polls the clip until it is cut and processed (or failed). */
async function waitForClip(api: StudioClient, clip: Clip, timeoutMs: number): Promise<Clip> {
  const started = Date.now();
  for (let current = clip; ;) {
    if (current.status !== 'PROGRESSING') return current;
    if (Date.now() - started > timeoutMs)
      throw new Error(`the demo clip was not cut within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    current = await api.get<Clip>(`/api/content_lab/clips/${clip.id}/`);
  }
}
