import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ContentProject,
  CurrentUser,
  LoginResponse,
  Organization,
  Page,
  VideoAsset,
} from '@studio/domain';
import { newUser } from '../../../test/harness.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { switchContentLab } from './clips.fixtures.ts';
import { caller, type Api } from '../back-office/back-office.fixtures.ts';
import {
  clip,
  createMediaStudio,
  libraryVideoRow,
  removeClips,
  tusUpload,
  type MediaStudio,
} from '../video-library/video-library.fixtures.ts';

let studio: MediaStudio;
let standalone: LoginResponse;
let creator: Api;
let admin: Awaited<ReturnType<typeof newAdmin>>;
let acme: Api;

const spaceOf = async (userId: string) =>
  (
    await studio.database.db
      .selectFrom('users')
      .select('content_space_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).content_space_id;

beforeAll(async () => {
  studio = await createMediaStudio({ role: 'api' });
  standalone = await newUser(studio.app);
  creator = caller(studio, standalone.access);
  admin = await newAdmin(studio, 'Acme Events');
  acme = caller(studio, admin.access);
  await switchContentLab(acme, admin.organization.id, true);
});
afterAll(async () => {
  await studio.close();
  await removeClips();
});

describe('a standalone Content Lab user (issue 37 §6)', () => {
  it('signs up without an organisation into a personal Content Lab space', async () => {
    expect(standalone.user).toMatchObject({
      organization: null,
      role: null,
      is_content_lab_standalone: true,
    });
    expect(await spaceOf(standalone.user.id)).toEqual(expect.any(String));
    const me = await creator.get<CurrentUser>('/api/core/user/me/');
    expect(me.body).toMatchObject({
      organization: null,
      is_content_lab_standalone: true,
      requester_role: [],
    });
    // Someone in an organisation is not standalone.
    expect((await acme.get<CurrentUser>('/api/core/user/me/')).body.is_content_lab_standalone).toBe(false);
  });

  it('makes, lists and fills their own projects, out of reach of other organisations', async () => {
    const created = await creator.post<ContentProject>('/api/content_lab/projects/', { name: 'My talks' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'My talks', created_by: standalone.user.id });
    const video = await libraryVideoRow(studio, (await spaceOf(standalone.user.id))!, 'COMPLETE', 'Talk', 60);
    await studio.database.db
      .updateTable('video_assets')
      .set({ source: 'CL_UPLOAD' })
      .where('id', '=', video)
      .execute();
    const added = await creator.post<ContentProject>(`/api/content_lab/projects/${created.body.id}/videos/`, {
      video_asset: video,
    });
    expect(added.body.video_count).toBe(1);
    const videos = await creator.get<Page<VideoAsset>>(`/api/core/video_assets/`);
    expect(videos.body.results.map((row) => row.name)).toEqual(['Talk']);

    const acmeProject = (await acme.post<ContentProject>('/api/content_lab/projects/', { name: 'Acme' }))
      .body;
    const mine = await creator.get<ContentProject[]>('/api/content_lab/projects/');
    expect(mine.body.map((project) => project.name)).toEqual(['My talks']);
    expect((await creator.get(`/api/content_lab/projects/${acmeProject.id}/`)).status).toBe(404);
    expect((await acme.get(`/api/content_lab/projects/${created.body.id}/`)).status).toBe(404);
    expect((await acme.get(`/api/core/video_assets/${video}/`)).status).toBe(404);
    expect((await acme.get<ContentProject[]>('/api/content_lab/projects/')).body.map((p) => p.name)).toEqual([
      'Acme',
    ]);
  });

  it('imports their own video into Content Lab (a Content Lab upload), which no one else sees', async () => {
    const uploaded = await tusUpload(studio, standalone.access, await readFile(await clip('h264-aac.mp4')));
    const created = await creator.post<VideoAsset>('/api/core/video_assets/', {
      name: 'My keynote',
      asset_type: 'VIDEO',
      uploaded,
      duration: 2,
      source: 'CL_UPLOAD',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'My keynote', source: 'CL_UPLOAD' });
    expect((await acme.get(`/api/core/video_assets/${created.body.id}/`)).status).toBe(404);
    const elsewhere = await creator.post('/api/core/video_assets/', {
      name: 'Not mine',
      organization: admin.organization.id,
      uploaded: await tusUpload(studio, standalone.access, await readFile(await clip('h264-aac.mp4'))),
      duration: 2,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('stays out of the rest of the studio: 403 without a studio right or an organisation, 404 for another', async () => {
    expect((await creator.get('/api/event/')).status).toBe(403);
    expect((await creator.post('/api/event/', { title: 'Mine' })).status).toBe(403);
    expect((await creator.get('/api/event/recordings/')).status).toBe(403);
    // Reads any member of an organisation may make: the space is no organisation of theirs.
    for (const path of ['/api/core/users/', '/api/core/workspaces/', '/api/core/roles/', '/api/core/home/'])
      expect((await creator.get(path)).status, path).toBe(403);
    expect((await creator.get(`/api/core/organization/${admin.organization.id}/`)).status).toBe(404);
  });

  it('keeps their projects when they create an organisation, which then opens the studio', async () => {
    const user = await newUser(studio.app);
    const api = caller(studio, user.access);
    const project = (await api.post<ContentProject>('/api/content_lab/projects/', { name: 'Before' })).body;
    const organization = await api.post<Organization>('/api/core/organization/', { name: 'Grown Up' });
    expect(organization.status).toBe(201);
    expect(organization.body.name).toBe('Grown Up');
    // An organisation's Content Lab is off until its admin switches it on (Settings › Organization).
    expect((await api.get('/api/content_lab/projects/')).status).toBe(403);
    await switchContentLab(api, organization.body.id, true);
    expect((await api.get<ContentProject[]>('/api/content_lab/projects/')).body.map((p) => p.id)).toEqual([
      project.id,
    ]);
    expect((await api.get<CurrentUser>('/api/core/user/me/')).body).toMatchObject({
      organization: organization.body.id,
      role: 'ORG_ADMIN',
      is_content_lab_standalone: false,
    });
    expect(await spaceOf(user.user.id)).toBeNull();
    expect((await api.get('/api/event/')).status).toBe(200);
  });
});
