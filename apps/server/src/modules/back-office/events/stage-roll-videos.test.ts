import type { TranscodeStatus } from '@studio/domain';
import { libraryVideoRow } from '../../video-library/video-library.fixtures.ts';
import { describe, expect, it } from 'vitest';
import {
  STAGE_ROLL_VIDEO_ERRORS,
  videoLibraryMessages,
  type Page,
  type StudioEvent,
  type StudioTemplate,
  type VideoAsset,
  type VideoUsageEntry,
} from '@studio/domain';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { at, caller, newEvent } from '../back-office.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

const { studio, admin, api } = fileStudioWithAdmin();

const libraryVideo = (organizationId: string, status: TranscodeStatus, name?: string) =>
  libraryVideoRow(studio, organizationId, status, name);

const usageOf = async (videoId: string) =>
  (await api.get<VideoUsageEntry[]>(`/api/core/video_assets/${videoId}/usage/`)).body;

const now = new Date();

describe('buffer video (stage_roll_video_asset) of an event', () => {
  it('is set by PATCH, listed as the video usage, blocks the video removal, and frees it when removed', async () => {
    const video = await libraryVideo(admin.organization.id, 'COMPLETE');
    const event = await newEvent(api, {
      title: 'Launch day',
      start: at(now, 60),
      end: at(now, 120),
      event_type: 'Webinar',
    });
    expect(event.stage_roll_video_asset).toBeNull();

    const set = await api.patch<StudioEvent>(`/api/event/${event.id}/`, { stage_roll_video_asset: video });
    expect(set.status).toBe(200);
    expect(set.body.stage_roll_video_asset).toBe(video);
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.stage_roll_video_asset).toBe(video);

    expect(await usageOf(video)).toEqual([
      {
        entity_id: event.id,
        entity_title: 'Launch day',
        entity_subtype: 'WEBINAR',
        entity_type: 'EVENT',
        entity_created_date: event.created_at,
      },
    ]);
    const listed = (await api.get<Page<VideoAsset>>('/api/core/video_assets/')).body.results.find(
      (row) => row.id === video,
    );
    expect(listed?.video_usage_count).toBe(1);

    const refused = await api.delete(`/api/core/video_assets/${video}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'VIDEO_IN_USE', message: videoLibraryMessages.videoInUse });

    const cleared = await api.patch<StudioEvent>(`/api/event/${event.id}/`, { stage_roll_video_asset: null });
    expect(cleared.body.stage_roll_video_asset).toBeNull();
    expect(await usageOf(video)).toEqual([]);
    expect((await api.delete(`/api/core/video_assets/${video}/`)).status).toBe(204);
  });

  it("refuses an unprocessed video and another organisation's video with the spec's codes", async () => {
    const event = await newEvent(api, { title: 'Refusals', start: at(now, 60), end: at(now, 120) });
    const processing = await libraryVideo(admin.organization.id, 'PROCESSING_HD');
    const unprocessed = await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: processing });
    expect(unprocessed.status).toBe(400);
    expect(unprocessed.body).toMatchObject({
      code: 'UNPROCESSED_VIDEO_FOR_STAGE_ROLL',
      message: STAGE_ROLL_VIDEO_ERRORS.UNPROCESSED_VIDEO_FOR_STAGE_ROLL,
      errors: { stage_roll_video_asset: [STAGE_ROLL_VIDEO_ERRORS.UNPROCESSED_VIDEO_FOR_STAGE_ROLL] },
    });

    const other = await newAdmin(studio, 'Other Org');
    const theirs = await libraryVideo(other.organization.id, 'COMPLETE');
    for (const id of [theirs, '8d7e6b1e-0000-4000-8000-000000000000']) {
      const foreign = await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: id });
      expect(foreign.status).toBe(400);
      expect(foreign.body).toMatchObject({
        code: 'VIDEO_DOESNOT_BELONG_TO_ORGANIZATION',
        message: STAGE_ROLL_VIDEO_ERRORS.VIDEO_DOESNOT_BELONG_TO_ORGANIZATION,
      });
    }
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body.stage_roll_video_asset).toBeNull();
    expect((await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: 'not-an-id' })).status).toBe(
      400,
    );
  });

  it('needs branding:update for the buffer video and event:update for the rest', async () => {
    const video = await libraryVideo(admin.organization.id, 'COMPLETE');
    const event = await newEvent(api, { title: 'Brand work', start: at(now, 60), end: at(now, 120) });
    const brandEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'BRAND_EDITOR')).access,
    );
    expect(
      (await brandEditor.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: video })).status,
    ).toBe(200);
    expect((await brandEditor.patch(`/api/event/${event.id}/`, { title: 'Renamed' })).status).toBe(403);
    expect(
      (await brandEditor.patch(`/api/event/${event.id}/`, { title: 'Renamed', stage_roll_video_asset: null }))
        .status,
    ).toBe(403);

    const eventEditor = caller(
      studio,
      (await newMember(studio, admin.organization.id, 'EVENT_EDITOR')).access,
    );
    expect(
      (await eventEditor.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: null })).status,
    ).toBe(403);
    expect((await eventEditor.patch(`/api/event/${event.id}/`, { title: 'Renamed' })).status).toBe(200);
    expect((await api.get<StudioEvent>(`/api/event/${event.id}/`)).body).toMatchObject({
      title: 'Renamed',
      stage_roll_video_asset: video,
    });
  });
});

describe('buffer video of a template', () => {
  it('is a STUDIO_EVENT_TEMPLATE usage, and events made from the template inherit it', async () => {
    const video = await libraryVideo(admin.organization.id, 'COMPLETE');
    const template = (
      await api.post<StudioTemplate>('/api/event/studio-templates/', {
        title: 'Quarterly webinar',
        settings: { event_type: 'Webinar' },
      })
    ).body;
    const set = await api.patch<StudioTemplate>(`/api/event/studio-templates/${template.id}/`, {
      stage_roll_video_asset: video,
    });
    expect(set.status).toBe(200);
    expect(set.body.stage_roll_video_asset).toBe(video);

    const made = await api.post<StudioEvent>(`/api/event/studio-templates/${template.id}/create_event/`, {
      title: 'Q3 webinar',
      start_time: at(now, 60).toISOString(),
    });
    expect(made.status).toBe(201);
    expect(made.body.stage_roll_video_asset).toBe(video);

    const usage = await usageOf(video);
    expect(usage.map((entry) => [entry.entity_type, entry.entity_id, entry.entity_subtype]).sort()).toEqual(
      [
        ['EVENT', made.body.id, 'WEBINAR'],
        ['STUDIO_EVENT_TEMPLATE', template.id, 'WEBINAR'],
      ].sort(),
    );
    const unprocessed = await libraryVideo(admin.organization.id, 'ERROR');
    const refused = await api.patch(`/api/event/studio-templates/${template.id}/`, {
      stage_roll_video_asset: unprocessed,
    });
    expect(refused.body).toMatchObject({ code: 'UNPROCESSED_VIDEO_FOR_STAGE_ROLL' });
  });
});
