import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { probeMedia, runMediaTool } from '@studio/media';
import type { Executor } from '../../platform/db/executor.ts';
import type { ObjectStore } from '../../platform/storage/object-store.ts';
import type { NewRecording } from '../video-library/video-library.service.ts';
import { createLiveRepository } from './live.repository.ts';

export interface RecordedSession {
  id: string;
  title: string;
  eventId: string;
  organizationId: string;
  workspaceId: string | null;
}

export interface LiveRecordingDeps {
  db: Executor;
  storage: ObjectStore;
  /** The session and its event (the programme's answer); undefined once deleted. */
  sessionOf: (broadcastId: string) => Promise<RecordedSession | undefined>;
  /** The library's new recording (source EVENT_RECORDING), processed by its pipeline. */
  createRecording: (recording: NewRecording) => Promise<string>;
  workDir: string;
}

/** The concat demuxer's list: one file per line, quoted for it. */
const concatList = (files: readonly string[]) =>
  files.map((file) => `file '${file.replaceAll("'", "'\\''")}'`).join('\n');

/**
 * A live session's recording: its own segments (every publisher of the session, reconnects and
 * failover included; the filler left out), joined in playlist order by stream copy into one mp4 —
 * one recording per session (its job is a singleton; a finished recording is never made again).
 */
export function createLiveRecording(deps: LiveRecordingDeps) {
  const segments = createLiveRepository(deps.db);

  return async function recordSession(broadcastId: string, inputId: string): Promise<void> {
    const session = await deps.sessionOf(broadcastId);
    const parts = await segments.sessionSegments(broadcastId);
    if (!session || parts.length === 0 || (await segments.recordingOf(broadcastId))?.video_asset_id) return;
    await segments.claimRecording(broadcastId, inputId);
    await mkdir(deps.workDir, { recursive: true });
    const work = await mkdtemp(path.join(deps.workDir, 'recording-'));
    try {
      const files: string[] = [];
      for (const part of parts) {
        const local = deps.storage.localPath(part.object_key) ?? path.join(work, `${part.sequence}.ts`);
        if (!deps.storage.localPath(part.object_key)) await deps.storage.download(part.object_key, local);
        files.push(local);
      }
      const list = path.join(work, 'parts.txt');
      await writeFile(list, concatList(files));
      const output = path.join(work, 'recording.mp4');
      await runMediaTool('ffmpeg', [
        ...['-nostdin', '-hide_banner', '-v', 'error', '-f', 'concat', '-safe', '0', '-i', list],
        ...['-c', 'copy', '-bsf:a', 'aac_adtstoasc', '-movflags', '+faststart', '-f', 'mp4', output],
      ]);
      const duration = (await probeMedia(output)).durationSeconds ?? null;
      const sourceKey = `live/recordings/${broadcastId}.mp4`;
      await deps.storage.putFile(sourceKey, output, { move: true, contentType: 'video/mp4' });
      const assetId = await deps.createRecording({
        organizationId: session.organizationId,
        workspaceId: session.workspaceId,
        eventId: session.eventId,
        name: session.title,
        sourceKey,
        duration,
      });
      await segments.recorded(broadcastId, assetId);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}
