import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStudio } from '../test/file-studio.ts';
import { cutClipJob } from './modules/clips/clips.jobs.ts';
import { pardotImportJob } from './modules/integrations/pardot-import.ts';
import { transcribeVideoAssetJob } from './modules/video-library/transcription.ts';
import { ladderVideoAssetJob, transcodeVideoAssetJob } from './modules/video-library/video-library.jobs.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import type { AnyJobKind } from './platform/jobs/job-registry.ts';

/**
 * The jobs whose work depends only on their object (a video's transcode, ladder and transcript, a
 * clip's cut, an event's Pardot import) read it when they run: a second one queued while the first
 * waits would repeat its work (another ffmpeg, another pass of the engine, another list read).
 */
const studio = fileStudio();
let queue: JobQueue;
afterAll(() => queue.stop({ timeoutMs: 100 }));

const kinds: [AnyJobKind, (id: string) => object][] = [
  [transcodeVideoAssetJob, (assetId) => ({ assetId })],
  [ladderVideoAssetJob, (assetId) => ({ assetId })],
  [transcribeVideoAssetJob, (assetId) => ({ assetId })],
  [cutClipJob, (clipId) => ({ clipId })],
  [pardotImportJob, (eventId) => ({ eventId })],
];

beforeAll(async () => {
  queue = createJobQueue({ database: studio.database, log: { info() {}, warn() {}, error() {} } });
  for (const [kind] of kinds) queue.register(kind, () => Promise.resolve());
  await queue.ready();
});

describe('jobs of one object', () => {
  it.each(kinds.map(([kind, payload]) => [kind.name, kind, payload] as const))(
    '%s: one waits per object, and another object gets its own',
    async (_name, kind, payload) => {
      const [first, second] = [randomUUID(), randomUUID()];
      expect(await queue.send(kind, payload(first), { singletonKey: first })).toEqual(expect.any(String));
      expect(await queue.send(kind, payload(first), { singletonKey: first })).toBeNull();
      expect(await queue.send(kind, payload(second), { singletonKey: second })).toEqual(expect.any(String));
    },
  );
});
