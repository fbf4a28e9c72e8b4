import type { Clip } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

const recording = videoAsset({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Product keynote',
  source: 'EVENT_RECORDING',
  duration: 120,
  transcode_status: 'COMPLETE',
});

const clip = (fields: Partial<Clip>): Clip => ({
  id: 'c1',
  video_asset: recording.id,
  video_library_id: 'v1',
  name: 'Launch moment',
  start_time: 10,
  end_time: 25,
  duration: 15,
  vertical: false,
  crop_x: 0.5,
  shared: false,
  status: 'COMPLETE',
  progress: null,
  cut: 'copy',
  error: null,
  hls_url: null,
  mp4_url: null,
  thumbnail_url: null,
  share_url: 'http://events.test/shared/clip/c1',
  created_at: '2026-11-25T10:00:00Z',
  ...fields,
});

const transcript = {
  url: null,
  items: [
    { start_time: 2, end_time: 4, type: 'pronunciation', alternatives: [{ content: 'Welcome everyone.' }] },
    { start_time: 4.5, end_time: 7, type: 'pronunciation', alternatives: [{ content: 'Today we launch.' }] },
    { start_time: 8, end_time: 9, type: 'pronunciation', alternatives: [{ content: 'Thank you.' }] },
  ],
  transcription: {
    status: 'COMPLETE',
    progress: null,
    code: null,
    message: null,
    language: 'en',
    source: 'ENGINE',
    engine: 'pocketsphinx',
  },
  downloadable: true,
};

function contentRoutes(clips: Clip[]) {
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0];
    if (path === '/api/core/video_assets/' && url.includes('source=')) return page([recording]);
    if (path === `/api/core/video_assets/${recording.id}/`) return json(200, recording);
    if (path === `/api/core/video_assets/${recording.id}/transcript/`) return json(200, transcript);
    if (path === '/api/content_lab/clips/' && init.method === 'GET') return page(clips);
    if (path === '/api/content_lab/clips/' && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as Partial<Clip>;
      const made = clip({ ...body, id: 'c2', name: 'Made', status: 'PROGRESSING', progress: 0 });
      clips.unshift(made);
      return json(201, made);
    }
    if (path === '/api/content_lab/clips/c1/' && init.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as { shared: boolean };
      clips[clips.findIndex((entry) => entry.id === 'c1')] = clip({ shared: body.shared });
      return json(200, clip({ shared: body.shared }));
    }
    if (path === '/api/content_lab/clips/c1/publish/' && init.method === 'POST') {
      clips[clips.findIndex((entry) => entry.id === 'c1')] = clip({ status: 'COMPLETE' });
      return json(200, clip({ status: 'COMPLETE' }));
    }
    return undefined;
  };
}

describe('Content Lab (/content)', () => {
  it('lists the videos clips are made from, each opening its clips', async () => {
    openStudio('/content', { user: ada, routes: contentRoutes([]) });
    const link = await screen.findByRole('link', { name: 'Product keynote' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe(`/content/library/${recording.id}/clips`);
  });

  it('makes a clip from a range selected on the transcript, marks the active clip and shares it', async () => {
    const clips = [clip({})];
    const { fetchMock, router } = openStudio(`/content/library/${recording.id}/clips?activeClipId=c1`, {
      user: ada,
      routes: contentRoutes(clips),
    });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Clips' }, { timeout: 15_000 });
    const active = within(table).getByRole('link', { name: 'Launch moment' }).closest('tr')!;
    expect(active.getAttribute('aria-current')).toBe('true');

    const lines = within(await screen.findByRole('list', { name: 'Transcript' }));
    await user.click(lines.getByText('Welcome everyone.'));
    await user.keyboard('{Shift>}');
    await user.click(lines.getByText('Today we launch.'));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Start (seconds)' }).value).toBe('2');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'End (seconds)' }).value).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Make clip' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/content_lab/clips/').filter((call) => call.method === 'POST')).toEqual([
        {
          url: '/api/content_lab/clips/',
          method: 'POST',
          body: { video_asset: recording.id, start_time: 2, end_time: 7, vertical: false, crop_x: 0.5 },
        },
      ]),
    );
    expect(await screen.findByText('Clip created. It is being processed...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ activeClipId: 'c2' }));
    expect(await within(table).findByText('Processing 0%')).toBeTruthy();

    await user.click(within(table).getByRole('switch', { name: 'Share Launch moment' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/content_lab/clips/c1/')).toEqual([
        { url: '/api/content_lab/clips/c1/', method: 'PATCH', body: { shared: true } },
      ]),
    );
    expect(await screen.findByText('Anyone with the link can watch this clip.')).toBeTruthy();
  });
});

describe('/content/import/{project}/{id}/', () => {
  it('fetches the Content Lab upload until it is imported, says so and opens its recordings page', async () => {
    const upload = videoAsset({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Webinar upload',
      source: 'CL_UPLOAD',
      transcode_status: 'PROGRESSING',
    });
    let reads = 0;
    const { router } = openStudio(`/content/import/library/${upload.id}/`, {
      user: ada,
      routes: (url) => {
        const path = url.split('?')[0];
        if (path === `/api/core/video_assets/${upload.id}/`)
          return json(200, ++reads < 2 ? upload : { ...upload, transcode_status: 'COMPLETE' });
        if (path === `/api/core/video_assets/${upload.id}/transcript/`) return json(200, transcript);
        if (path === '/api/content_lab/clips/') return page([]);
        return undefined;
      },
    });
    expect(await screen.findByText('Video imported successfully', {}, { timeout: 15_000 })).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/content/library/${upload.id}/recordings`),
    );
  });
});

describe('publishing a clip', () => {
  it('publishes a clip Ready to be Published to the Video Library', async () => {
    const clips = [clip({ status: 'READY_TO_PUBLISH' })];
    const { fetchMock } = openStudio(`/content/library/${recording.id}/clips`, {
      user: ada,
      routes: contentRoutes(clips),
    });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Clips' }, { timeout: 15_000 });
    expect(within(table).getByText('Ready to be Published')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Publish to Video Library: Launch moment' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/content_lab/clips/c1/publish/')).toEqual([
        { url: '/api/content_lab/clips/c1/publish/', method: 'POST' },
      ]),
    );
    expect(await screen.findByText('Clip published to the Video Library.')).toBeTruthy();
    expect(await within(table).findByText('Completed')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Publish to Video Library/ })).toBeNull();
  });
});

describe('/shared/clip/{clipId} on the studio origin', () => {
  it('forwards to the shared page on the attendee origin', async () => {
    openStudio('/shared/clip/c1', {
      user: ada,
      signedIn: false,
      routes: (url) =>
        url === '/api/content_lab/shared_clips/c1/'
          ? json(200, { share_url: 'http://events.test/shared/clip/c1' })
          : undefined,
    });
    const link = await screen.findByRole('link', { name: 'Open the clip' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('http://events.test/shared/clip/c1');
  });

  it('says so when sharing stopped', async () => {
    openStudio('/shared/clip/c2', {
      user: ada,
      signedIn: false,
      routes: (url) =>
        url === '/api/content_lab/shared_clips/c2/'
          ? json(404, { message: 'Not found.', code: 'NOT_FOUND' })
          : undefined,
    });
    expect(
      await screen.findByRole('region', { name: 'This clip is not shared.' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});

describe('/shared/post/{postId} on the studio origin', () => {
  const sharedPost = (url: string) =>
    url === '/api/content/shared_posts/p1/'
      ? json(200, { share_url: 'http://events.test/shared/post/p1' })
      : url === '/api/content/shared_posts/p2/'
        ? json(404, { message: 'Not found.', code: 'NOT_FOUND' })
        : undefined;

  it('forwards to the shared page on the attendee origin when reached inside the app', async () => {
    const { router } = openStudio('/home', { user: ada, routes: sharedPost });
    await router.navigate({ href: '/shared/post/p1' });
    const link = await screen.findByRole('link', { name: 'Open the post' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('http://events.test/shared/post/p1');
  });

  it('says so when sharing stopped', async () => {
    openStudio('/shared/post/p2', { user: ada, signedIn: false, routes: sharedPost });
    expect(
      await screen.findByRole('region', { name: 'This post is not shared.' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
