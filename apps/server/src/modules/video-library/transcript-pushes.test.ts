import { VIDEO_TRANSCRIPT_UPDATED, type Transcription } from '@studio/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { adminAndOther } from '../../../test/file-studio.ts';
import { watchEvent } from '../../../test/listening.ts';
import { clip, fileListeningMediaStudio, newVideoAsset, transcode } from './video-library.fixtures.ts';

const studio = fileListeningMediaStudio();
const { admin, other } = adminAndOther(studio);

describe("a transcription's progress pushed to the organisation's studios", () => {
  const sockets: { close(): void }[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  it('reaches a studio of the organisation at each step to its end, and no other organisation', async () => {
    const mine = await watchEvent(studio.publicUrl, admin, null);
    const theirs = await watchEvent(studio.publicUrl, other, null);
    sockets.push(mine.socket, theirs.socket);
    // A processed video is transcribed once by itself (by the engine, or it fails without one).
    const created = await newVideoAsset(studio, admin, await clip('speech.mp4'), { duration: 8 });
    await transcode(studio, admin.access, created.id);

    const steps = () =>
      mine
        .of(VIDEO_TRANSCRIPT_UPDATED)
        .filter((data) => data.id === created.id)
        .map((data) => data.transcription as Transcription);
    const ended = (transcription: Transcription) =>
      transcription.status === 'COMPLETE' || transcription.status === 'ERROR';
    await mine.until(() => steps().some(ended));

    const last = steps().at(-1)!;
    expect(ended(last)).toBe(true);
    if (last.status === 'COMPLETE') {
      expect(steps()[0]).toMatchObject({ status: 'PROCESSING', progress: 0 });
      expect(last).toMatchObject({ progress: 1, source: 'ENGINE' });
    } else {
      expect(last).toMatchObject({ status: 'ERROR', code: 'TRANSCRIPT_NOT_AVAILABLE' });
    }
    await theirs.caughtUp();
    expect(theirs.of(VIDEO_TRANSCRIPT_UPDATED)).toEqual([]);
  }, 400_000);
});
