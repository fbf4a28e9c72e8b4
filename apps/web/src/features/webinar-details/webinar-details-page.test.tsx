import { postMessages, type Post, type TranscriptAnswer, type VideoAsset } from '@studio/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { eventFixture } from '../../testing/event-fixture.ts';
import { ada, json, page } from '../../testing/fake-studio-api.ts';
import { bodiesSentTo, callsTo, openStudio } from '../../testing/open-studio.tsx';
import { videoAsset } from '../../ui/video-asset-fixture.ts';

const recording = videoAsset({ name: 'Pipelines that pay', duration: 1800, event: 'w-1' });

const transcriptOf = (items: TranscriptAnswer['items']): TranscriptAnswer => ({
  url: null,
  items,
  transcription: {
    status: items.length ? 'COMPLETE' : null,
    progress: null,
    code: null,
    message: null,
    language: 'en',
    source: items.length ? 'UPLOAD' : null,
    engine: null,
  },
  downloadable: false,
});
const spoken = transcriptOf([
  {
    start_time: 65,
    end_time: 70,
    type: 'pronunciation',
    speaker_name: 'Grace',
    alternatives: [{ content: 'A reliable data pipeline pays for itself.' }],
  },
]);

const post = (fields: Partial<Post> & Pick<Post, 'id'>): Post => ({
  kind: 'SOCIAL',
  network: 'X',
  title: 'Pipelines that pay',
  body: '“A reliable data pipeline pays for itself.” — Grace',
  video_asset: recording.id,
  event: 'w-1',
  shared: false,
  share_url: null,
  created_at: '2026-11-25T10:00:00Z',
  updated_at: '2026-11-25T10:00:00Z',
  ...fields,
});

/** The server: the webinar's videos, the video's transcript, its posts (generated and saved in memory). */
function openDetails(
  tab: string,
  server: { videos: VideoAsset[]; transcript: TranscriptAnswer; posts: Post[]; closed?: boolean },
  event: { type: 'Webinar' | 'Conference'; path: string } = { type: 'Webinar', path: '/webinar/w-1/details' },
) {
  return openStudio(`${event.path}/${tab}`, {
    user: ada,
    routes: (path, init) => {
      const [route] = path.split('?');
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      if (route === '/api/event/w-1/')
        return json(200, eventFixture({ id: 'w-1', title: 'Data event', event_type: event.type }));
      if (route === '/api/core/video_assets/') return page(server.videos);
      if (route === `/api/core/video_assets/${recording.id}/transcript/`) return json(200, server.transcript);
      if (route === '/api/content/posts/')
        return server.closed
          ? json(403, { code: 'CONTENT_LAB_DISABLED', message: 'Content Lab is switched off.' })
          : json(200, server.posts);
      if (route === '/api/content/posts/generate/') {
        const made = [post({ id: 'p-1' }), post({ id: 'p-2', network: 'LINKEDIN', body: 'Key takeaways' })];
        server.posts = [...made, ...server.posts];
        return json(201, made);
      }
      const edited = /^\/api\/content\/posts\/([^/]+)\/$/.exec(route!);
      if (edited && init.method === 'DELETE') {
        server.posts = server.posts.filter((item) => item.id !== edited[1]);
        return new Response(null, { status: 204 });
      }
      if (edited && init.method === 'PATCH') {
        const found = server.posts.find((item) => item.id === edited[1])!;
        const shared = body.shared as boolean | undefined;
        const next: Post = {
          ...found,
          ...(body as Partial<Post>),
          ...(shared === undefined
            ? {}
            : { shared, share_url: shared ? `http://events.test/shared/post/${found.id}` : null }),
          updated_at: new Date().toISOString(),
        };
        server.posts = server.posts.map((item) => (item.id === found.id ? next : item));
        return json(200, next);
      }
      return undefined;
    },
  });
}

describe('the webinar details tabs (issue 37)', () => {
  it('generates social drafts from the transcript, edits one within its network limit, saves and shares it', async () => {
    const { fetchMock } = openDetails('social', { videos: [recording], transcript: spoken, posts: [] });
    const empty = await screen.findByRole('region', { name: 'No social posts yet' });
    await userEvent.click(within(empty).getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/content/posts/generate/')[0]?.body).toEqual({
        video_asset: recording.id,
        event: 'w-1',
        kinds: ['SOCIAL'],
      }),
    );
    const x = await screen.findByRole('region', { name: 'X (Twitter) post' });
    expect(screen.getByRole('region', { name: 'LinkedIn post' })).toBeTruthy();

    const text = within(x).getByRole('textbox', { name: 'Text' });
    await userEvent.clear(text);
    await userEvent.click(text);
    await userEvent.paste('x'.repeat(281));
    expect(within(x).getByText(postMessages.tooLong('X'))).toBeTruthy();
    expect(within(x).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);

    await userEvent.clear(text);
    await userEvent.type(text, 'Watch the recap now.');
    expect(within(x).getByText('20 / 280 characters')).toBeTruthy();
    await userEvent.click(within(x).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSentTo(fetchMock, '/api/content/posts/p-1/')).toEqual([
        { title: 'Pipelines that pay', body: 'Watch the recap now.' },
      ]),
    );

    await userEvent.click(
      within(await screen.findByRole('region', { name: 'X (Twitter) post' })).getByRole('switch', {
        name: 'Share publicly',
      }),
    );
    const link = await screen.findByRole('link', { name: 'Open shared page' });
    expect(link.getAttribute('href')).toBe('http://events.test/shared/post/p-1');
    expect(callsTo(fetchMock, '/api/content/posts/p-1/').at(-1)?.body).toEqual({ shared: true });
  });

  it("says Content Lab is switched off when the organisation's switch closes the drafts", async () => {
    openDetails('email', { videos: [recording], transcript: spoken, posts: [], closed: true });
    expect(await screen.findByText('Content Lab is switched off')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it.each([
    ['videos', 'Videos', '/webinar/w-1/details'],
    ['social', 'Social', '/webinar/w-1/details'],
    ['email', 'Email Draft', '/webinar/w-1/details'],
    ['transcript', 'Transcript', '/webinar/w-1/details'],
    ['takeaways', 'Takeaways', '/events/w-1/posts'],
  ])('names the %s page in its header (%s), as the breadcrumb does', async (tab, title, path) => {
    openDetails(
      tab,
      { videos: [recording], transcript: spoken, posts: [] },
      { type: path.startsWith('/webinar') ? 'Webinar' : 'Conference', path },
    );
    expect(await screen.findByRole('heading', { name: title, level: 2 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Details', level: 1 })).toBeNull();
  });

  it("reads the video's transcript on the Transcript tab", async () => {
    openDetails('transcript', { videos: [recording], transcript: spoken, posts: [] });
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(within(transcript).getByText('1:05')).toBeTruthy();
    expect(within(transcript).getByText('A reliable data pipeline pays for itself.')).toBeTruthy();
    expect(
      screen.getByText("The chosen video's transcript, with its times: what its posts are drafted from."),
    ).toBeTruthy();
    expect(screen.queryByText(/Social posts, an email, a blog article/)).toBeNull();
  });

  it("names an unnamed speaker by the transcriber's label as people read it ('Speaker 1'), never 'spk_0'", async () => {
    const unnamed = transcriptOf([
      {
        start_time: 3,
        end_time: 4,
        type: 'pronunciation',
        speaker_label: 'spk_0',
        alternatives: [{ content: 'ah' }],
      },
      {
        start_time: 5,
        end_time: 6,
        type: 'pronunciation',
        speaker_label: 'spk_1',
        alternatives: [{ content: 'so' }],
      },
    ]);
    openDetails('transcript', { videos: [recording], transcript: unnamed, posts: [] });
    const transcript = await screen.findByRole('list', { name: 'Transcript' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['0:03Speaker 1: ah', '0:05Speaker 2: so']);
  });

  it('says a transcript is needed before drafting, with the way to the video', async () => {
    openDetails('blog', { videos: [recording], transcript: transcriptOf([]), posts: [] });
    const empty = await screen.findByRole('region', { name: 'No transcript yet' });
    expect(within(empty).getByRole('link', { name: 'Open the video' }).getAttribute('href')).toBe(
      `/videos/${recording.id}`,
    );
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('lists the webinar’s recordings and the library videos it uses', async () => {
    const used = videoAsset({ name: 'All-hands highlights', duration: 90, event: null });
    const { fetchMock } = openDetails('videos', { videos: [recording, used], transcript: spoken, posts: [] });
    const table = await screen.findByRole('table', { name: 'Videos' });
    expect(within(table).getByRole('link', { name: 'All-hands highlights' })).toBeTruthy();
    expect(
      screen.getByText(
        "The event's recordings and the library videos it uses. Choose one to draft posts from its transcript.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Social posts, an email, a blog article/)).toBeNull();
    const query = new URL(callsTo(fetchMock, '/api/core/video_assets/')[0]!.url, 'http://x').searchParams;
    expect([query.get('event_ids'), query.get('include_used')]).toEqual(['w-1', 'true']);
  });

  it('lists no video when the webinar has none', async () => {
    openDetails('videos', { videos: [], transcript: spoken, posts: [] });
    expect(await screen.findByRole('region', { name: 'No videos yet' })).toBeTruthy();
  });
});

describe("a post's deletion", () => {
  it("asks 'Are you sure?' first, deletes nothing on Cancel and the post on Delete", async () => {
    const server = { videos: [recording], transcript: spoken, posts: [post({ id: 'p-1' })] };
    const { fetchMock } = openDetails('social', server);
    const user = userEvent.setup({ delay: null });
    const x = await screen.findByRole('region', { name: 'X (Twitter) post' });
    await user.click(within(x).getByRole('button', { name: 'Delete X (Twitter) post' }));
    const ask = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(within(ask).getByText('X (Twitter) post will be deleted.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/content/posts/p-1/')).toEqual([]);

    await user.click(within(x).getByRole('button', { name: 'Delete X (Twitter) post' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Are you sure?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(postMessages.deleted)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/content/posts/p-1/').map((call) => call.method)).toEqual(['DELETE']);
    expect(server.posts).toEqual([]);
  });
});

describe("a Conference's drafted posts", () => {
  it('are one area of its navigation, with the same drafts as a webinar’s details and no staff page', async () => {
    const drafted = [post({ id: 'p-1' })];
    openDetails(
      'social',
      { videos: [recording], transcript: spoken, posts: drafted },
      { type: 'Conference', path: '/events/w-1/posts' },
    );
    const areas = await screen.findByRole('list', { name: 'Conference areas' });
    const tab = within(areas).getByRole('link', { name: 'Posts' });
    expect(tab.getAttribute('href')).toBe('/events/w-1/posts');
    const pages = screen.getByRole('list', { name: 'Posts pages' });
    expect(within(pages).getByRole('link', { name: 'Social' }).getAttribute('href')).toBe(
      '/events/w-1/posts/social',
    );
    expect(await screen.findByRole('region', { name: 'X (Twitter) post' })).toBeTruthy();
    // Its pages are listed once, by the workspace's navigation: no second strip of tabs.
    expect(
      within(pages)
        .getAllByRole('link')
        .map((item) => item.textContent),
    ).toEqual(['Videos', 'Social', 'Email Draft', 'Blog', 'Takeaways', 'Transcript']);
    expect(screen.queryAllByRole('tab')).toEqual([]);
  });
});
