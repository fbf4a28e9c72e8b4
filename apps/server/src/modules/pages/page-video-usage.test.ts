import { describe, expect, it } from 'vitest';
import {
  pageApiPath,
  videoLibraryMessages,
  type PageKind,
  type PageOwnerType,
  type VideoUsageEntry,
} from '@studio/domain';
import { fileAdminAndOutsider } from '../../../test/file-studio.ts';
import { newEvent } from '../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';

const org = fileAdminAndOutsider('Page Videos Org', 'Other Page Videos Org');
const { studio, api, outsider } = org;

const event = (title: string, event_type = 'Conference') =>
  newEvent(api, { title, event_type, start: '2031-06-01T09:00:00Z', end: '2031-06-01T17:00:00Z' });
const showing = (videoId: string) => ({
  builder_raw_json: {
    content: [
      { type: 'Hero', props: { id: 'hero', title: 'Welcome', subtitle: '', imageUrl: '' } },
      { type: 'Video', props: { id: 'v', videoId, title: 'Watch' } },
    ],
  },
});
const savePage = async (ownerType: PageOwnerType, ownerId: string, kind: PageKind, videoId: string) =>
  expect((await api.put(pageApiPath(ownerType, ownerId, kind), showing(videoId))).status).toBe(200);
const usageOf = async (videoId: string) =>
  (await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${videoId}/usage/`)).body;
const entry = (
  entity_type: string,
  entity_id: string,
  entity_title: string,
  entity_subtype: string | null,
) => ({
  entity_id,
  entity_title,
  entity_subtype,
  entity_type,
  entity_created_date: expect.any(String) as string,
});

describe("a library video shown by a page's Video block (spec 000 §2 'Video in use')", () => {
  it('is used by the hub page: its HUB entry, and deleting the video is refused until the page stops showing it', async () => {
    const video = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Hub trailer');
    const hub = (await api.post<{ id: string }>('/api/event/hub-pages/', { name: 'Spring hub', events: [] }))
      .body;
    await savePage('hub_page', hub.id, 'landing', video);

    expect(await usageOf(video)).toEqual([entry('HUB', hub.id, 'Spring hub', null)]);
    const refused = await api.delete(`/api/core/video_assets/${video}/`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'VIDEO_IN_USE', message: videoLibraryMessages.videoInUse },
    });

    const withoutVideo = { builder_raw_json: { content: [] } };
    expect((await api.put(pageApiPath('hub_page', hub.id, 'landing'), withoutVideo)).status).toBe(200);
    expect(await usageOf(video)).toEqual([]);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(204);
  });

  it("is used by the event whose page shows it (once for all its pages), and by templates' and series' pages", async () => {
    const video = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Replay');
    const webinar = await event('Webinar week', 'Webinar');
    await savePage('event', webinar.id, 'on_demand', video);
    await savePage('event', webinar.id, 'landing', video);
    const template = (
      await api.post<{ id: string }>('/api/event/studio-templates/', {
        title: 'Quarterly',
        settings: { event_type: 'Recording' },
      })
    ).body;
    await savePage('template', template.id, 'registration', video);
    const series = (await api.post<{ id: string }>('/api/event/series/', { name: 'Talks' })).body;
    await savePage('series', series.id, 'registration', video);

    const usage = await usageOf(video);
    expect(usage).toHaveLength(3);
    expect(usage).toEqual(
      expect.arrayContaining([
        entry('EVENT', webinar.id, 'Webinar week', 'WEBINAR'),
        entry('STUDIO_EVENT_TEMPLATE', template.id, 'Quarterly', 'RECORDING'),
        entry('SERIES', series.id, 'Talks', 'CONFERENCE'),
      ]),
    );
    // The library's list counts it, and deleting it is refused.
    const listed = await api.get<{ results: { id: string; video_usage_count: number }[] }>(
      '/api/core/video_assets/?limit=50',
    );
    expect(listed.body.results.find((row) => row.id === video)?.video_usage_count).toBe(3);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(409);
  });

  it("is among the videos its event uses (the library's include_used)", async () => {
    const video = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Keynote cut');
    // A video no page shows stays out.
    await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Unused cut');
    const summit = await event('Summit');
    await savePage('event', summit.id, 'landing', video);
    const ids = async (query: string) =>
      (await api.get<{ results: { id: string }[] }>(`/api/core/video_assets/${query}`)).body.results.map(
        (row) => row.id,
      );
    expect(await ids(`?event_ids=${summit.id}&include_used=true`)).toEqual([video]);
    expect(await ids(`?event_ids=${summit.id}`)).toEqual([]);
  });

  it("never counts another organisation's pages", async () => {
    const video = await libraryVideoRow(studio, org.organizationId, 'COMPLETE', 'Ours');
    const ours = await event('Ours');
    await savePage('event', ours.id, 'registration', video);
    const theirEvent = await newEvent(outsider, {
      title: 'Theirs',
      event_type: 'Conference',
      start: '2031-06-01T09:00:00Z',
      end: '2031-06-01T17:00:00Z',
    });
    // A page of theirs naming our video (no save lets it; written as if it had been).
    await studio.database.db
      .insertInto('built_pages')
      .values({
        organization_id: org.outsiderOrganizationId,
        owner_type: 'event',
        owner_id: theirEvent.id,
        event_id: theirEvent.id,
        kind: 'landing',
        builder_raw_json: JSON.stringify(showing(video).builder_raw_json),
      })
      .execute();
    expect(await usageOf(video)).toEqual([entry('EVENT', ours.id, 'Ours', 'CONFERENCE')]);
    expect((await outsider.get(`/api/core/video_assets/${video}/usage/`)).status).toBe(404);
  });
});
