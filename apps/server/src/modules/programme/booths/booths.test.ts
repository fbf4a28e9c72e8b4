import { describe, expect, it } from 'vitest';
import {
  accessMessages,
  EVENT_ROLES,
  roomsBoothsMessages,
  type Booth,
  type BoothResource,
  type Page,
  type TranscodeStatus,
  type VideoUsageEntry,
} from '@studio/domain';
import { fileMailCatcher, fileStudio, organiserWithEvent } from '../../../../test/file-studio.ts';
import { newAdmin, setPlan } from '../../access/access.fixtures.ts';
import { type Api, caller, copySourceAndTarget, newEvent } from '../../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../../video-library/video-library.fixtures.ts';
import { createBoothsRepository } from './booths.repository.ts';
import { signedInSponsor as signedInSponsor_ } from './booths.fixtures.ts';

const publicUrl = 'http://studio.test';
const catcher = fileMailCatcher();
const studio = fileStudio(() => ({ smtpUrl: catcher.url, publicUrl }));
const { admin, api, event } = organiserWithEvent(studio, 'Booths Org', {
  title: 'Expo',
  start: '2031-05-01T09:00:00Z',
  end: '2031-05-01T17:00:00Z',
  event_type: 'Conference',
});

type Answer<T> = T & { code: string; message: string; errors: Record<string, string[]> };
const create = (name: string, fields: Record<string, unknown> = {}, as = api, eventId = event.id) =>
  as.post<Answer<Booth>>('/api/event/booths/', { event: eventId, name, ...fields });
const listed = async () => (await api.get<Page<Booth>>(`/api/event/booths/?event=${event.id}`)).body.results;

const addResource = (booth: Booth, title: string, url: string, as = api, kind = 'link') =>
  as.post<BoothResource>('/api/event/booth-resources/', { booth: booth.id, kind, title, url });
/** POST create sponsor user, for the booth of the event. */
const addSponsor = (booth: Booth, user: { email: string; first_name: string }, as = api) =>
  as.post<Answer<object>>('/api/core/user/sponsor/', { event: event.id, booth: booth.id, user });
/** What a caller gets on the booth's sponsor page and resources: read and edit the page, add, rename and delete a resource. */
const sponsorRouteStatuses = async (as: Api, booth: Booth, resourceId: string, edit: string) => [
  (await as.get(`/api/event/booths/${booth.id}/sponsor/`)).status,
  (await as.patch(`/api/event/booths/${booth.id}/sponsor/`, { name: edit })).status,
  (await addResource(booth, 'x', 'https://x.example', as)).status,
  (await as.patch(`/api/event/booth-resources/${resourceId}/`, { title: edit })).status,
  (await as.delete(`/api/event/booth-resources/${resourceId}/`)).status,
];

const libraryVideo = (status: TranscodeStatus, organization = admin.organization.id) =>
  libraryVideoRow(studio, organization, status, 'Reel');

const signedInSponsor = (booth: Booth, email: string) =>
  signedInSponsor_({ studio, api, catcher, publicUrl }, booth, email);

describe('booths (002 §3.11, 001 §7)', () => {
  it('creates primary and secondary booths ranked within their type, updates and deletes them', async () => {
    const first = await create('Acme', {
      description: 'Widgets',
      discussion_group_objects: [{ name: 'Q&A' }],
      poster: 'https://cdn.example.com/poster.png',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      event: event.id,
      booth_type: 'primary',
      rank: 0,
      hero_asset_type: null,
      hero_asset: null,
      poster: 'https://cdn.example.com/poster.png',
      owner: null,
      resources: [],
    });
    expect(first.body.discussion_group_objects.map((group) => group.name)).toEqual(['Q&A']);
    const side = (await create('Side', { booth_type: 'secondary' })).body;
    const second = (await create('Beta')).body;
    expect([side.rank, second.rank]).toEqual([0, 1]);

    const changes = {
      name: 'Beta Corp',
      hero_asset_type: 'hero_asset_image',
      hero_asset: 'https://cdn.example.com/hero.png',
    };
    const updated = await api.patch<Booth>(`/api/event/booths/${second.id}/`, changes);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject(changes);
    expect((await api.delete(`/api/event/booths/${side.id}/`)).status).toBe(204);
    expect((await listed()).map((booth) => booth.name)).toEqual(['Acme', 'Beta Corp']);
    for (const booth of await listed()) await api.delete(`/api/event/booths/${booth.id}/`);
  });

  it('reorders within one type, whole or not at all', async () => {
    const [a, b] = [(await create('A')).body, (await create('B')).body];
    const s = (await create('S', { booth_type: 'secondary' })).body;
    const reordered = await api.post<Booth[]>('/api/event/booths/reorder/', {
      object_list: [
        { pk: b.id, rank: 0 },
        { pk: a.id, rank: 1 },
      ],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.map((booth) => booth.name)).toEqual(['B', 'A']);
    const mixed = await api.post<Answer<object>>('/api/event/booths/reorder/', {
      object_list: [
        { pk: a.id, rank: 0 },
        { pk: b.id, rank: 1 },
        { pk: s.id, rank: 2 },
      ],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.errors.object_list).toEqual([roomsBoothsMessages.reorderMismatch]);
    expect(
      (await api.post('/api/event/booths/reorder/', { object_list: [{ pk: a.id, rank: 0 }] })).status,
    ).toBe(400);
    expect(
      (await listed()).filter((booth) => booth.booth_type === 'primary').map((booth) => booth.name),
    ).toEqual(['B', 'A']);
    for (const booth of [a, b, s]) await api.delete(`/api/event/booths/${booth.id}/`);
  });

  it('takes a hero image URL or a processed video of the organisation, and reports the video in use', async () => {
    const notUrl = await create('Hero', { hero_asset_type: 'hero_asset_image', hero_asset: 'not a url' });
    expect(notUrl.status).toBe(400);
    expect(notUrl.body.errors.hero_asset).toEqual([roomsBoothsMessages.heroImageMustBeUrl]);
    const untyped = await create('Hero', { hero_asset: 'https://cdn.example.com/a.png' });
    expect(untyped.body.errors.hero_asset_type).toEqual([roomsBoothsMessages.heroAssetRequiresType]);
    const processing = await create('Hero', {
      hero_asset_type: 'hero_asset_video',
      hero_asset: await libraryVideo('PROGRESSING'),
    });
    expect(processing.body.errors.hero_asset).toEqual([roomsBoothsMessages.heroVideoUnprocessed]);
    const elsewhere = await newAdmin(studio, 'Video Owner Org');
    const foreign = await create('Hero', {
      hero_asset_type: 'hero_asset_video',
      hero_asset: await libraryVideo('COMPLETE', elsewhere.organization.id),
    });
    expect(foreign.body.errors.hero_asset).toEqual([roomsBoothsMessages.heroVideoNotFound]);

    const video = await libraryVideo('COMPLETE');
    const booth = await create('Hero', { hero_asset_type: 'hero_asset_video', hero_asset: video });
    expect(booth.status).toBe(201);
    expect(booth.body).toMatchObject({ hero_asset_type: 'hero_asset_video', hero_asset: video });
    const usage = (await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${video}/usage/`)).body;
    expect(usage).toEqual([expect.objectContaining({ entity_id: event.id, entity_type: 'BOOTH' })]);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(409);
    await api.patch(`/api/event/booths/${booth.body.id}/`, { hero_asset: null });
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(204);
    await api.delete(`/api/event/booths/${booth.body.id}/`);
  });

  it('is offered only with the plan’s boothsTab (403 FEATURE_NOT_ENABLED)', async () => {
    const starter = await newAdmin(studio, 'Starter Booths Org');
    const starterApi = caller(studio, starter.access);
    const own = await newEvent(starterApi, {
      title: 'Fair',
      start: '2031-05-02T09:00:00Z',
      end: '2031-05-02T10:00:00Z',
    });
    await setPlan(studio, starter.organization.id, 'starter', {});
    const refused = await create('Nope', {}, starterApi, own.id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'FEATURE_NOT_ENABLED',
      message: accessMessages.featureNotEnabled,
    });
    await setPlan(studio, starter.organization.id, 'growth', { boothsTab: true });
    expect((await create('Yes', {}, starterApi, own.id)).status).toBe(201);
  });

  it('keeps resources (files and links) on the booth', async () => {
    const booth = (await create('Library')).body;
    const added = await addResource(booth, 'Website', 'https://acme.example.com');
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ booth: booth.id, kind: 'link', title: 'Website' });
    const renamed = await api.patch<BoothResource>(`/api/event/booth-resources/${added.body.id}/`, {
      title: 'Home',
    });
    expect(renamed.body.title).toBe('Home');
    expect((await listed()).find((row) => row.id === booth.id)?.resources.map((r) => r.title)).toEqual([
      'Home',
    ]);
    expect((await api.delete(`/api/event/booth-resources/${added.body.id}/`)).status).toBe(204);
    expect((await addResource(booth, 'x', 'nope', api, 'file')).status).toBe(400);
    await api.delete(`/api/event/booths/${booth.id}/`);
  });

  it('is the organisation’s own: other organisations get 404 on every route', async () => {
    const booth = (await create('Private')).body;
    const resource = (await addResource(booth, 'Site', 'https://acme.example.com')).body;
    const outsider = caller(studio, (await newAdmin(studio, 'Other Booths Org')).access);
    expect((await outsider.get(`/api/event/booths/?event=${event.id}`)).status).toBe(404);
    expect((await create('Planted', {}, outsider)).status).toBe(404);
    expect((await outsider.patch(`/api/event/booths/${booth.id}/`, { name: '' })).status).toBe(404);
    expect((await outsider.delete(`/api/event/booths/${booth.id}/`)).status).toBe(404);
    expect(await sponsorRouteStatuses(outsider, booth, resource.id, '')).toEqual([404, 404, 404, 404, 404]);
    expect(
      (await addSponsor(booth, { email: 'planted@example.com', first_name: 'P' }, outsider)).status,
    ).toBe(404);
    expect(
      (await outsider.post('/api/event/booths/reorder/', { object_list: [{ pk: booth.id, rank: 0 }] }))
        .status,
    ).toBe(400);
    await api.delete(`/api/event/booths/${booth.id}/`);
  });
});

describe('sponsor users (001 §7 "POST create sponsor user", 002 §6)', () => {
  it('creates the sponsor, grants SPONSOR on the event, makes them the booth owner and emails their booth link', async () => {
    const booth = (await create('Sponsored')).body;
    const { sponsor, as, login } = await signedInSponsor(booth, 'sam.sponsor@example.com');
    expect(sponsor).toMatchObject({
      email: 'sam.sponsor@example.com',
      event: event.id,
      booth: booth.id,
      role: EVENT_ROLES.SPONSOR,
    });
    expect(login.user.organization).toBeNull();
    expect((await listed()).find((row) => row.id === booth.id)?.owner).toBe(sponsor.id);

    const own = await as.get<Booth>(`/api/event/booths/${booth.id}/sponsor/`);
    expect(own.status).toBe(200);
    expect(own.body.name).toBe('Sponsored');
    const edited = await as.patch<Booth>(`/api/event/booths/${booth.id}/sponsor/`, {
      name: 'Sam’s booth',
      description: 'Come by',
      hero_asset_type: 'hero_asset_image',
      hero_asset: 'https://cdn.example.com/sam.png',
      poster: 'https://cdn.example.com/sam-poster.png',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Sam’s booth', hero_asset: 'https://cdn.example.com/sam.png' });
    const video = await as.patch<Answer<Booth>>(`/api/event/booths/${booth.id}/sponsor/`, {
      hero_asset_type: 'hero_asset_video',
      hero_asset: await libraryVideo('COMPLETE'),
    });
    expect(video.status).toBe(400);
    const resource = await addResource(booth, 'Brochure', 'https://cdn.example.com/brochure.pdf', as, 'file');
    expect(resource.status).toBe(201);
    expect(
      (await as.patch(`/api/event/booth-resources/${resource.body.id}/`, { title: 'Flyer' })).status,
    ).toBe(200);
    expect((await as.delete(`/api/event/booth-resources/${resource.body.id}/`)).status).toBe(204);
  });

  it('lets the sponsor reach their own booth only', async () => {
    const mine = (await create('Mine')).body;
    const theirs = (await create('Theirs')).body;
    const theirResource = (await addResource(theirs, 'Site', 'https://theirs.example.com')).body;
    const { as } = await signedInSponsor(mine, 'only.mine@example.com');
    expect(await sponsorRouteStatuses(as, theirs, theirResource.id, 'Taken')).toEqual([
      404, 404, 404, 404, 404,
    ]);
    // The organiser's routes, the event and the organisation are closed to them.
    expect((await as.patch(`/api/event/booths/${mine.id}/`, { name: 'x' })).status).toBe(403);
    expect((await as.delete(`/api/event/booths/${mine.id}/`)).status).toBe(403);
    expect((await as.get(`/api/event/booths/?event=${event.id}`)).status).toBe(403);
    expect((await as.get(`/api/event/rooms/?event=${event.id}`)).status).toBe(403);
    expect((await as.get(`/api/event/${event.id}/`)).status).toBeGreaterThanOrEqual(403);
    expect((await as.get('/api/event/')).status).toBeGreaterThanOrEqual(403);
    expect((await as.get(`/api/core/organization/${admin.organization.id}/`)).status).toBeGreaterThanOrEqual(
      403,
    );
    expect((await addSponsor(mine, { email: 'x@example.com', first_name: 'X' }, as)).status).toBe(403);

    // Another organisation's sponsor sees nothing of this one's booths.
    const other = await newAdmin(studio, 'Other Sponsor Org');
    const otherApi = caller(studio, other.access);
    const otherEvent = await newEvent(otherApi, {
      title: 'Other',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T10:00:00Z',
    });
    const otherBooth = (await create('Elsewhere', {}, otherApi, otherEvent.id)).body;
    expect((await as.get(`/api/event/booths/${otherBooth.id}/sponsor/`)).status).toBe(404);
  });

  it('makes one new person the sponsor of two booths invited at the same moment', async () => {
    const [first, second] = [(await create('North hall')).body, (await create('South hall')).body];
    const person = { email: 'twin.booths@example.com', first_name: 'Tess' };
    const invite = (booth: Booth) =>
      api.post<{ id: string }>('/api/core/user/sponsor/', { event: event.id, booth: booth.id, user: person });
    const answers = await Promise.all([invite(first), invite(second)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    const [a, b] = answers.map((answer) => answer.body.id);
    expect(a).toBe(b);
    const owners = (await listed()).filter((booth) => [first.id, second.id].includes(booth.id));
    expect(owners.map((booth) => booth.owner)).toEqual([a, a]);
  });

  it('refuses a booth of another event and bad person details', async () => {
    const other = await newEvent(api, {
      title: 'Other day',
      start: '2031-05-03T09:00:00Z',
      end: '2031-05-03T10:00:00Z',
    });
    const booth = (await create('Elsewhere', {}, api, other.id)).body;
    const wrong = await addSponsor(booth, { email: 'wrong@example.com', first_name: 'W' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.booth).toEqual([roomsBoothsMessages.boothNotInEvent]);
    const bad = await addSponsor(booth, { email: 'not-an-email', first_name: '' });
    expect(bad.status).toBe(400);
  });
});

describe('booth routes without a sign-in', () => {
  it('answer 401', async () => {
    const anonymous = await studio.app.inject({ method: 'GET', url: '/api/event/booths/x/sponsor/' });
    expect(anonymous.statusCode).toBe(401);
    const resource = await studio.app.inject({
      method: 'POST',
      url: '/api/event/booth-resources/',
      payload: {},
    });
    expect(resource.statusCode).toBe(401);
  });
});

describe('event duplication', () => {
  it('copies the booths and their resources onto the copy, without sponsors', async () => {
    const { source, target } = await copySourceAndTarget(api);
    const booth = (await create('Stand', {}, api, source.id)).body;
    await signedInSponsor(booth, 'copied.sponsor@example.com');
    await addResource(booth, 'Site', 'https://stand.example.com');
    const newIds = new Map<string, string>();
    await studio.database.db
      .transaction()
      .execute((tx) => createBoothsRepository(tx).copy(source.id, target.id, newIds, tx));
    const copied = (await api.get<Page<Booth>>(`/api/event/booths/?event=${target.id}`)).body.results;
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({ name: 'Stand', owner: null, event: target.id });
    expect(copied[0]?.resources.map((resource) => resource.title)).toEqual(['Site']);
    expect(newIds.get(booth.id)).toBe(copied[0]?.id);
  });
});
