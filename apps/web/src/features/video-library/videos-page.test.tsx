import { resolveFeatureFlags, type VideoAsset, type VideoUsageEntry } from '@studio/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acme, ada, FakeSocket, json, page } from '../../testing/fake-studio-api.ts';
import { openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

beforeEach(() => {
  FakeSocket.instances = [];
});

const typist = () => userEvent.setup({ delay: null });

interface Library {
  videos: VideoAsset[];
  /** Overrides the total the list answers. */
  count?: number;
  usage?: Record<string, VideoUsageEntry[]>;
  listStatus?: number;
}

/** The library's part of the API over `library`, plus the filter lookups. */
function libraryRoutes(library: Library) {
  return (url: string, init: RequestInit): Response | undefined => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const [path, query = ''] = url.split('?');
    const params = new URLSearchParams(query);
    if (path === '/api/core/video_assets/' && init.method === 'GET') {
      if (library.listStatus) return json(library.listStatus, { code: 'SERVER_ERROR' });
      const search = params.get('search')?.toLowerCase() ?? '';
      const matching = library.videos.filter((video) => video.name.toLowerCase().includes(search));
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 50);
      return json(200, {
        count: library.count ?? matching.length,
        next: null,
        previous: null,
        results: matching.slice(offset, offset + limit),
      });
    }
    const one = /^\/api\/core\/video_assets\/([^/]+)\/$/.exec(path ?? '');
    if (one && init.method === 'DELETE') {
      library.videos = library.videos.filter((video) => video.id !== one[1]);
      return new Response(null, { status: 204 });
    }
    if (one && init.method === 'GET') {
      const video = library.videos.find((candidate) => candidate.id === one[1]);
      return video ? json(200, video) : json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    }
    const usage = /^\/api\/core\/video_assets\/([^/]+)\/usage\/$/.exec(path ?? '');
    if (usage) return json(200, library.usage?.[usage[1]!] ?? []);
    if (path === '/api/core/users/') return json(404, { code: 'NOT_FOUND', message: 'Not found.' });
    if (
      path === '/api/event/' ||
      path === '/api/event/series/' ||
      path === '/api/core/tags/' ||
      path === '/api/core/workspaces/'
    ) {
      return page([]);
    }
    return undefined;
  };
}

function listCalls(fetchMock: ReturnType<typeof openStudio>['fetchMock']) {
  return fetchMock.mock.calls
    .filter(([url, init]) => url.startsWith('/api/core/video_assets/?') && init.method === 'GET')
    .map(([url]) => new URLSearchParams(url.split('?')[1]));
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('/videos (spec 000 §2)', () => {
  it("shows 'No videos found' with 'Upload a video to get started.' and an upload button on an empty library", async () => {
    openStudio('/videos', { user: ada, routes: libraryRoutes({ videos: [] }) });
    // The first page of the file loads its chunks cold.
    expect(await screen.findByText('No videos found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Upload a video to get started.')).toBeTruthy();
    expect(
      within(screen.getByTestId('videos-empty')).getByRole('button', { name: 'Upload Video' }),
    ).toBeTruthy();
  });

  it('says what the search found nothing for, with the search in the address', async () => {
    const { fetchMock } = openStudio('/videos?search=zebra', {
      user: ada,
      routes: libraryRoutes({ videos: [videoAsset({ name: 'Keynote' })] }),
    });
    expect(await screen.findByText('No videos found matching "zebra"')).toBeTruthy();
    expect(screen.queryByText('Upload a video to get started.')).toBeNull();
    expect(listCalls(fetchMock).at(-1)?.get('search')).toBe('zebra');
    expect(screen.getByPlaceholderText<HTMLInputElement>('Search by title...').value).toBe('zebra');
  });

  it('reads filters, sort and page from the address and sends them to the list call', async () => {
    const { fetchMock } = openStudio(
      '/videos?page=2&ordering=name&source=UPLOAD,CLIP&created_by=user-1&event_ids=e1,e2&event_tag=t1&series_id=s1&workspace=no-team',
      {
        user: ada,
        routes: libraryRoutes({ videos: [videoAsset({ name: 'Keynote' })], count: 120 }),
      },
    );
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(0));
    const params = listCalls(fetchMock)[0]!;
    expect(
      Object.fromEntries(
        ['limit', 'offset', 'ordering', 'workspace', 'event_tag', 'series_id'].map((key) => [
          key,
          params.get(key),
        ]),
      ),
    ).toEqual({
      limit: '50',
      offset: '50',
      ordering: 'name',
      workspace: 'no-team',
      event_tag: 't1',
      series_id: 's1',
    });
    expect(params.getAll('source')).toEqual(['UPLOAD', 'CLIP']);
    expect(params.getAll('event_ids')).toEqual(['e1', 'e2']);
    expect(params.getAll('created_by')).toEqual(['user-1']);
  });

  it('lists with an event filter the videos those events use too, when asked in the address or by the box', async () => {
    const { fetchMock, router } = openStudio('/videos?event_ids=e1&include=used', {
      user: ada,
      routes: libraryRoutes({ videos: [videoAsset({ name: 'Keynote' })] }),
    });
    const box = await screen.findByRole<HTMLInputElement>('checkbox', {
      name: 'Include the videos these events use',
    });
    expect(box.checked).toBe(true);
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.get('include_used')).toBe('true'));
    await typist().click(box);
    await waitFor(() => expect(router.state.location.search).toEqual({ event_ids: 'e1' }));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.has('include_used')).toBe(false));
    // With no event filter there is nothing to include: no box, no parameter.
    act(() => router.history.push('/videos?include=used'));
    await waitFor(() => expect(listCalls(fetchMock).at(-1)?.has('event_ids')).toBe(false));
    expect(listCalls(fetchMock).at(-1)?.has('include_used')).toBe(false);
    expect(screen.queryByRole('checkbox', { name: 'Include the videos these events use' })).toBeNull();
  });

  it('writes sort, search and page into the address; a new search starts at page 1', async () => {
    const videos = Array.from({ length: 60 }, (_, index) => videoAsset({ name: `Talk ${index + 1}` }));
    const { router } = openStudio('/videos', { user: ada, routes: libraryRoutes({ videos }) });
    const user = typist();
    await screen.findByText('Talk 1');
    await user.click(screen.getByRole('button', { name: /Title/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ordering: '-name' }));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: '2' }),
    );
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ordering: '-name', page: 2 }));
    const searchBox = screen.getByPlaceholderText<HTMLInputElement>('Search by title...');
    await user.type(searchBox, 'Talk 5');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ ordering: '-name', search: 'Talk 5' }),
    );
    // The box keeps the typing person's focus, and follows the address back.
    expect(document.activeElement).toBe(searchBox);
    // The search replaced the page-2 entry: back is the sorted list.
    act(() => router.history.back());
    await waitFor(() => expect(router.state.location.search).toEqual({ ordering: '-name' }));
    await waitFor(() => expect(searchBox.value).toBe(''));
  });

  it('shows pagination only when the total exceeds 50', async () => {
    openStudio('/videos', {
      user: ada,
      routes: libraryRoutes({
        videos: Array.from({ length: 50 }, (_, index) => videoAsset({ name: `Talk ${index + 1}` })),
      }),
    });
    await screen.findByText('Talk 50');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('goes back to page 1 when a page is empty while there are videos', async () => {
    const { router, fetchMock } = openStudio('/videos?page=3', {
      user: ada,
      routes: libraryRoutes({ videos: [videoAsset({ name: 'Only one' })] }),
    });
    expect(await screen.findByText('Only one')).toBeTruthy();
    expect(router.state.location.search).toEqual({});
    expect(listCalls(fetchMock).map((params) => params.get('offset'))).toEqual(['100', '0']);
  });

  it("says 'Unable to fetch videos. Please try again.' when the list fails", async () => {
    openStudio('/videos', { user: ada, routes: libraryRoutes({ videos: [], listStatus: 500 }) });
    expect(await screen.findAllByText('Unable to fetch videos. Please try again.')).not.toHaveLength(0);
  });

  it('opens a video in the same tab, and in a new one with ctrl or meta', async () => {
    const video = videoAsset({ name: 'Keynote' });
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = openStudio('/videos', { user: ada, routes: libraryRoutes({ videos: [video] }) });
    fireEvent.click(within(await rowOf('Keynote')).getByText('Keynote'), { ctrlKey: true });
    expect(opened).toHaveBeenCalledWith(`/videos/${video.id}`, '_blank', 'noopener');
    fireEvent.click(within(await rowOf('Keynote')).getByText('Keynote'), { metaKey: true });
    expect(opened).toHaveBeenCalledTimes(2);
    fireEvent.click(within(await rowOf('Keynote')).getByText('Keynote'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/videos/${video.id}`));
    expect(await screen.findByTestId('video-page-title')).toBeTruthy();
  });

  it("deletes after 'Are you sure?' with the video's name, says 'Video deleted successfully.' and reloads", async () => {
    const { fetchMock } = openStudio('/videos', {
      user: ada,
      routes: libraryRoutes({ videos: [videoAsset({ name: 'Old talk' })] }),
    });
    const user = typist();
    await user.click(within(await rowOf('Old talk')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText('You are deleting the video Old talk. This action cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Video deleted successfully.')).toBeTruthy();
    expect(await screen.findByText('No videos found')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url, init]) => url.endsWith('/usage/') && init.method === 'GET')).toBe(
      false,
    );
  });

  it("blocks deleting a clip in use with 'Video in use' when clip publishing is on, listing Visit links", async () => {
    const clip = videoAsset({
      name: 'Hot clip',
      source: 'CLIP',
      creation_type: 'CLIP',
      video_usage_count: 2,
      usageCount: 2,
    });
    const free = videoAsset({
      name: 'Free clip',
      source: 'CLIP',
      creation_type: 'CLIP',
      video_usage_count: 0,
    });
    const usage: VideoUsageEntry[] = [
      {
        entity_id: 'e-7',
        entity_title: 'Spring Summit',
        entity_subtype: 'WEBINAR',
        entity_type: 'EVENT',
        entity_created_date: '2026-10-01T00:00:00Z',
      },
      {
        entity_id: null,
        entity_title: 'Gone',
        entity_subtype: null,
        entity_type: 'HUB',
        entity_created_date: null,
      },
    ];
    const organization = {
      ...acme,
      feature_flags: { ...resolveFeatureFlags({}), showVideoLibraryClipPublish: true },
    };
    openStudio('/videos', {
      user: ada,
      organization,
      routes: libraryRoutes({ videos: [clip, free], usage: { [clip.id]: usage } }),
    });
    const user = typist();
    await user.click(within(await rowOf('Hot clip')).getByRole('button', { name: 'Delete' }));
    const inUse = await screen.findByRole('dialog', { name: 'Video in use' });
    expect(
      within(inUse).getByText(
        'This video is currently in use in the following destinations and cannot be removed. Please remove the video from these destinations first to proceed.',
      ),
    ).toBeTruthy();
    expect(within(inUse).getByRole('link', { name: 'Visit' }).getAttribute('href')).toBe(
      '/events/e-7/dashboard',
    );
    expect(within(inUse).getByText('DELETED')).toBeTruthy();
    await user.click(within(inUse).getAllByRole('button', { name: 'Close' }).at(-1)!);

    await user.click(within(await rowOf('Free clip')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete clip from Video Library' });
    expect(
      within(confirm).getByText(
        'This will delete the video only from the Video Library. You can still access the video in Content Lab.',
      ),
    ).toBeTruthy();
  });

  it("shows 'Video in use' for any video in use, clip publishing off, instead of a confirmation that would fail", async () => {
    const upload = videoAsset({ name: 'Buffer loop', video_usage_count: 1, usageCount: 1 });
    const usage: VideoUsageEntry[] = [
      {
        entity_id: 'e-8',
        entity_title: 'Autumn Summit',
        entity_subtype: 'CONFERENCE',
        entity_type: 'EVENT',
        entity_created_date: '2026-10-01T00:00:00Z',
      },
      {
        entity_id: 's-3',
        entity_title: 'Talks',
        entity_subtype: 'WEBINAR',
        entity_type: 'SERIES',
        entity_created_date: '2026-10-02T00:00:00Z',
      },
    ];
    openStudio('/videos', {
      user: ada,
      routes: libraryRoutes({ videos: [upload], usage: { [upload.id]: usage } }),
    });
    await typist().click(within(await rowOf('Buffer loop')).getByRole('button', { name: 'Delete' }));
    const inUse = await screen.findByRole('dialog', { name: 'Video in use' });
    expect(within(inUse).getByText('Autumn Summit')).toBeTruthy();
    // A series whose built page shows the video.
    expect(within(inUse).getByText(/^Series · Webinar · /)).toBeTruthy();
    expect(
      within(inUse)
        .getAllByRole('link', { name: 'Visit' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/events/e-8/dashboard', '/series/s-3']);
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  });

  it('turns a processing row Completed when the server pushes the change, without reloading', async () => {
    const video = videoAsset({
      name: 'Fresh upload',
      transcode_status: 'PROGRESSING',
      status: 'PROCESSING_HD',
      urls: { thumbnail: null, hls: null, mp4: null },
    });
    const library: Library = { videos: [video] };
    const { fetchMock } = openStudio('/videos', { user: ada, routes: libraryRoutes(library) });
    const row = await rowOf('Fresh upload');
    expect(within(row).getByTestId('video-status').textContent).toBe('Processing');
    await waitFor(() => expect(FakeSocket.instances.length).toBe(1));
    const socket = FakeSocket.instances[0]!;
    expect(socket.url).toMatch(/\/api\/ws\?token=access-1$/);
    act(() => {
      socket.readyState = 1;
      socket.onopen?.(new Event('open'));
    });
    expect(JSON.parse(socket.sent[0]!)).toEqual({
      type: 'setEventId',
      data: { eventId: null, userId: ada.id, route: '/videos' },
    });
    library.videos = [
      {
        ...video,
        transcode_status: 'COMPLETE',
        status: 'COMPLETE',
        urls: videoAsset().urls,
        warnings: ['No audio stream detected.'],
        transcoder_warnings: ['No audio stream detected.'],
      },
    ];
    const callsBefore = listCalls(fetchMock).length;
    act(() =>
      socket.push({
        type: 'video-asset-updated',
        data: {
          id: video.id,
          workspace: null,
          transcode_status: 'COMPLETE',
          status: 'COMPLETE',
          transcoder_warnings: ['No audio stream detected.'],
          transcoder_errors: [],
          duration: 3,
          playable: true,
          updated_at: '2026-11-22T10:00:00Z',
        },
      }),
    );
    expect(within(await rowOf('Fresh upload')).getByTestId('video-status').textContent).toBe('Completed');
    expect(
      within(await rowOf('Fresh upload')).getByRole('button', { name: 'Warnings of Fresh upload' }),
    ).toBeTruthy();
    await waitFor(() => expect(listCalls(fetchMock).length).toBeGreaterThan(callsBefore));
  });

  it('offers the Source options of the flags, and the creators seen when the server cannot list people', async () => {
    openStudio('/videos', {
      user: ada,
      routes: libraryRoutes({
        videos: [
          videoAsset({
            name: 'Keynote',
            created_by: { id: 'user-9', first_name: 'Grace', last_name: 'Hopper' },
          }),
        ],
      }),
    });
    const user = typist();
    await screen.findByText('Keynote');
    await user.click(
      screen
        .getAllByLabelText('Source')
        .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!,
    );
    expect(await screen.findByText('Event Recording')).toBeTruthy();
    expect(screen.getByText('Manual Upload')).toBeTruthy();
    expect(screen.queryByText('Content Lab Clip')).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(
      screen
        .getAllByLabelText('Created By')
        .find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!,
    );
    expect(
      await screen.findByText('Grace Hopper', { selector: '[role=option] *, [role=option]' }),
    ).toBeTruthy();
    expect(screen.getByText('Ada Lovelace', { selector: '[role=option] *, [role=option]' })).toBeTruthy();
  });
});

describe('/videos for a member who may only see videos (video:read, no video:update)', () => {
  const reader = { ...ada, id: 'user-2', role: 'EVENT_EDITOR', is_admin: false };

  it('offers Preview and Download on a row, but no Rename, Delete or Upload Video (the server refuses them)', async () => {
    const video = videoAsset({ name: 'Keynote', source: 'STUDIO_RECORDING' });
    openStudio('/videos', {
      user: reader,
      permissions: ['video:read'],
      routes: libraryRoutes({ videos: [video] }),
    });
    const row = await rowOf('Keynote');
    expect(within(row).getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload Video' })).toBeNull();
  });

  it('offers Rename and Delete once the member may change videos', async () => {
    const video = videoAsset({ name: 'Keynote', source: 'STUDIO_RECORDING' });
    openStudio('/videos', {
      user: reader,
      permissions: ['video:read', 'video:update'],
      routes: libraryRoutes({ videos: [video] }),
    });
    const row = await rowOf('Keynote');
    expect(await within(row).findByRole('button', { name: 'Rename' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeTruthy();
  });
});
