import { describe, expect, it } from 'vitest';
import type { ServerSocketMessage } from '@studio/domain';
import { createInProcessPubSub } from '../../platform/realtime/pubsub.ts';
import type { StageAgenda } from '../programme/agenda/agenda.service.ts';
import { createStageService, type StageChange } from './stage.service.ts';

const EVENT = '6f1c1a52-8a43-4a8e-9d43-3b1f3cf0a001';
const day = (time: string) => new Date(`2031-05-04T${time}Z`);

/** The stage on stubbed services: a day with one pre-recorded session, the clock in the test's hands. */
function stageWith(options: { scheduleFails?: boolean; recordings?: { id: string; name: string }[] } = {}) {
  let now = day('08:30:00');
  const agenda: StageAgenda = {
    mainTrack: 'main',
    sessions: [
      {
        id: 'opening',
        title: 'Opening',
        start_time: day('09:00:00'),
        end_time: day('10:00:00'),
        broadcast_type: 'SIMULIVE',
        is_live: false,
        tracks: ['main'],
        videoIds: ['welcome'],
        rtmpInputId: null,
      },
    ],
  };
  const studioPushes: ServerSocketMessage[] = [];
  const scheduled: string[] = [];
  const errors: string[] = [];
  const pubsub = createInProcessPubSub();
  const stage = createStageService({
    events: {
      stageEventById: (id) =>
        Promise.resolve(
          id === EVENT
            ? {
                id,
                title: 'Launch',
                organizationId: 'org',
                workspaceId: null,
                start_time: day('08:00:00'),
                end_time: day('18:00:00'),
                timezone: 'UTC',
                event_type: 'Webinar',
                host_type: 'Virtual',
                series_id: null,
                repeatingSeriesId: null,
                created_at: day('00:00:00'),
                description: null,
                location: null,
                bufferVideoId: 'loop',
                fillerSlideId: null,
              }
            : undefined,
        ),
    },
    agenda: { stageProgrammeOf: () => Promise.resolve(agenda) },
    videos: {
      playbackOf: (_organizationId, ids) =>
        Promise.resolve(
          new Map(
            ids
              .filter((id) => id !== 'unprocessed')
              .map((id) => [id, { duration: 1200, hls_url: `https://media/${id}.m3u8` }]),
          ),
        ),
      recordingsOf: () =>
        Promise.resolve(
          options.recordings ?? [
            { id: 'keynote-recording', name: 'Keynote' },
            { id: 'unprocessed', name: 'Panel' },
          ],
        ),
    },
    recordings: {
      recordedSessions: (sessionIds) =>
        Promise.resolve(new Map(sessionIds.includes('opening') ? [['keynote-recording', 'opening']] : [])),
    },
    fillerSlides: { imageUrlOf: () => Promise.resolve(null) },
    liveHlsUrl: (_event, inputId) => `https://studio.test/api/live/${inputId}/index.m3u8`,
    realtime: {
      publish: (_organizationId, message) => {
        studioPushes.push(message);
        return Promise.resolve();
      },
    },
    pubsub,
    scheduler: {
      at: (_eventId, at) => {
        if (options.scheduleFails) return Promise.reject(new Error('queue down'));
        scheduled.push(at.toISOString());
        return Promise.resolve();
      },
    },
    clock: () => now,
    log: () => ({ error: (_object, message) => errors.push(message) }),
  });
  return {
    stage,
    agenda,
    studioPushes,
    scheduled,
    errors,
    pubsub,
    setClock: (time: string) => (now = day(time)),
  };
}

describe('the stage service', () => {
  it('answers the attendee site (stageOf) and schedules the next switch', async () => {
    const { stage, scheduled } = stageWith();
    expect(await stage.stageOf(EVENT)).toMatchObject({
      kind: 'buffer',
      video: 'loop',
      until: '2031-05-04T09:00:00.000Z',
    });
    expect(await stage.stageOf(EVENT, day('09:10:00'))).toMatchObject({
      kind: 'session_video',
      video: 'welcome',
      offset_seconds: 600,
    });
    expect(scheduled).toEqual(['2031-05-04T09:00:00.000Z', '2031-05-04T09:20:00.000Z']);
    expect(await stage.stageOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it("lists the event's videos on demand: sessions' pre-recorded videos, then recordings that play (with their session)", async () => {
    const { stage } = stageWith();
    expect(await stage.onDemandOf(EVENT)).toEqual([
      {
        id: 'welcome',
        title: 'Opening',
        session: 'opening',
        hls_url: 'https://media/welcome.m3u8',
        duration: 1200,
        thumbnail_url: null,
        captions_url: null,
      },
      {
        id: 'keynote-recording',
        title: 'Keynote',
        session: 'opening',
        hls_url: 'https://media/keynote-recording.m3u8',
        duration: 1200,
        thumbnail_url: null,
        captions_url: null,
      },
    ]);
    expect(await stage.onDemandOf('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('lists the buffer video, titled as the event, when nothing else aired (as the on-demand page plays it)', async () => {
    const { stage, agenda } = stageWith({ recordings: [] });
    agenda.sessions = [];
    expect(await stage.onDemandOf(EVENT)).toEqual([
      {
        id: 'loop',
        title: 'Launch',
        session: null,
        hls_url: 'https://media/loop.m3u8',
        duration: 1200,
        thumbnail_url: null,
        captions_url: null,
      },
    ]);
  });

  it('pushes a due switch to the studio and to every subscriber, and a stale one to nobody', async () => {
    const { stage, agenda, studioPushes, pubsub, setClock } = stageWith();
    const heard: StageChange[] = [];
    const unsubscribe = stage.subscribe((change) => heard.push(change));
    setClock('09:00:02');
    await stage.switchDue(EVENT, day('09:00:00'));
    await pubsub.ready();
    await Promise.resolve();
    const expected = {
      kind: 'session_video',
      session: 'opening',
      video: 'welcome',
      hls_url: 'https://media/welcome.m3u8',
      offset_seconds: 2,
      until: '2031-05-04T09:20:00.000Z',
    };
    expect(studioPushes).toEqual([{ type: 'stage-updated', data: { ...expected, eventId: EVENT } }]);
    expect(heard).toEqual([{ eventId: EVENT, source: expected }]);

    // The session moved to 09:30 after the switch was scheduled: at 09:00 nothing changes.
    agenda.sessions[0]!.start_time = day('09:30:00');
    await stage.switchDue(EVENT, day('09:00:00'));
    expect(studioPushes).toHaveLength(1);
    unsubscribe();
  });

  it("pushes a second track's switch with each track's source, and answers that track's stage", async () => {
    const { stage, agenda, studioPushes, pubsub, setClock, scheduled } = stageWith();
    agenda.tracks = [
      { id: 'main', name: 'Main stage' },
      { id: 'side', name: 'Workshops' },
    ];
    agenda.sessions.push({
      id: 'fair',
      title: 'Live from the partner fair',
      start_time: day('09:30:00'),
      end_time: day('10:30:00'),
      broadcast_type: 'RTMP',
      is_live: false,
      tracks: ['side'],
      videoIds: [],
      rtmpInputId: 'input-1',
    });
    const heard: StageChange[] = [];
    const unsubscribe = stage.subscribe((change) => heard.push(change));
    setClock('09:30:00');
    await stage.switchDue(EVENT, day('09:30:00'));
    await pubsub.ready();
    await Promise.resolve();
    const fair = {
      kind: 'live',
      session: 'fair',
      video: null,
      hls_url: 'https://studio.test/api/live/input-1/index.m3u8',
      offset_seconds: 0,
      until: '2031-05-04T10:30:00.000Z',
    };
    const loop = {
      kind: 'buffer',
      session: null,
      video: 'loop',
      hls_url: 'https://media/loop.m3u8',
      offset_seconds: 0,
      until: '2031-05-04T18:00:00.000Z',
    };
    // The main track plays on; the studio hears it, the attendee site every track's.
    expect(studioPushes).toEqual([{ type: 'stage-updated', data: { ...loop, eventId: EVENT } }]);
    expect(heard).toEqual([{ eventId: EVENT, source: { ...loop, by_track: { main: loop, side: fair } } }]);
    expect(await stage.trackStageOf(EVENT, 'side')).toEqual({
      ...fair,
      track: 'side',
      tracks: agenda.tracks,
    });
    expect(await stage.trackStageOf(EVENT, 'elsewhere')).toMatchObject({ video: 'loop', track: 'main' });
    expect(scheduled.at(-1)).toBe('2031-05-04T10:30:00.000Z');
    unsubscribe();
  });

  it('answers and logs when the switch cannot be scheduled', async () => {
    const { stage, studioPushes, errors } = stageWith({ scheduleFails: true });
    expect(await stage.stageOf(EVENT)).toMatchObject({ kind: 'buffer' });
    await stage.changed(EVENT);
    expect(studioPushes).toHaveLength(1);
    expect(errors).toEqual(['stage switch not scheduled', 'stage switch not scheduled']);
  });
});
