import { CLIP_UPDATED, type Clip } from '@studio/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { adminAndOther } from '../../../test/file-studio.ts';
import { bearer } from '../../../test/harness.ts';
import { watchEvent } from '../../../test/listening.ts';
import {
  clip as mediaFile,
  fileListeningMediaStudio,
  newVideoAsset,
  transcode,
  waitForStatus,
} from '../video-library/video-library.fixtures.ts';
import { contentLabOnBeforeAll } from './clips.fixtures.ts';

const studio = fileListeningMediaStudio();
const { admin, other } = adminAndOther(studio);
contentLabOnBeforeAll(studio, admin, other);

describe("a clip's cut pushed to the organisation's studios", () => {
  const sockets: { close(): void }[] = [];
  afterAll(() => sockets.forEach((socket) => socket.close()));

  it('reaches a studio of the organisation at each step and progress of the cut, and no other organisation', async () => {
    const created = await newVideoAsset(studio, admin, await mediaFile('speech.mp4'), { duration: 8 });
    await transcode(studio, admin.access, created.id);
    await waitForStatus(studio, admin.access, created.id, ['COMPLETE'], 180_000);
    // A recording of a live event (the live area writes these): editable in Content Lab.
    await studio.database.db
      .updateTable('video_assets')
      .set({ source: 'EVENT_RECORDING', creation_type: 'RECORDED' })
      .where('id', '=', created.id)
      .execute();
    const mine = await watchEvent(studio.publicUrl, admin, null);
    const theirs = await watchEvent(studio.publicUrl, other, null);
    sockets.push(mine.socket, theirs.socket);

    const made = await studio.app.inject({
      method: 'POST',
      url: '/api/content_lab/clips/',
      headers: bearer(admin.access),
      // Cropped to 9:16, so it is encoded: the cut reports its progress.
      payload: { video_asset: created.id, start_time: 1, end_time: 7, vertical: true, crop_x: 0.5 },
    });
    expect(made.statusCode).toBe(201);
    const clip = made.json<Clip>();
    const cuts = () => mine.of(CLIP_UPDATED).filter((data) => data.id === clip.id);
    await mine.until(() => cuts().some((data) => data.cut === 'DONE' || data.cut === 'ERROR'));

    expect(cuts()[0]).toEqual({
      id: clip.id,
      video_asset: created.id,
      video_library_id: clip.video_library_id,
      cut: 'CUTTING',
      progress: 0,
    });
    expect(cuts().at(-1)).toMatchObject({ cut: 'DONE', progress: null });
    const progress = cuts().map((data) => data.progress as number | null);
    expect(progress.slice(1, -1).every((fraction) => fraction !== null && fraction > 0)).toBe(true);
    await theirs.caughtUp();
    expect(theirs.of(CLIP_UPDATED)).toEqual([]);
  }, 400_000);
});
