import { resolveFeatureFlags } from '@studio/domain';
import { notificationsStore } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { watchSavedFiles } from '../../testing/browser-files.ts';
import { FakeHls } from '../../testing/fake-hls.ts';
import { acme, ada, json } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';
import { downloadSeoAssets, downloadVideoMp4 } from './video-files.ts';

const toasts = () => notificationsStore.getState().notifications.map((toast) => toast.message);

const keynote = videoAsset({
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Opening keynote',
  description: 'The first talk.',
  duration: 3725,
  warnings: ['No audio stream detected.'],
  transcoder_warnings: ['No audio stream detected.'],
  metadata: {
    chapters: [
      { title: 'Questions', start_time: 1800 },
      { title: 'Welcome', start_time: 0 },
    ],
  },
});

function videoRoutes(patches: unknown[]) {
  return (url: string, init: RequestInit): Response | undefined => {
    const path = url.split('?')[0];
    if (path === `/api/core/video_assets/${keynote.id}/` && init.method === 'GET') return json(200, keynote);
    if (path === `/api/core/video_assets/${keynote.id}/` && init.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as { name: string };
      patches.push(body);
      return json(200, { ...keynote, name: body.name });
    }
    if (path === `/api/core/video_assets/${keynote.id}/usage/`) {
      return json(200, [
        {
          entity_id: 't-1',
          entity_title: 'Webinar template',
          entity_subtype: null,
          entity_type: 'STUDIO_EVENT_TEMPLATE',
          entity_created_date: null,
        },
      ]);
    }
    return undefined;
  };
}

describe('/videos/{id} (the video page)', () => {
  it('shows the facts, warnings, chapters in order and where the video is used', async () => {
    // A browser with neither Media Source Extensions nor native HLS.
    FakeHls.supported = false;
    openStudio(`/videos/${keynote.id}`, { user: ada, routes: videoRoutes([]) });
    expect((await screen.findByTestId('video-page-title', {}, { timeout: 15_000 })).textContent).toBe(
      'Opening keynote',
    );
    expect(screen.getByTestId('video-page-status').textContent).toBe('Completed');
    expect(within(screen.getByRole('table', { name: 'Video facts' })).getByText('01:02:05')).toBeTruthy();
    expect(screen.getByText('No audio stream detected.')).toBeTruthy();
    const chapters = within(screen.getByRole('list', { name: 'Chapters' }));
    expect(
      chapters.getAllByRole<HTMLInputElement>('textbox', { name: 'Title' }).map((input) => input.value),
    ).toEqual(['Welcome', 'Questions']);
    expect(
      chapters.getAllByRole<HTMLInputElement>('textbox', { name: 'Start' }).map((input) => input.value),
    ).toEqual(['0:00', '30:00']);
    const usage = await screen.findByRole('list', { name: 'Destinations' });
    expect(within(usage).getByRole('link', { name: 'Visit' }).getAttribute('href')).toBe('/templates/t-1');
    expect(screen.getByText("Sorry, your browser doesn't support hls player.")).toBeTruthy();
  });

  it('says a video that does not exist (or is another organisation’s) is not found, with the way back', async () => {
    openStudio('/videos/gone', { user: ada, routes: videoRoutes([]) });
    expect(await screen.findByRole('region', { name: 'Video not found' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Video Library' }).getAttribute('href')).toBe('/videos');
  });

  it('renames from the details form', async () => {
    const patches: unknown[] = [];
    openStudio(`/videos/${keynote.id}`, { user: ada, routes: videoRoutes(patches) });
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 5000 });
    await user.clear(name);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    await user.type(name, 'Keynote (edited)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ name: 'Keynote (edited)' }]));
    expect(await screen.findByText('Video renamed successfully.')).toBeTruthy();
  });

  it('offers the SEO/GEO download only with AI summary generation', async () => {
    const organization = {
      ...acme,
      feature_flags: { ...resolveFeatureFlags({}), isAiSummaryGenerationEnabled: true },
    };
    openStudio(`/videos/${keynote.id}`, { user: ada, organization, routes: videoRoutes([]) });
    expect(
      await screen.findByRole('button', { name: 'Download SEO/GEO assets' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('has no SEO/GEO download without it', async () => {
    openStudio(`/videos/${keynote.id}`, { user: ada, routes: videoRoutes([]) });
    await screen.findByTestId('video-page-title', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Download SEO/GEO assets' })).toBeNull();
  });
});

describe('downloads (spec 000 §7, §8)', () => {
  const here = window.location.origin;
  const withMp4 = (mp4: string | null) =>
    videoAsset({ name: 'Talk: part 1', urls: { thumbnail: null, hls: null, mp4 } });

  it("says 'Video URL is not available' without an mp4 URL", async () => {
    await downloadVideoMp4(withMp4(null));
    expect(toasts()).toContain('Video URL is not available');
  });

  it("says 'Video is not ready yet. Please try again later.' while the file is not there", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 404 }))),
    );
    await downloadVideoMp4(withMp4(`${here}/api/media/videos/v/video.mp4`));
    expect(toasts()).toContain('Video is not ready yet. Please try again later.');
    vi.unstubAllGlobals();
  });

  it("saves the file under the video's name and says 'Video downloaded'", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })));
    vi.stubGlobal('fetch', fetchMock);
    const saved = watchSavedFiles();
    await downloadVideoMp4(withMp4(`${here}/api/media/videos/v/video.mp4`));
    expect(fetchMock).toHaveBeenCalledWith(`${here}/api/media/videos/v/video.mp4`, { method: 'HEAD' });
    expect(saved).toEqual([
      { name: 'Talk part 1.mp4', href: `${here}/api/media/videos/v/video.mp4`, blob: undefined },
    ]);
    expect(toasts()).toContain('Video downloaded');
    vi.unstubAllGlobals();
  });

  it("says 'Failed to download video' when the request fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    await downloadVideoMp4(withMp4(`${here}/api/media/videos/v/video.mp4`));
    expect(toasts()).toContain('Failed to download video');
    vi.unstubAllGlobals();
  });

  it("says 'Failed to download assets' when the SEO/GEO export fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'FEATURE_NOT_ENABLED', message: 'x' }), { status: 403 }),
        ),
      ),
    );
    await downloadSeoAssets(withMp4(null));
    expect(toasts()).toContain('Failed to download assets');
    vi.unstubAllGlobals();
  });
});

describe('/videos/{id}: Edit in Content Lab', () => {
  const contentLabOrganization = { ...acme, content_lab_enabled: true };
  const recording = videoAsset({
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Panel recording',
    source: 'EVENT_RECORDING',
    transcode_status: 'COMPLETE',
  });
  const routes =
    (lookup: () => Response, calls: string[]) =>
    (url: string): Response | undefined => {
      const path = url.split('?')[0];
      if (path === `/api/core/video_assets/${recording.id}/`) return json(200, recording);
      if (path === '/api/content_lab/edit_link/') {
        calls.push(url);
        return lookup();
      }
      return undefined;
    };

  it('opens the edit link the lookup found', async () => {
    const calls: string[] = [];
    const url = `/content/library/${recording.id}/recordings`;
    openStudio(`/videos/${recording.id}`, {
      user: ada,
      organization: contentLabOrganization,
      routes: routes(
        () =>
          json(200, {
            id: recording.id,
            project_id: 'library',
            url,
            content: { id: recording.id, project: { id: 'library' } },
          }),
        calls,
      ),
    });
    const button = await screen.findByRole('link', { name: 'Edit in Content Lab' }, { timeout: 15_000 });
    await waitFor(() => expect(button.getAttribute('href')).toBe(url));
    expect(calls).toEqual([`/api/content_lab/edit_link/?video_asset=${recording.id}`]);
  });

  it("explains the lookup's error code with its spec message", async () => {
    openStudio(`/videos/${recording.id}`, {
      user: ada,
      organization: contentLabOrganization,
      routes: routes(
        () =>
          json(422, {
            message: 'x',
            code: 'RECORDING_NOT_AVAILABLE',
            errors: {},
          }),
        [],
      ),
    });
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByRole('link', { name: 'Edit in Content Lab' }, { timeout: 15_000 });
    await waitFor(() => expect(button.getAttribute('data-disabled')).toBe('true'));
    await user.hover(button.parentElement!);
    expect(await screen.findByText('No recording found for the event.')).toBeTruthy();
  });
});

describe('/videos/{id} for a member who may only see videos (video:read, no video:update)', () => {
  const reader = { ...ada, id: 'user-2', role: 'EVENT_EDITOR', is_admin: false };

  it('shows the details and chapters read-only, with no Save, Delete, chapter or transcript changes', async () => {
    openStudio(`/videos/${keynote.id}`, {
      user: reader,
      permissions: ['video:read'],
      routes: videoRoutes([]),
    });
    expect(await screen.findByTestId('video-page-title', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Name' }).readOnly).toBe(true);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' }).readOnly).toBe(true);
    const chapters = within(screen.getByRole('list', { name: 'Chapters' }));
    expect(chapters.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '0:00 Welcome',
      '30:00 Questions',
    ]);
    expect(screen.getByRole('button', { name: 'Download MP4' })).toBeTruthy();
    for (const name of ['Save', 'Delete', 'Add chapter', 'Save chapters', 'Transcribe', 'Upload VTT/SRT'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('is told it needs See videos without video:read, and makes no refused call', async () => {
    const { fetchMock } = openStudio(`/videos/${keynote.id}`, {
      user: reader,
      permissions: ['event:read'],
      routes: videoRoutes([]),
    });
    const state = await screen.findByRole('status', { name: "You don't have access" }, { timeout: 15_000 });
    expect(state.textContent).toContain('"See videos"');
    expect(
      fetchMock.mock.calls.some(([url]) => url.startsWith(`/api/core/video_assets/${keynote.id}/`)),
    ).toBe(false);
  });
});
