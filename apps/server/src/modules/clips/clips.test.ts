import { beforeAll, describe, expect, it } from 'vitest';
import {
  attendeePageMessages,
  type Clip,
  type ContentProject,
  type Page,
  type VideoAsset,
} from '@studio/domain';
import { probeMedia } from '@studio/media';
import { bearer } from '../../../test/harness.ts';
import { newApiToken } from '../access/access.fixtures.ts';
import { setOperatorFlags } from '../organizations/organizations.fixtures.ts';
import { contentLabOnBeforeAll } from './clips.fixtures.ts';
import {
  clip as mediaFile,
  fileMediaAdmins,
  newVideoAsset,
  storageOf,
  transcode,
  waitForStatus,
} from '../video-library/video-library.fixtures.ts';

const { studio, admin, other } = fileMediaAdmins({ publicUrl: 'http://studio.test' });
contentLabOnBeforeAll(studio, admin, other);

/** An 8 s recording (keyframe every second), processed. */
let recording: VideoAsset;
/** The same file as a plain upload: not editable in Content Lab. */
let upload: VideoAsset;

const call = (access: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  studio.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });

async function processed(name: string): Promise<VideoAsset> {
  const created = await newVideoAsset(studio, admin, await mediaFile('speech.mp4'), { duration: 8, name });
  await transcode(studio, admin.access, created.id);
  return waitForStatus(studio, admin.access, created.id, ['COMPLETE', 'ERROR'], 180_000);
}

/** Polls the clip until its library video has been processed. */
async function clipWhenDone(id: string, timeoutMs = 180_000): Promise<Clip> {
  const started = Date.now();
  for (;;) {
    const clip = (await call(admin.access, 'GET', `/api/content_lab/clips/${id}/`)).json<Clip>();
    if (clip.status === 'COMPLETE' || clip.status === 'ERROR' || clip.status === 'READY_TO_PUBLISH')
      return clip;
    if (Date.now() - started > timeoutMs) throw new Error(`clip stayed ${clip.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  upload = await processed('Plain upload');
  recording = await processed('Keynote recording');
  expect(recording.transcode_status).toBe('COMPLETE');
  // A recording of a live event (the live area writes these): editable in Content Lab.
  await studio.database.db
    .updateTable('video_assets')
    .set({ source: 'EVENT_RECORDING', creation_type: 'RECORDED' })
    .where('id', '=', recording.id)
    .execute();
}, 400_000);

describe('making a clip', () => {
  it('refuses ranges outside the video, backwards ranges, plain uploads and other organisations', async () => {
    const outside = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: 2,
      end_time: 30,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'CLIP_OUTSIDE_VIDEO',
      errors: { end_time: ['The end must be within the video (0:08).'] },
    });
    // Refused, not clamped to the video: a negative start, a start past the end of the video.
    const negative = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: -5,
      end_time: 4,
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ errors: { start_time: ['The start must be 0 or more.'] } });
    const late = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: 9,
      end_time: 99,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      errors: { start_time: ['The start must be within the video (0:08).'] },
    });

    const backwards = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: 5,
      end_time: 3,
    });
    expect(backwards.statusCode).toBe(400);
    expect(JSON.stringify(backwards.json())).toContain('The clip must end after it starts.');

    const legacy = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: upload.id,
      start_time: 0,
      end_time: 2,
    });
    expect(legacy.statusCode).toBe(422);
    expect(legacy.json()).toMatchObject({ code: 'LEGACY_VIDEO' });

    const foreign = await call(other.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: 0,
      end_time: 2,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it(
    'cuts on a keyframe by stream copy into a CLIP library video, processed by the pipeline',
    { timeout: 240_000 },
    async () => {
      const created = await call(admin.access, 'POST', '/api/content_lab/clips/', {
        video_asset: recording.id,
        name: 'Opening line',
        start_time: 4,
        end_time: 7,
      });
      expect(created.statusCode).toBe(201);
      const clip = created.json<Clip>();
      expect(clip).toMatchObject({ name: 'Opening line', duration: 3, status: 'PROGRESSING', shared: false });
      expect(clip.share_url).toMatch(new RegExp(`/shared/clip/${clip.id}$`));

      const done = await clipWhenDone(clip.id);
      expect(done).toMatchObject({ status: 'COMPLETE', cut: 'copy', progress: null });
      // A session's media are root-relative (they load at whatever address the studio was opened
      // at); an API token's are PUBLIC_URL's.
      const media = `/api/media/videos/${done.video_library_id}/`;
      for (const url of [done.hls_url, done.mp4_url, done.thumbnail_url])
        expect(url?.startsWith(media)).toBe(true);
      await setOperatorFlags(studio, admin.organization.id, { isNewAutomationApiEnabled: true });
      const { token } = await newApiToken(studio, admin.access);
      const byToken = (await call(token, 'GET', `/api/content_lab/clips/${clip.id}/`)).json<Clip>();
      expect([byToken.hls_url, byToken.mp4_url, byToken.thumbnail_url]).toEqual(
        [done.hls_url, done.mp4_url, done.thumbnail_url].map((url) => `http://studio.test${url}`),
      );

      const video = (
        await call(admin.access, 'GET', `/api/core/video_assets/${done.video_library_id}/`)
      ).json<VideoAsset>();
      expect(video).toMatchObject({ source: 'CLIP', creation_type: 'CLIP', name: 'Opening line' });
      expect(video.duration).toBeGreaterThan(2.5);
      expect(video.duration).toBeLessThan(3.5);

      const listed = (
        await call(admin.access, 'GET', `/api/content_lab/clips/?video_asset=${recording.id}`)
      ).json<Page<Clip>>();
      expect(listed.results.map((entry) => entry.id)).toContain(clip.id);
      expect(
        (await call(other.access, 'GET', `/api/content_lab/clips/?video_asset=${recording.id}`)).statusCode,
      ).toBe(404);
    },
  );

  it('re-encodes a cut between keyframes and a vertical crop to 9:16', { timeout: 240_000 }, async () => {
    const created = await call(admin.access, 'POST', '/api/content_lab/clips/', {
      video_asset: recording.id,
      start_time: 1.5,
      end_time: 4,
      vertical: true,
      crop_x: 0,
    });
    expect(created.statusCode).toBe(201);
    const done = await clipWhenDone(created.json<Clip>().id);
    expect(done).toMatchObject({ status: 'COMPLETE', cut: 'encode', vertical: true });
    const storage = storageOf(studio);
    const cut = storage.localPath(`videos/${done.video_library_id}/original/clip.mp4`)!;
    const [picture] = (await probeMedia(cut)).streams.filter((stream) => stream.kind === 'video');
    // 320×180 cropped to the full height at 9:16 (even width).
    expect(picture).toMatchObject({ width: 100, height: 180 });
  });
});

describe('sharing and deleting a clip', () => {
  it(
    'serves the shared page with its card while shared, 404 once sharing stops',
    { timeout: 240_000 },
    async () => {
      const created = await call(admin.access, 'POST', '/api/content_lab/clips/', {
        video_asset: recording.id,
        name: 'Big <announcement>',
        start_time: 0,
        end_time: 2,
      });
      const clip = await clipWhenDone(created.json<Clip>().id);
      const sharedPage = () => studio.attendeeSite.inject({ method: 'GET', url: `/shared/clip/${clip.id}` });
      const unshared = await sharedPage();
      expect(unshared.statusCode).toBe(404);
      expect(unshared.body).toContain(`<p>${attendeePageMessages.notFound('clip')}</p>`);

      const shared = await call(admin.access, 'PATCH', `/api/content_lab/clips/${clip.id}/`, {
        shared: true,
      });
      expect(shared.json<Clip>().shared).toBe(true);
      const page = await sharedPage();
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta property="og:title" content="Big &lt;announcement&gt;">');
      expect(page.body).toContain('<meta property="og:type" content="video.other">');
      expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
      // The page's media are the shared clip's own addresses, never the library video's.
      const sharedMedia = `http://studio.test/api/media/shared_clips/${clip.id}/`;
      const image = /<meta property="og:image" content="([^"]+)"/.exec(page.body)?.[1];
      const video = /<meta property="og:video" content="([^"]+\.mp4)"/.exec(page.body)?.[1];
      const hls = /data-hls-src="([^"]+)"/.exec(page.body)?.[1];
      for (const url of [image, video, hls]) expect(url?.startsWith(sharedMedia), url).toBe(true);
      expect(page.body).not.toContain(clip.video_library_id!);
      const fetchMedia = (url: string, headers: Record<string, string> = {}) =>
        studio.app.inject({ method: 'GET', url: new URL(url, 'http://studio.test').pathname, headers });
      const playlist = await fetchMedia(hls!);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['cache-control']).toBe('no-cache');
      // The playlist's entries are relative: the player stays under the shared address.
      const variant = playlist.body.split('\n').find((line) => line && !line.startsWith('#'));
      expect(variant).toBeDefined();
      expect((await fetchMedia(new URL(variant!, hls).href)).statusCode).toBe(200);
      expect((await fetchMedia(image!)).statusCode).toBe(200);
      const firstBytes = await fetchMedia(video!, { range: 'bytes=0-99' });
      expect(firstBytes.statusCode).toBe(206);
      expect(firstBytes.rawPayload).toHaveLength(100);
      expect(String(page.headers['content-security-policy'])).toContain('media-src');
      expect(String(page.headers['content-security-policy'])).toContain('http://studio.test');

      const unchanged = await call(admin.access, 'PATCH', `/api/content_lab/clips/${clip.id}/`, {});
      expect(unchanged.json<Clip>()).toMatchObject({ shared: true, name: 'Big <announcement>' });
      const link = () =>
        studio.app.inject({ method: 'GET', url: `/api/content_lab/shared_clips/${clip.id}/` });
      expect((await link()).json()).toEqual({ share_url: clip.share_url });
      await call(admin.access, 'PATCH', `/api/content_lab/clips/${clip.id}/`, { shared: false });
      expect((await sharedPage()).statusCode).toBe(404);
      expect((await link()).statusCode).toBe(404);
      // Turning sharing off closes the media addresses already handed out.
      for (const url of [image!, video!, hls!, new URL(variant!, hls).href])
        expect((await fetchMedia(url)).statusCode, url).toBe(404);
      // The organisers' own addresses of the clip's video still play.
      const own = await call(admin.access, 'GET', `/api/content_lab/clips/${clip.id}/`);
      expect((await fetchMedia(own.json<Clip>().hls_url!)).statusCode).toBe(200);
      expect(
        (await call(other.access, 'PATCH', `/api/content_lab/clips/${clip.id}/`, { shared: true }))
          .statusCode,
      ).toBe(404);
    },
  );

  it('keeps the clip in Content Lab when its video is deleted from the Video Library; deleting the clip removes both', async () => {
    const created = (
      await call(admin.access, 'POST', '/api/content_lab/clips/', {
        video_asset: recording.id,
        start_time: 0,
        end_time: 2,
      })
    ).json<Clip>();
    const done = await clipWhenDone(created.id);
    const removed = await call(admin.access, 'DELETE', `/api/core/video_assets/${done.video_library_id}/`);
    expect(removed.statusCode).toBe(204);
    const kept = (await call(admin.access, 'GET', `/api/content_lab/clips/${created.id}/`)).json<Clip>();
    expect(kept).toMatchObject({ id: created.id, video_library_id: null });

    const second = await clipWhenDone(
      (
        await call(admin.access, 'POST', '/api/content_lab/clips/', {
          video_asset: recording.id,
          start_time: 2,
          end_time: 4,
        })
      ).json<Clip>().id,
    );
    expect((await call(admin.access, 'DELETE', `/api/content_lab/clips/${second.id}/`)).statusCode).toBe(204);
    expect((await call(admin.access, 'GET', `/api/content_lab/clips/${second.id}/`)).statusCode).toBe(404);
    expect(
      (await call(admin.access, 'GET', `/api/core/video_assets/${second.video_library_id}/`)).statusCode,
    ).toBe(404);
  }, 300_000);
});

describe('publishing a clip (showVideoLibraryClipPublish)', () => {
  it(
    'leaves a processed clip Ready to be Published in the library until it is published from Content Lab',
    { timeout: 240_000 },
    async () => {
      await setOperatorFlags(studio, admin.organization.id, { showVideoLibraryClipPublish: true });
      try {
        const created = (
          await call(admin.access, 'POST', '/api/content_lab/clips/', {
            video_asset: recording.id,
            name: 'To publish',
            start_time: 0,
            end_time: 2,
          })
        ).json<Clip>();
        const early = await call(admin.access, 'POST', `/api/content_lab/clips/${created.id}/publish/`);
        expect(early.statusCode).toBe(409);
        expect(early.json()).toMatchObject({
          code: 'CLIP_NOT_READY_TO_PUBLISH',
          message: 'Only a processed clip that is not in the Video Library yet can be published.',
        });

        const waiting = await clipWhenDone(created.id);
        // Content Lab plays it; the library lists it dimmed, not playable, not pickable.
        expect(waiting.status).toBe('READY_TO_PUBLISH');
        expect(waiting.hls_url).toContain(`/api/media/videos/${waiting.video_library_id}/`);
        const libraryVideo = () =>
          call(admin.access, 'GET', `/api/core/video_assets/${waiting.video_library_id}/`).then((response) =>
            response.json<VideoAsset>(),
          );
        expect(await libraryVideo()).toMatchObject({ source: 'CLIP', transcode_status: 'READY_TO_PUBLISH' });

        expect(
          (await call(other.access, 'POST', `/api/content_lab/clips/${created.id}/publish/`)).statusCode,
        ).toBe(404);
        const published = await call(admin.access, 'POST', `/api/content_lab/clips/${created.id}/publish/`);
        expect(published.statusCode).toBe(200);
        expect(published.json<Clip>()).toMatchObject({ id: created.id, status: 'COMPLETE' });
        expect(await libraryVideo()).toMatchObject({ transcode_status: 'COMPLETE' });

        const again = await call(admin.access, 'POST', `/api/content_lab/clips/${created.id}/publish/`);
        expect(again.statusCode).toBe(409);
      } finally {
        await setOperatorFlags(studio, admin.organization.id, { showVideoLibraryClipPublish: false });
      }
    },
  );
});

describe('the edit link lookup', () => {
  it(
    "answers a recording's Content Lab address, a clip's own, and the spec's code otherwise",
    { timeout: 240_000 },
    async () => {
      const lookup = (access: string, query: string) =>
        call(access, 'GET', `/api/content_lab/edit_link/?${query}`);
      const ofRecording = await lookup(admin.access, `video_asset=${recording.id}`);
      expect(ofRecording.statusCode).toBe(200);
      // Clips were cut from the recording before any project was chosen: it is in the default project.
      const projects = (await call(admin.access, 'GET', '/api/content_lab/projects/')).json<
        ContentProject[]
      >();
      const library = projects.find((project) => project.is_default)!;
      expect(library).toMatchObject({ name: 'Video Library', video_count: 1 });
      expect(ofRecording.json()).toEqual({
        id: recording.id,
        project_id: library.id,
        url: `/content/${library.id}/${recording.id}/recordings`,
        content: { id: recording.id, project: { id: library.id } },
      });
      // Content Lab uploads are looked up by video_library_id: the same answer.
      expect((await lookup(admin.access, `video_library_id=${recording.id}`)).json()).toEqual(
        ofRecording.json(),
      );

      const clip = await clipWhenDone(
        (
          await call(admin.access, 'POST', '/api/content_lab/clips/', {
            video_asset: recording.id,
            start_time: 0,
            end_time: 2,
          })
        ).json<Clip>().id,
      );
      const ofClip = await lookup(admin.access, `video_asset=${clip.video_library_id}`);
      expect(ofClip.json()).toMatchObject({
        id: clip.video_library_id,
        url: `/content/${library.id}/${recording.id}/clips?activeClipId=${clip.id}`,
      });

      const legacy = await lookup(admin.access, `video_asset=${upload.id}`);
      expect(legacy.statusCode).toBe(422);
      expect(legacy.json()).toMatchObject({ code: 'LEGACY_VIDEO' });
      expect((await lookup(other.access, `video_asset=${recording.id}`)).statusCode).toBe(404);
      const missing = await lookup(admin.access, '');
      expect(missing.statusCode).toBe(400);
    },
  );
});
