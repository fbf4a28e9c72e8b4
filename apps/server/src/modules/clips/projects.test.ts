import { beforeAll, describe, expect, it } from 'vitest';
import type { ContentProject, EditLink, Page, VideoAsset, VideoProject } from '@studio/domain';
import { caller } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow, teamAdminSeeingOne } from '../video-library/video-library.fixtures.ts';
import { fileAcmeAndRival } from './clips.fixtures.ts';

const { studio, admin, rival, acme, other } = fileAcmeAndRival();
let keynote: string;
let panel: string;
let theirVideo: string;

/** A recording of the organisation, processed (the library's eligibility for Content Lab). */
async function recordingRow(organizationId: string, name: string): Promise<string> {
  const id = await libraryVideoRow(studio, organizationId, 'COMPLETE', name, 60);
  await studio.database.db
    .updateTable('video_assets')
    .set({ source: 'EVENT_RECORDING', creation_type: 'RECORDED' })
    .where('id', '=', id)
    .execute();
  return id;
}

beforeAll(async () => {
  keynote = await recordingRow(admin.organization.id, 'Keynote');
  panel = await recordingRow(admin.organization.id, 'Panel');
  theirVideo = await recordingRow(rival.organization.id, 'Theirs');
});

const videoNames = (page: Page<VideoAsset>) => page.results.map((video) => video.name).sort();

describe('Content Lab projects', () => {
  it('creates, lists, opens and renames a project; names are 1–255 characters', async () => {
    const created = await acme.post<ContentProject>('/api/content_lab/projects/', {
      name: '  Launch week  ',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Launch week',
      is_default: false,
      video_count: 0,
      clip_count: 0,
      created_by: admin.userId,
    });
    const id = created.body.id;
    expect((await acme.get<ContentProject[]>('/api/content_lab/projects/')).body.map((p) => p.id)).toEqual([
      id,
    ]);
    const renamed = await acme.patch<ContentProject>(`/api/content_lab/projects/${id}/`, { name: 'Launch' });
    expect(renamed.status).toBe(200);
    expect((await acme.get<ContentProject>(`/api/content_lab/projects/${id}/`)).body.name).toBe('Launch');

    const blank = await acme.post<{ code: string; errors: Record<string, string[]> }>(
      '/api/content_lab/projects/',
      { name: '   ' },
    );
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.errors)).toEqual(['name']);
    expect((await acme.post('/api/content_lab/projects/', { name: 'x'.repeat(256) })).status).toBe(400);
    expect((await acme.patch(`/api/content_lab/projects/${id}/`, { name: '' })).status).toBe(400);
  });

  it('holds videos: one project per video, moved when added elsewhere; deleting refuses while not empty', async () => {
    const launch = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Launch videos' }))
      .body;
    const recap = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Recap' })).body;
    const add = (project: string, video: string) =>
      acme.post<ContentProject>(`/api/content_lab/projects/${project}/videos/`, { video_asset: video });
    expect((await add(launch.id, keynote)).body.video_count).toBe(1);
    expect((await add(launch.id, panel)).body.video_count).toBe(2);
    const videos = await acme.get<Page<VideoAsset>>(`/api/content_lab/projects/${launch.id}/videos/`);
    expect(videos.status).toBe(200);
    expect(videoNames(videos.body)).toEqual(['Keynote', 'Panel']);

    expect((await add(recap.id, panel)).body.video_count).toBe(1);
    const left = await acme.get<Page<VideoAsset>>(`/api/content_lab/projects/${launch.id}/videos/`);
    expect(videoNames(left.body)).toEqual(['Keynote']);
    expect(left.body.count).toBe(1);

    // Where each video is, for the picker to say before a video is moved: another
    // organisation's video and a malformed id are left out.
    const where = await acme.get<VideoProject[]>(
      `/api/content_lab/video_projects/?video_asset=${keynote},${panel},${theirVideo},nope`,
    );
    expect(where.status).toBe(200);
    expect(where.body).toEqual(
      expect.arrayContaining([
        { video_asset: keynote, project: launch.id, project_name: 'Launch videos' },
        { video_asset: panel, project: recap.id, project_name: 'Recap' },
      ]),
    );
    expect(where.body).toHaveLength(2);
    expect((await acme.get<VideoProject[]>('/api/content_lab/video_projects/?video_asset=')).body).toEqual(
      [],
    );
    expect(
      (await acme.get(`/api/content_lab/video_projects/?video_asset=${Array(101).fill(keynote).join(',')}`))
        .status,
    ).toBe(400);

    // The edit link answers the project the video is in.
    const link = await acme.get<EditLink>(`/api/content_lab/edit_link/?video_asset=${panel}`);
    expect(link.body).toMatchObject({
      project_id: recap.id,
      url: `/content/${recap.id}/${panel}/recordings`,
      content: { id: panel, project: { id: recap.id } },
    });

    const refused = await acme.delete(`/api/content_lab/projects/${recap.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PROJECT_NOT_EMPTY' });
    await add(launch.id, panel);
    expect((await acme.delete(`/api/content_lab/projects/${recap.id}/`)).status).toBe(204);
    expect((await acme.get(`/api/content_lab/projects/${recap.id}/`)).status).toBe(404);
  });

  it('refuses deleting a project a video is being put in meanwhile (PROJECT_NOT_EMPTY, not a server error)', async () => {
    const project = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Racing' })).body;
    const video = await recordingRow(admin.organization.id, 'Racing video');
    // The video's move is written but not committed when the delete arrives.
    let deleting: ReturnType<typeof acme.delete> | undefined;
    await studio.database.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('content_project_videos')
        .values({ project_id: project.id, video_asset_id: video })
        .execute();
      deleting = acme.delete(`/api/content_lab/projects/${project.id}/`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const refused = await deleting!;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PROJECT_NOT_EMPTY' });
    expect(
      (await acme.get<ContentProject>(`/api/content_lab/projects/${project.id}/`)).body.video_count,
    ).toBe(1);
  });

  it('puts a video opened before any project was chosen in the default project, made once', async () => {
    const fresh = await recordingRow(admin.organization.id, 'Fireside chat');
    const link = await acme.get<EditLink>(`/api/content_lab/edit_link/?video_asset=${fresh}`);
    expect(link.status).toBe(200);
    const projects = (await acme.get<ContentProject[]>('/api/content_lab/projects/')).body;
    const defaults = projects.filter((project) => project.is_default);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ name: 'Video Library', video_count: 1 });
    expect(link.body.project_id).toBe(defaults[0]!.id);
    const again = await acme.get<EditLink>(`/api/content_lab/edit_link/?video_asset=${fresh}`);
    expect(again.body.project_id).toBe(defaults[0]!.id);
  });

  it('answers 404 for another organisation’s project or video, and never lists theirs', async () => {
    const theirs = (await other.post<ContentProject>('/api/content_lab/projects/', { name: 'Theirs' })).body;
    const url = `/api/content_lab/projects/${theirs.id}/`;
    expect((await acme.get(url)).status).toBe(404);
    expect((await acme.patch(url, { name: 'Mine now' })).status).toBe(404);
    expect((await acme.delete(url)).status).toBe(404);
    expect((await acme.get(`${url}videos/`)).status).toBe(404);
    expect((await acme.post(`${url}videos/`, { video_asset: keynote })).status).toBe(404);
    expect((await acme.get('/api/content_lab/projects/not-a-uuid/')).status).toBe(404);
    const mine = (await acme.get<ContentProject[]>('/api/content_lab/projects/')).body;
    expect(mine.map((project) => project.name)).not.toContain('Theirs');
    expect(mine.length).toBeGreaterThan(0);
    const ours = mine[0]!.id;
    expect(
      (await acme.post(`/api/content_lab/projects/${ours}/videos/`, { video_asset: theirVideo })).status,
    ).toBe(404);
    expect(
      (await acme.post(`/api/content_lab/projects/${ours}/videos/`, { video_asset: 'nope' })).status,
    ).toBe(404);
    const none = await acme.post<{ errors: Record<string, string[]> }>(
      `/api/content_lab/projects/${ours}/videos/`,
      {},
    );
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.errors)).toEqual(['video_asset']);
  });

  it('shows a member who sees only their teams’ videos only those of a project', async () => {
    const project = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Teams' })).body;
    const one = await recordingRow(admin.organization.id, 'Team one talk');
    const two = await recordingRow(admin.organization.id, 'Team two talk');
    for (const video of [one, two])
      await acme.post(`/api/content_lab/projects/${project.id}/videos/`, { video_asset: video });
    const teamAdmin = await teamAdminSeeingOne(studio, admin, one, two);
    const member = caller(studio, teamAdmin.access);
    const seen = await member.get<Page<VideoAsset>>(`/api/content_lab/projects/${project.id}/videos/`);
    expect(videoNames(seen.body)).toEqual(['Team one talk']);
    expect(
      videoNames((await acme.get<Page<VideoAsset>>(`/api/content_lab/projects/${project.id}/videos/`)).body),
    ).toEqual(['Team one talk', 'Team two talk']);
    // Where videos are: only of the videos the member sees.
    const where = await member.get<VideoProject[]>(
      `/api/content_lab/video_projects/?video_asset=${one},${two}`,
    );
    expect(where.body).toEqual([{ video_asset: one, project: project.id, project_name: 'Teams' }]);
  });
});
