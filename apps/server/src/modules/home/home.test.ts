import { describe, expect, it } from 'vitest';
import type { Home } from '@studio/domain';
import { newAdmin, newMember, newWorkspace } from '../access/access.fixtures.ts';
import { at, caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileStudio } from '../../../test/file-studio.ts';
import { libraryVideoRow } from '../video-library/video-library.fixtures.ts';

const studio = fileStudio();

const now = new Date();
const days = (count: number) => count * 24 * 60;

describe('GET /api/core/home/', () => {
  it('a brand-new organisation: nothing listed, zero counts, every getting-started step open', async () => {
    const admin = await newAdmin(studio, 'Fresh Org');
    const answer = await caller(studio, admin.access).get<Home>('/api/core/home/');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      organization: { id: admin.organization.id, name: 'Fresh Org', is_workspace_enabled: false },
      live_events: [],
      upcoming_events: [],
      recent_videos: [],
      counts: { upcoming_events: 0, videos: 0, members: 1, teams: null },
      getting_started: { first_event: false, first_video: false, teammate: false, branding: false },
    });
  });

  it('shows live and upcoming events, recent videos, counts and the checklist from what exists', async () => {
    const admin = await newAdmin(studio, 'Busy Org');
    const api = caller(studio, admin.access);
    // Live: starts in 30 minutes (within the hour before its start), ends in 2 hours.
    const live = await newEvent(api, {
      title: 'Starting soon',
      start: at(now, 30),
      end: at(now, 120),
      timezone: 'Asia/Tokyo',
    });
    const later = await newEvent(api, {
      title: 'Next week',
      start: at(now, days(7)),
      end: at(now, days(7) + 60),
    });
    const soon = await newEvent(api, {
      title: 'In two days',
      start: at(now, days(2)),
      end: at(now, days(2) + 60),
    });
    await newEvent(api, { title: 'Last week', start: at(now, -days(7)), end: at(now, -days(7) + 60) });
    const ready = await libraryVideoRow(studio, admin.organization.id, 'COMPLETE', 'Keynote');
    await libraryVideoRow(studio, admin.organization.id, 'PROGRESSING', 'Raw upload');
    await newMember(studio, admin.organization.id, 'ORGANIZATION_MEMBER');

    const home = (await api.get<Home>('/api/core/home/')).body;
    expect(home.live_events).toEqual([
      expect.objectContaining({
        id: live.id,
        status: 'LIVE',
        timezone: 'Asia/Tokyo',
        event_type: live.event_type,
      }),
    ]);
    // Upcoming as the events list's default filter counts it (001 §2.5: end_time on or after
    // now): the live event too, beside the ones to come.
    expect(home.upcoming_events.map((event) => [event.id, event.status])).toEqual([
      [live.id, 'LIVE'],
      [soon.id, 'UPCOMING'],
      [later.id, 'UPCOMING'],
    ]);
    expect(home.recent_videos.map((video) => [video.name, video.status])).toEqual([
      ['Raw upload', 'PROCESSING_HD'],
      ['Keynote', 'COMPLETE'],
    ]);
    expect(home.counts).toEqual({ upcoming_events: 3, videos: 2, members: 2, teams: null });
    expect(home.getting_started).toEqual({
      first_event: true,
      first_video: true,
      teammate: true,
      branding: false,
    });

    await api.patch(`/api/event/${later.id}/`, { stage_roll_video_asset: ready });
    expect((await api.get<Home>('/api/core/home/')).body.getting_started.branding).toBe(true);
  });

  it("keeps to the caller's organisation and, with workspaces, to a team admin's teams", async () => {
    const admin = await newAdmin(studio, 'Teams Home');
    const api = caller(studio, admin.access);
    const teamAdmin = await newMember(studio, admin.organization.id, 'WORKSPACE_ADMIN');
    const blue = await newWorkspace(studio, admin.access, 'Blue', [teamAdmin.userId]);
    const red = await newWorkspace(studio, admin.access, 'Red');
    await api.patch(`/api/core/organization/${admin.organization.id}/`, { is_workspace_enabled: true });
    const inBlue = await newEvent(api, {
      title: 'Blue',
      start: at(now, days(3)),
      end: at(now, days(3) + 60),
      workspace: blue.id,
    });
    await newEvent(api, {
      title: 'Red',
      start: at(now, days(3)),
      end: at(now, days(3) + 60),
      workspace: red.id,
    });
    await libraryVideoRow(studio, admin.organization.id, 'COMPLETE', 'Red video', null, red.id);
    const other = await newAdmin(studio, 'Elsewhere');
    await newEvent(caller(studio, other.access), {
      title: 'Not ours',
      start: at(now, days(1)),
      end: at(now, days(1) + 60),
    });

    const mine = (await caller(studio, teamAdmin.access).get<Home>('/api/core/home/')).body;
    expect(mine.upcoming_events.map((event) => event.id)).toEqual([inBlue.id]);
    expect(mine.recent_videos).toEqual([]);
    expect(mine.counts).toMatchObject({ upcoming_events: 1, videos: 0 });

    const all = (await api.get<Home>('/api/core/home/')).body;
    expect(all.upcoming_events.map((event) => event.title).sort()).toEqual(['Blue', 'Red']);
    expect(all.counts).toMatchObject({ upcoming_events: 2, videos: 1, teams: 2 });
  });

  it('answers 401 without a session', async () => {
    expect((await studio.app.inject({ method: 'GET', url: '/api/core/home/' })).statusCode).toBe(401);
  });
});
