import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contentLabSwitchMessages, paths } from '@studio/domain';
import { ada, FakeSocket, json } from '../../testing/fake-studio-api.ts';
import { callsTo, openStudio, queriesReadOnATimer } from '../../testing/open-studio.tsx';
import { PATH_BEFORE_CONTENT_LAB_KEY } from '../../session/end-session.ts';
import { videoAsset } from '../../ui/video-asset-fixture.ts';
import {
  clip,
  contentLabRoutes,
  contentLabState,
  project,
  PROJECT,
  recording,
  transcript,
  withContentLab,
} from './content-lab-fixtures.ts';

describe('Content Lab (/content)', () => {
  it('lists the projects, each opening its videos, each opening its clips', async () => {
    const { router } = openStudio('/content', {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState()),
    });
    const link = await screen.findByRole('link', { name: 'Launch week' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe(`/content/${PROJECT}`);
    await router.navigate({ href: `/content/${PROJECT}` });
    const video = await screen.findByRole('link', { name: 'Product keynote' });
    expect(video.getAttribute('href')).toBe(`/content/${PROJECT}/${recording.id}/clips`);
    // Like the studio's other pages, each has one <main> landmark.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await router.navigate({ href: `/content/${PROJECT}/${recording.id}/clips` });
    expect(await screen.findByRole('heading', { name: 'Product keynote' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('takes a member back to the studio page they left for it', async () => {
    sessionStorage.setItem(PATH_BEFORE_CONTENT_LAB_KEY, '/videos?page=2');
    const { router } = openStudio('/content', {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState()),
    });
    const user = userEvent.setup({ delay: null });
    const back = await screen.findByRole('link', { name: 'Back to Event Studio' }, { timeout: 15_000 });
    expect(back.getAttribute('href')).toBe('/videos?page=2');
    await user.click(back);
    await waitFor(() => expect(router.state.location.href).toBe('/videos?page=2'));
    sessionStorage.removeItem(PATH_BEFORE_CONTENT_LAB_KEY);
  });

  it('says when there is no project yet and creates one', async () => {
    const state = contentLabState({ projects: [] });
    const { fetchMock } = openStudio('/content', {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(state),
    });
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('region', { name: 'No projects yet' }, { timeout: 15_000 })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    await user.type(screen.getByRole('textbox', { name: 'Project name' }), 'Recaps');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(
        callsTo(fetchMock, '/api/content_lab/projects/').filter((call) => call.method === 'POST'),
      ).toEqual([{ url: '/api/content_lab/projects/', method: 'POST', body: { name: 'Recaps' } }]),
    );
    expect(await screen.findByRole('link', { name: 'Recaps' })).toBeTruthy();
  });

  it('shows a not-found page for a project that is not the organisation’s', async () => {
    openStudio(`/content/44444444-4444-4444-8444-444444444444/${recording.id}/clips`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState()),
    });
    expect(
      await screen.findByRole('region', { name: 'Project not found' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('makes a clip from a range selected on the transcript, marks the active clip and shares it', async () => {
    const { fetchMock, router } = openStudio(`/content/${PROJECT}/${recording.id}/clips?activeClipId=c1`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState({ clips: [clip()] })),
    });
    const user = userEvent.setup({ delay: null });
    const table = await screen.findByRole('table', { name: 'Clips' }, { timeout: 15_000 });
    const active = within(table).getByRole('link', { name: 'Launch moment' }).closest('tr')!;
    expect(active.getAttribute('aria-current')).toBe('true');

    const lines = within(await screen.findByRole('list', { name: 'Transcript' }));
    // Each phrase is a toggle button inside a list item.
    const phrase = (words: string) =>
      within(lines.getAllByRole('listitem').find((item) => item.textContent?.includes(words))!).getByRole(
        'button',
      );
    await user.click(phrase('Welcome everyone.'));
    await user.keyboard('{Shift>}');
    await user.click(phrase('Today we launch.'));
    await user.keyboard('{/Shift}');
    expect(phrase('Today we launch.').getAttribute('aria-pressed')).toBe('true');
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

describe("a project's Add a video", () => {
  it('says which project a video is in, asks before moving it here and says it moved', async () => {
    const interview = videoAsset({
      id: '55555555-5555-4555-8555-555555555555',
      name: 'Fabrikam customer interview',
      source: 'EVENT_RECORDING',
      duration: 12,
      transcode_status: 'COMPLETE',
    });
    const stories = '66666666-6666-4666-8666-666666666666';
    const state = contentLabState({
      projects: [project(), project({ id: stories, name: 'Customer stories' })],
      projectVideos: { [PROJECT]: [recording], [stories]: [interview] },
      library: [recording, interview],
    });
    const { fetchMock } = openStudio(`/content/${PROJECT}`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(state),
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('link', { name: 'Product keynote' }, { timeout: 15_000 });
    const picker = screen.getByRole('combobox', { name: 'Add a video' });
    await user.click(picker);
    const option = await screen.findByRole('option', { name: /Fabrikam customer interview/ });
    await waitFor(() => expect(within(option).getByText('In Customer stories')).toBeTruthy());
    await user.click(option);
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText(
        '“Fabrikam customer interview” is in the project Customer stories. Adding it here moves it out of Customer stories.',
      ),
    ).toBeTruthy();
    const posts = () =>
      callsTo(fetchMock, `/api/content_lab/projects/${PROJECT}/videos/`).filter(
        (call) => call.method === 'POST',
      );
    expect(posts()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Move video' }));
    expect(await screen.findByText('Video moved here from Customer stories.')).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(state.projectVideos[stories]).toEqual([]);
    expect(await screen.findByRole('link', { name: 'Fabrikam customer interview' })).toBeTruthy();
  });
});

describe('the clip range typed in seconds', () => {
  it('says a start below 0 or an end past the video on its field, without clamping, and makes no clip', async () => {
    const { fetchMock } = openStudio(`/content/${PROJECT}/${recording.id}/clips`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState()),
    });
    const user = userEvent.setup({ delay: null });
    const end = await screen.findByRole<HTMLInputElement>(
      'textbox',
      { name: 'End (seconds)' },
      { timeout: 15_000 },
    );
    await user.clear(end);
    await user.type(end, '999');
    await user.tab();
    expect(end.value).toBe('999');
    expect(await screen.findByText('The end must be within the video (2:00).')).toBeTruthy();
    const start = screen.getByRole<HTMLInputElement>('textbox', { name: 'Start (seconds)' });
    await user.clear(start);
    await user.type(start, '-5');
    await user.tab();
    expect(start.value).toBe('-5');
    expect(await screen.findByText('The start must be 0 or more.')).toBeTruthy();
    const make = screen.getByRole('button', { name: 'Make clip' });
    expect(make.hasAttribute('disabled')).toBe(true);
    await user.click(make);
    expect(callsTo(fetchMock, '/api/content_lab/clips/').filter((call) => call.method === 'POST')).toEqual(
      [],
    );
  });
});

describe('/content/import/{project}/{id}/', () => {
  it('reads the Content Lab upload again when its status change is pushed, says it is imported and opens its recordings page', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const upload = videoAsset({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Webinar upload',
      source: 'CL_UPLOAD',
      transcode_status: 'PROGRESSING',
    });
    let current = upload;
    const contentLab = contentLabRoutes(contentLabState());
    const { router, queryClient } = openStudio(`/content/import/${PROJECT}/${upload.id}/`, {
      organization: withContentLab,
      user: ada,
      routes: (url, init) => {
        const path = url.split('?')[0];
        if (path === `/api/core/video_assets/${upload.id}/`) return json(200, current);
        if (path === `/api/core/video_assets/${upload.id}/transcript/`) return json(200, transcript);
        return contentLab(url, init);
      },
    });
    expect(await screen.findByText('Webinar upload')).toBeTruthy();
    expect(queriesReadOnATimer(queryClient)).toEqual([]);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));

    current = { ...upload, transcode_status: 'COMPLETE', status: 'COMPLETE' };
    act(() => FakeSocket.instances[0]!.push(assetPush(upload.id, 'COMPLETE')));
    expect(await screen.findByText('Video imported successfully')).toBeTruthy();
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/content/${PROJECT}/${upload.id}/recordings`),
    );
  });
});

describe("a clip's cut and processing", () => {
  it('shows the progress pushed as it is cut, then its status once processed, reading nothing on a timer', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    FakeSocket.instances = [];
    const state = contentLabState({ clips: [clip({ id: 'c2', status: 'PROGRESSING', progress: 0 })] });
    const { queryClient } = openStudio(`/content/${PROJECT}/${recording.id}/clips`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(state),
    });
    const table = await screen.findByRole('table', { name: 'Clips' });
    expect(await within(table).findByText('Processing 0%')).toBeTruthy();
    expect(queriesReadOnATimer(queryClient)).toEqual([]);
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0]!;

    state.clips = [clip({ id: 'c2', status: 'PROGRESSING', progress: 0.4 })];
    act(() =>
      socket.push({
        type: 'clip-updated',
        data: { id: 'c2', video_asset: recording.id, video_library_id: 'v1', cut: 'CUTTING', progress: 0.4 },
      }),
    );
    expect(await within(table).findByText('Processing 40%')).toBeTruthy();

    // Cut, its video is processed like any library video: that push says when it is done.
    state.clips = [clip({ id: 'c2', status: 'COMPLETE', progress: null })];
    act(() => socket.push(assetPush('v1', 'COMPLETE')));
    expect(await within(table).findByText('Completed')).toBeTruthy();
  });
});

/** The library's push of a video's new transcode status. */
const assetPush = (id: string, status: string) => ({
  type: 'video-asset-updated',
  data: {
    id,
    workspace: null,
    transcode_status: status,
    status,
    transcoder_warnings: [],
    transcoder_errors: [],
    duration: 8,
    playable: true,
    updated_at: '2026-11-27T10:00:00Z',
  },
});

describe('publishing a clip', () => {
  it('publishes a clip Ready to be Published to the Video Library', async () => {
    const { fetchMock } = openStudio(`/content/${PROJECT}/${recording.id}/clips`, {
      organization: withContentLab,
      user: ada,
      routes: contentLabRoutes(contentLabState({ clips: [clip({ status: 'READY_TO_PUBLISH' })] })),
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
      organization: withContentLab,
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
      organization: withContentLab,
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
    const { router } = openStudio('/home', { organization: withContentLab, user: ada, routes: sharedPost });
    await router.navigate({ href: '/shared/post/p1' });
    const link = await screen.findByRole('link', { name: 'Open the post' }, { timeout: 15_000 });
    expect(link.getAttribute('href')).toBe('http://events.test/shared/post/p1');
  });

  it('says so when sharing stopped', async () => {
    openStudio('/shared/post/p2', {
      organization: withContentLab,
      user: ada,
      signedIn: false,
      routes: sharedPost,
    });
    expect(
      await screen.findByRole('region', { name: 'This post is not shared.' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});

describe('a standalone Content Lab user (no organisation)', () => {
  const standalone = {
    ...ada,
    organization: null,
    role: null,
    is_content_lab_standalone: true,
    email_verified: false,
  };

  it('uploads a video into a project through the one Upload Video dialog, one file at a time, no team', async () => {
    openStudio(`/content/${PROJECT}`, {
      user: standalone,
      organization: null,
      routes: contentLabRoutes(contentLabState()),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Upload Video' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Video' });
    expect(within(dialog).getByText('MP4 videos, at least 1 second long.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Choose video' })).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Team workspace' })).toBeNull();
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(false);
  });

  it('asks for the emailed code on /content until the address is confirmed, coming back here', async () => {
    openStudio('/content', {
      user: standalone,
      organization: null,
      routes: contentLabRoutes(contentLabState()),
    });
    const notice = await screen.findByText('Confirm your email address', {}, { timeout: 15_000 });
    const link = within(notice.closest<HTMLElement>('[role="alert"]')!).getByRole('link', {
      name: 'Enter the code',
    });
    expect(link.getAttribute('href')).toBe('/auth/confirmSignup?email=ada%40example.com&redirect=%2Fcontent');
    // No studio to go back to without an organisation: the way to create one.
    expect(screen.queryByRole('link', { name: 'Back to Event Studio' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an organization' }).getAttribute('href')).toBe(
      '/createorg',
    );
  });

  it('shows no notice once the address is confirmed', async () => {
    openStudio('/content', {
      user: { ...standalone, email_verified: true },
      organization: null,
      routes: contentLabRoutes(contentLabState()),
    });
    expect(await screen.findByRole('link', { name: 'Launch week' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('Confirm your email address')).toBeNull();
  });
});

describe("/content while the organisation's Content Lab is off", () => {
  it('explains it, with the way to Settings › Organization for an admin, and reads nothing of Content Lab', async () => {
    const { fetchMock } = openStudio('/content', { user: ada, routes: contentLabRoutes(contentLabState()) });
    const closed = await screen.findByRole(
      'region',
      { name: contentLabSwitchMessages.title },
      { timeout: 15_000 },
    );
    expect(within(closed).getByText(contentLabSwitchMessages.disabled)).toBeTruthy();
    expect(
      within(closed).getByRole('link', { name: contentLabSwitchMessages.switchOn }).getAttribute('href'),
    ).toBe(paths.organizationSettings);
    expect(screen.getByRole('heading', { level: 1, name: 'Content Lab' })).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.includes('/api/content_lab/'))).toEqual([]);
  });

  it('offers a member without the organisation settings no link', async () => {
    const member = { ...ada, id: 'user-2', role: 'ORGANIZATION_MEMBER', is_admin: false };
    openStudio('/content', { user: member, routes: contentLabRoutes(contentLabState()) });
    const closed = await screen.findByRole(
      'region',
      { name: contentLabSwitchMessages.title },
      { timeout: 15_000 },
    );
    expect(within(closed).queryByRole('link')).toBeNull();
  });
});
