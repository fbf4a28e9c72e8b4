import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileStudioWithAdmin } from '../../../test/file-studio.ts';
import { bearer } from '../../../test/harness.ts';
import {
  newAdmin,
  newApiToken,
  newAutomationAdmin,
  newMember,
  newWorkspace,
} from '../access/access.fixtures.ts';
import { caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { readFile } from 'node:fs/promises';
import type { VideoAsset } from '@studio/domain';
import { clip, listAssets, removeClips, tusUpload } from './video-library.fixtures.ts';

const publicUrl = 'http://studio.test';
const { studio, admin } = fileStudioWithAdmin(undefined, { publicUrl });
let editor: Awaited<ReturnType<typeof newMember>>;
let teamAdmin: Awaited<ReturnType<typeof newMember>>;
let w1: { id: string };
let w2: { id: string };
/** Asset ids by their number in the table below. */
const id: Record<number, string> = {};
const events = { a: '', b: '', tag: '', series: '' };

beforeAll(async () => {
  editor = await newMember(studio, admin.organization.id, 'EVENT_ADMIN');
  teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
  w1 = await newWorkspace(studio, admin.access, 'One', [teamAdmin.userId]);
  w2 = await newWorkspace(studio, admin.access, 'Two');
  const rows = [
    [1, 'Alpha keynote', w1.id, 'UPLOAD', 'UPLOADED', admin.userId],
    [2, 'beta panel', w2.id, 'CLIP', 'CLIP', editor.userId],
    [3, 'Gamma 100%_off', null, 'EVENT_RECORDING', 'RECORDED', null],
    [4, 'delta Keynote', w1.id, 'CL_UPLOAD', 'UPLOADED', editor.userId],
    [5, 'Epsilon', null, 'DIRECT_RECORDING', 'VIRTUAL', admin.userId],
  ] as const;
  for (const [n, name, workspace, source, creationType, createdBy] of rows) {
    const row = await studio.database.db
      .insertInto('video_assets')
      .values({
        organization_id: admin.organization.id,
        name,
        workspace_id: workspace,
        source,
        creation_type: creationType,
        created_by: createdBy,
        transcode_status: 'COMPLETE',
        created_at: new Date(Date.UTC(2026, 0, n)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    id[n] = row.id;
  }
  // Events: A tagged Launch holds videos 2 and 4; B, in a series, holds video 5.
  const api = caller(studio, admin.access);
  const tag = (
    await api.post<{ id: string }>('/api/core/tags/', {
      organization: admin.organization.id,
      tag_name: 'Launch',
    })
  ).body;
  const series = (await api.post<{ id: string }>('/api/event/series/', { name: 'Talks' })).body;
  const start = new Date(Date.UTC(2031, 5, 1, 10));
  const end = new Date(Date.UTC(2031, 5, 1, 11));
  events.a = (await newEvent(api, { title: 'Launch day', start, end, tags: [tag.id] })).id;
  events.b = (await newEvent(api, { title: 'Talk', start, end, series: series.id })).id;
  events.tag = tag.id;
  events.series = series.id;
  for (const [n, event] of [
    [2, events.a],
    [4, events.a],
    [5, events.b],
  ] as const) {
    await studio.database.db
      .updateTable('video_assets')
      .set({ event_id: event })
      .where('id', '=', id[n]!)
      .execute();
  }
  const other = await newAdmin(studio, 'Elsewhere');
  await studio.database.db
    .insertInto('video_assets')
    .values({
      organization_id: other.organization.id,
      name: 'Alpha elsewhere',
      source: 'UPLOAD',
      creation_type: 'UPLOADED',
    })
    .execute();
});
afterAll(() => removeClips());

const numbers = (page: { results: { id: string }[] }) =>
  page.results.map((asset) => Number(Object.entries(id).find(([, value]) => value === asset.id)?.[0]));
const list = async (query: string, access = admin.access) => listAssets(studio, access, query);

describe('listing video assets', () => {
  it.each([
    ['', [5, 4, 3, 2, 1]],
    ['?ordering=-created_at', [5, 4, 3, 2, 1]],
    ['?ordering=created_at', [1, 2, 3, 4, 5]],
    ['?ordering=name', [1, 2, 4, 5, 3]],
    ['?ordering=-name', [3, 5, 4, 2, 1]],
    ['?search=keynote', [4, 1]],
    ['?search=KEY', [4, 1]],
    ['?search=a', [4, 3, 2, 1]],
    ['?search=%25', [3]],
    ['?search=_', [3]],
    ['?search=nothing', []],
    [`?workspace=${'W1'}`, [4, 1]],
    ['?workspace=no-team', [5, 3]],
    ['?workspace=', [5, 4, 3, 2, 1]],
    ['?workspace__isnull=true', [5, 3]],
    ['?workspace__isnull=false', [4, 2, 1]],
    ['?source=CLIP', [2]],
    ['?source=UPLOADED', [1]],
    ['?source=UPLOAD', [1]],
    ['?source=CLIP&source=CL_UPLOAD', [4, 2]],
    ['?source=CLIP,EVENT_RECORDING', [3, 2]],
    ['?created_by=ADMIN', [5, 1]],
    ['?created_by=EDITOR&created_by=ADMIN', [5, 4, 2, 1]],
    ['?creation_type=UPLOADED', [4, 1]],
    ['?creation_type=RECORDED,VIRTUAL', [5, 3]],
    ['?workspace=W1&source=UPLOAD&search=key', [1]],
    ['?ordering=name&workspace__isnull=false&created_by=EDITOR', [2, 4]],
    ['?event_ids=6f1d1b1e-8c55-4f4b-9f0e-1d6f1c1b2a3c', []],
    ['?event_ids=EVENT_A', [4, 2]],
    ['?event_ids=EVENT_A&event_ids=EVENT_B', [5, 4, 2]],
    ['?event_ids=EVENT_A,EVENT_B&source=CLIP', [2]],
    ['?event_tag=launch', [4, 2]],
    ['?event_tag=TAG_ID', [4, 2]],
    ['?event_tag=nothing', []],
    ['?series_id=SERIES', [5]],
    ['?series_id=SERIES&event_tag=launch', []],
  ])('%s → %j', async (query, expected) => {
    const resolved = query
      .replace('W1', w1.id)
      .replaceAll('ADMIN', admin.userId)
      .replaceAll('EDITOR', editor.userId)
      .replaceAll('EVENT_A', events.a)
      .replaceAll('EVENT_B', events.b)
      .replace('TAG_ID', events.tag)
      .replace('SERIES', events.series);
    const page = await list(resolved);
    expect(numbers(page)).toEqual(expected);
    expect(page.count).toBe(expected.length);
  });

  it('pages with limit and offset and absolute links', async () => {
    const first = await list('?limit=2');
    expect(numbers(first)).toEqual([5, 4]);
    expect(first).toMatchObject({ count: 5, previous: null });
    expect(first.next).toMatch(
      new RegExp(`^${publicUrl}/api/core/video_assets/\\?limit=2&offset=2&after=[\\w-]+$`),
    );
    const last = await list('?limit=2&offset=4&ordering=name');
    expect(numbers(last)).toEqual([3]);
    expect(last).toMatchObject({
      next: null,
      previous: `${publicUrl}/api/core/video_assets/?limit=2&offset=2&ordering=name`,
    });
    expect(numbers(await list('?offset=10'))).toEqual([]);
  });

  it('follows next links by keyset in every ordering, each video once', async () => {
    const orders: Record<string, number[]> = {
      '-created_at': [5, 4, 3, 2, 1],
      created_at: [1, 2, 3, 4, 5],
      name: [1, 2, 4, 5, 3],
      '-name': [3, 5, 4, 2, 1],
    };
    for (const [ordering, expected] of Object.entries(orders)) {
      const seen: number[] = [];
      let page = await list(`?limit=2&ordering=${ordering}`);
      seen.push(...numbers(page));
      while (page.next) {
        page = await list(page.next.slice(`${publicUrl}/api/core/video_assets/`.length));
        seen.push(...numbers(page));
      }
      expect(seen, ordering).toEqual(expected);
    }
  });

  it('refuses a cursor that is malformed or made for another ordering', async () => {
    const first = await list('?limit=2&ordering=name');
    const after = new URL(first.next!).searchParams.get('after')!;
    for (const query of [`?after=${after}&ordering=-name`, '?after=not-a-cursor']) {
      const response = await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${query}`,
        headers: bearer(admin.access),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({
        code: 'INVALID_CURSOR',
        errors: { after: [expect.any(String)] },
      });
    }
  });

  it("answers each video's team name (the Team Workspace column), null without a team", async () => {
    const page = await list('?ordering=created_at');
    expect(page.results.map((asset) => [asset.workspace, asset.workspace_name])).toEqual([
      [w1.id, 'One'],
      [w2.id, 'Two'],
      [null, null],
      [w1.id, 'One'],
      [null, null],
    ]);
  });

  it('refuses unknown orderings, workspaces and sources', async () => {
    for (const query of [
      '?ordering=size',
      '?workspace=team-a',
      '?source=MOVIE',
      '?created_by=someone',
      '?workspace__isnull=maybe',
    ]) {
      const response = await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${query}`,
        headers: bearer(admin.access),
      });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('lists the videos of events by event_id, as an array', async () => {
    const response = await studio.app.inject({
      method: 'GET',
      url: `/api/core/video_assets/event_assets/?event_id=${events.a}&event_id=${events.b}`,
      headers: bearer(admin.access),
    });
    expect(response.statusCode).toBe(200);
    expect(numbers({ results: response.json<{ id: string }[]>() })).toEqual([5, 4, 2]);
    const other = await newAdmin(studio, 'Prying');
    const foreign = await studio.app.inject({
      method: 'GET',
      url: `/api/core/video_assets/event_assets/?event_id=${events.a}`,
      headers: bearer(other.access),
    });
    expect(foreign.json()).toEqual([]);
  });

  it('creates a video for an event of the organisation, and only of it', async () => {
    const uploaded = await tusUpload(studio, admin.access, await readFile(await clip('h264-aac.mp4')));
    const create = (event: string) =>
      studio.app.inject({
        method: 'POST',
        url: '/api/core/video_assets/',
        headers: bearer(admin.access),
        payload: { name: 'For the launch', organization: admin.organization.id, uploaded, event },
      });
    const unknown = await create('6f1d1b1e-8c55-4f4b-9f0e-1d6f1c1b2a3c');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      errors: { event: ['This event does not exist in your organization.'] },
    });
    const created = await create(events.a);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<VideoAsset>().event).toBe(events.a);
    expect((await list(`?event_ids=${events.a}`)).count).toBe(3);
    await studio.database.db
      .deleteFrom('video_assets')
      .where('id', '=', created.json<VideoAsset>().id)
      .execute();
  });

  it('answers the fields of both readings', async () => {
    const [asset] = (await list('?search=Gamma')).results;
    expect(asset).toMatchObject({
      name: 'Gamma 100%_off',
      source: 'EVENT_RECORDING',
      creation_type: 'RECORDED',
      creationType: 'RECORDED',
      created_by: null,
      createdBy: 'Recorder',
      status: 'COMPLETE',
      transcode_status: 'COMPLETE',
      selectable: true,
      createdAt: '2026-01-03T00:00:00.000Z',
      created_at: '2026-01-03T00:00:00.000Z',
      usageCount: 0,
      video_usage_count: 0,
      metadata: { chapters: [] },
      transcript: null,
      urls: { hls: null, mp4: null, thumbnail: null },
    });
  });

  it('shows a team admin only the videos of their teams once workspaces are on', async () => {
    expect(numbers(await list('', teamAdmin.access))).toEqual([5, 4, 3, 2, 1]);
    await studio.database.db
      .updateTable('organizations')
      .set({ is_workspace_enabled: true })
      .where('id', '=', admin.organization.id)
      .execute();
    try {
      expect(numbers(await list('', teamAdmin.access))).toEqual([4, 1]);
      expect(numbers(await list('?workspace=no-team', teamAdmin.access))).toEqual([]);
      expect(numbers(await list('', editor.access))).toEqual([5, 4, 3, 2, 1]);
      const hidden = await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${id[2]}/`,
        headers: bearer(teamAdmin.access),
      });
      expect(hidden.statusCode).toBe(404);
    } finally {
      await studio.database.db
        .updateTable('organizations')
        .set({ is_workspace_enabled: false })
        .where('id', '=', admin.organization.id)
        .execute();
    }
  });

  it('lists with include_used the library videos events use beside their own, in the organisation only', async () => {
    // Event C has no video of its own: its buffer video is 1, its session plays 3, its booth shows 5.
    const api = caller(studio, admin.access);
    const start = new Date(Date.UTC(2031, 6, 1, 10));
    const c = (await newEvent(api, { title: 'Q&A', start, end: new Date(Date.UTC(2031, 6, 1, 12)) })).id;
    expect((await api.patch(`/api/event/${c}/`, { stage_roll_video_asset: id[1] })).status).toBe(200);
    const session = await api.post('/api/event/broadcasts/', {
      event: c,
      title: 'Replay',
      broadcast_type: 'SIMULIVE',
      start_time: start.toISOString(),
      end_time: new Date(Date.UTC(2031, 6, 1, 11)).toISOString(),
      video_assets: [id[3]],
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    await studio.database.db
      .insertInto('booths')
      .values({ event_id: c, name: 'Sponsor', booth_type: 'primary', hero_video_asset_id: id[5]! })
      .execute();

    expect(numbers(await list(`?event_ids=${c}`))).toEqual([]);
    expect(numbers(await list(`?event_ids=${c}&include_used=true`))).toEqual([5, 3, 1]);
    expect(numbers(await list(`?event_ids=${c},${events.a}&include_used=true`))).toEqual([5, 4, 3, 2, 1]);
    expect(numbers(await list(`?event_ids=${c}&include_used=true&source=UPLOAD`))).toEqual([1]);
    expect(numbers(await list(`?event_ids=${c}&include_used=false`))).toEqual([]);
    // Another organisation names the event in vain.
    const other = await newAdmin(studio, 'Curious');
    expect(numbers(await list(`?event_ids=${c}&include_used=true`, other.access))).toEqual([]);
  });
});

describe('media URLs by caller', () => {
  it('answers a session root-relative media URLs (any studio address) and an API token absolute PUBLIC_URL ones', async () => {
    const owner = await newAutomationAdmin(studio, 'Media URLs');
    const token = await newApiToken(studio, owner.access);
    const { id: assetId } = await studio.database.db
      .insertInto('video_assets')
      .values({
        organization_id: owner.organization.id,
        name: 'Processed',
        source: 'UPLOAD',
        creation_type: 'UPLOADED',
        transcode_status: 'COMPLETE',
        thumbnail_key: 'videos/x/thumbnail.jpg',
        hls_key: 'videos/x/hls/master.m3u8',
        mp4_key: 'videos/x/video.mp4',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = async (bearerToken: string) => {
      const one = await studio.app.inject({
        method: 'GET',
        url: `/api/core/video_assets/${assetId}/`,
        headers: bearer(bearerToken),
      });
      expect(one.statusCode, one.body).toBe(200);
      const [listed] = (await list('', bearerToken)).results;
      return [one.json<VideoAsset>(), listed!];
    };
    const urlsOf = (asset: VideoAsset) => [
      asset.thumbnail,
      asset.urls.thumbnail,
      asset.urls.hls,
      asset.urls.mp4,
    ];
    const expected = (base: string) => [
      `${base}/api/media/videos/x/thumbnail.jpg`,
      `${base}/api/media/videos/x/thumbnail.jpg`,
      `${base}/api/media/videos/x/hls/master.m3u8`,
      `${base}/api/media/videos/x/video.mp4`,
    ];
    for (const asset of await read(owner.access)) expect(urlsOf(asset)).toEqual(expected(''));
    for (const asset of await read(token.token)) expect(urlsOf(asset)).toEqual(expected(publicUrl));
  });
});
