import { beforeAll, describe, expect, it } from 'vitest';
import {
  postMessages,
  postPath,
  postsPath,
  generatePostsPath,
  sharedPostLinkPath,
  sharedPostPath,
  type Post,
} from '@studio/domain';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { switchContentLab } from '../clips/clips.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';

const org = fileAdminAndOutsider('Acme Events', 'Other Org');
const { studio, api: acme, outsider: other } = org;
beforeAll(async () => {
  await switchContentLab(acme, org.organizationId, true);
  await switchContentLab(other, org.outsiderOrganizationId, true);
});

const VTT = `WEBVTT

00:00:01.000 --> 00:00:05.000
<v Ada>Welcome everyone.

00:00:05.000 --> 00:00:09.000
<v Ada>Today we look at how a data pipeline turns raw events into reports your sales team can trust.

00:00:20.000 --> 00:00:26.000
<v Grace>In my experience a reliable data pipeline pays for itself within a quarter.

00:00:40.000 --> 00:00:46.000
<v Ada>Testing every pipeline stage keeps the data honest for the sales team.
`;

/** A processed library video with captions uploaded and two chapters. */
async function transcribedVideo(name = 'Pipelines that pay'): Promise<string> {
  const id = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', name, 60);
  expect((await acme.post(`/api/core/video_assets/${id}/transcript/upload/`, { content: VTT })).status).toBe(
    200,
  );
  const chapters = await acme.put(`/api/core/video_assets/${id}/chapters/`, {
    chapters: [
      { title: 'Why pipelines', start_time: 0 },
      { title: 'Trusting the data', start_time: 30 },
    ],
  });
  expect(chapters.status).toBe(200);
  return id;
}

const page = (path: string, host = 'events.test') =>
  studio.attendeeSite.inject({ method: 'GET', url: path, headers: { host } });

describe('posts drafted from a transcript', () => {
  it('drafts social posts per network, an email, a blog article and takeaways; lists them by video and kind', async () => {
    const video = await transcribedVideo();
    const event = await newEvent(acme, {
      title: 'Data webinar',
      start: '2026-12-01T15:00:00Z',
      end: '2026-12-01T16:00:00Z',
    });
    const generated = await acme.post<Post[]>(generatePostsPath, { video_asset: video, event: event.id });
    expect(generated.status).toBe(201);
    expect(generated.body.map((post) => [post.kind, post.network])).toEqual([
      ['SOCIAL', 'LINKEDIN'],
      ['SOCIAL', 'X'],
      ['SOCIAL', 'FACEBOOK'],
      ['EMAIL', null],
      ['BLOG', null],
      ['TAKEAWAYS', null],
    ]);
    const blog = generated.body.find((post) => post.kind === 'BLOG')!;
    expect(blog).toMatchObject({
      title: 'Pipelines that pay',
      video_asset: video,
      event: event.id,
      shared: false,
    });
    expect(blog.body).toContain('## Trusting the data');
    expect(blog.body).toContain(
      '“In my experience a reliable data pipeline pays for itself within a quarter.” — Grace',
    );

    const social = await acme.get<Post[]>(`${postsPath}?video_asset=${video}&kind=SOCIAL`);
    expect(social.body.map((post) => post.network).sort()).toEqual(['FACEBOOK', 'LINKEDIN', 'X']);
    const ofEvent = await acme.get<Post[]>(`${postsPath}?video_asset=${video}&event=${event.id}`);
    expect(ofEvent.body).toHaveLength(6);

    const onlyTakeaways = await acme.post<Post[]>(generatePostsPath, {
      video_asset: video,
      kinds: ['TAKEAWAYS'],
    });
    expect(onlyTakeaways.body.map((post) => post.kind)).toEqual(['TAKEAWAYS']);
  });

  it('refuses to draft from a video without a transcript', async () => {
    const silent = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Silent film');
    const refused = await acme.post(generatePostsPath, { video_asset: silent });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'TRANSCRIPT_NOT_AVAILABLE', message: postMessages.noTranscript },
    });
  });

  it('saves edits by hand, keeps a social post to its network limit, deletes', async () => {
    const video = await transcribedVideo();
    const [, x] = (await acme.post<Post[]>(generatePostsPath, { video_asset: video, kinds: ['SOCIAL'] }))
      .body;
    const edited = await acme.patch<Post>(postPath(x!.id), {
      title: 'Launch post',
      body: 'Watch the recap now.',
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { title: 'Launch post', body: 'Watch the recap now.' },
    });
    expect((await acme.get<Post>(postPath(x!.id))).body.body).toBe('Watch the recap now.');

    const tooLong = await acme.patch(postPath(x!.id), { body: 'x'.repeat(281) });
    expect(tooLong).toMatchObject({ status: 400, body: { errors: { body: [postMessages.tooLong('X')] } } });

    const written = await acme.post<Post>(postsPath, {
      kind: 'EMAIL',
      title: 'Hello',
      body: 'Dear all',
      video_asset: video,
    });
    expect(written).toMatchObject({ status: 201, body: { kind: 'EMAIL', network: null, body: 'Dear all' } });
    const noNetwork = await acme.post(postsPath, {
      kind: 'SOCIAL',
      title: '',
      body: 'Hi',
      video_asset: video,
    });
    expect(noNetwork.status).toBe(400);

    expect((await acme.delete(postPath(written.body.id))).status).toBe(204);
    expect((await acme.get(postPath(written.body.id))).status).toBe(404);
  });

  it("keeps each organisation's posts and videos to itself", async () => {
    const video = await transcribedVideo();
    const [post] = (await acme.post<Post[]>(generatePostsPath, { video_asset: video, kinds: ['BLOG'] })).body;
    expect((await other.get(postPath(post!.id))).status).toBe(404);
    expect((await other.patch(postPath(post!.id), { body: 'mine' })).status).toBe(404);
    expect((await other.delete(postPath(post!.id))).status).toBe(404);
    expect((await other.post(generatePostsPath, { video_asset: video })).status).toBe(404);
    expect((await other.get(`${postsPath}?video_asset=${video}`)).status).toBe(404);
    expect((await acme.get(postsPath)).status).toBe(400);
    expect((await acme.get(postPath('not-a-uuid'))).status).toBe(404);
  });
});

describe('the shared post page on the attendee origin', () => {
  it('opens a shared post with its social tags, and not once sharing is revoked', async () => {
    const video = await transcribedVideo('Pipelines & <trust>');
    const [blog] = (await acme.post<Post[]>(generatePostsPath, { video_asset: video, kinds: ['BLOG'] })).body;
    expect((await page(sharedPostPath(blog!.id))).statusCode).toBe(404);

    const shared = await acme.patch<Post>(postPath(blog!.id), { shared: true });
    expect(shared.body.shared).toBe(true);
    expect(shared.body.share_url).toMatch(new RegExp(`${sharedPostPath(blog!.id)}$`));

    const opened = await page(sharedPostPath(blog!.id));
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<meta property="og:title" content="Pipelines &amp; &lt;trust&gt;">');
    expect(opened.body).toContain('<meta name="twitter:card" content="summary">');
    expect(opened.body).toContain(`<meta property="og:url" content="${shared.body.share_url}">`);
    // The preview is the article's opening words.
    expect(opened.body).toContain(`<meta property="og:description" content="${blog!.body.slice(0, 40)}`);
    expect(opened.body).toContain('<h2>Trusting the data</h2>');
    expect(opened.body).toContain('<blockquote>');

    // The studio's address of the page sends the visitor to the attendee origin.
    const fromStudio = await studio.app.inject({ method: 'GET', url: sharedPostPath(blog!.id) });
    expect(fromStudio.statusCode).toBe(302);
    expect(fromStudio.headers.location).toBe(shared.body.share_url);
    // The studio's page reached in the app asks the public API where the page is.
    const link = await studio.app.inject({ method: 'GET', url: sharedPostLinkPath(blog!.id) });
    expect(link.json()).toEqual({ share_url: shared.body.share_url });

    expect((await acme.patch(postPath(blog!.id), { shared: false })).status).toBe(200);
    expect((await page(sharedPostPath(blog!.id))).statusCode).toBe(404);
    expect((await page(sharedPostPath('unknown'))).statusCode).toBe(404);
    expect((await studio.app.inject({ method: 'GET', url: sharedPostPath(blog!.id) })).statusCode).toBe(404);
    const revoked = await studio.app.inject({ method: 'GET', url: sharedPostLinkPath(blog!.id) });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
