import { describe, expect, it } from 'vitest';
import {
  nextStageSwitch,
  sameStagePush,
  sameStageSource,
  stagePushAt,
  stageSourceAt,
  stageTrackOf,
  stageTracks,
  type StageProgramme,
  type StageSession,
} from './decision.ts';

const day = (time: string) => new Date(`2031-05-04T${time}Z`);
const hls = (id: string) => `https://studio.example/api/media/videos/${id}/hls/master.m3u8`;
const video = (id: string, minutes: number | null) => ({
  id,
  duration: minutes === null ? null : minutes * 60,
  hls_url: hls(id),
});
const buffer = video('buffer', 2);

function session(id: string, from: string, to: string, fields: Partial<StageSession> = {}): StageSession {
  return {
    id,
    start_time: day(from),
    end_time: day(to),
    broadcast_type: 'SIMULIVE',
    tracks: ['main'],
    videos: [],
    is_live: false,
    live_hls_url: null,
    ...fields,
  };
}

/** A day on the main track, a parallel session on another track, from 08:00 to 18:00. */
const programme: StageProgramme = {
  start_time: day('08:00:00'),
  end_time: day('18:00:00'),
  buffer_video: buffer,
  main_track: 'main',
  sessions: [
    session('opening', '09:00:00', '10:00:00', { videos: [video('welcome', 20), video('keynote', 30)] }),
    session('panel', '10:30:00', '11:30:00', { broadcast_type: 'LIVE' }),
    session('workshop', '11:00:00', '12:00:00', { tracks: ['side'], videos: [video('hands-on', 50)] }),
    session('on-air', '13:00:00', '14:00:00', {
      broadcast_type: 'RTMP',
      is_live: true,
      live_hls_url: 'https://studio.example/live/on-air.m3u8',
    }),
    session('short-slot', '15:00:00', '15:30:00', { videos: [video('long-film', 45)] }),
    session('closing', '16:00:00', '17:00:00', { videos: [video('processing', null), video('welcome', 20)] }),
  ],
};

const bufferUntil = (until: string | null) => ({
  kind: 'buffer',
  session: null,
  video: 'buffer',
  hls_url: hls('buffer'),
  offset_seconds: 0,
  until,
});
const videoOf = (sessionId: string, videoId: string, offset: number, until: string) => ({
  kind: 'session_video',
  session: sessionId,
  video: videoId,
  hls_url: hls(videoId),
  offset_seconds: offset,
  until,
});

describe('the stage across a day (issue 17 §3)', () => {
  it.each([
    ['07:00:00', bufferUntil('2031-05-04T09:00:00.000Z')],
    ['08:30:00', bufferUntil('2031-05-04T09:00:00.000Z')],
    ['09:00:00', videoOf('opening', 'welcome', 0, '2031-05-04T09:20:00.000Z')],
    ['09:05:30', videoOf('opening', 'welcome', 330, '2031-05-04T09:20:00.000Z')],
    ['09:20:00', videoOf('opening', 'keynote', 0, '2031-05-04T09:50:00.000Z')],
    ['09:49:59', videoOf('opening', 'keynote', 1799, '2031-05-04T09:50:00.000Z')],
    // After the videos, the buffer; a live session not on air and another track's session leave it playing.
    ['09:50:00', bufferUntil('2031-05-04T13:00:00.000Z')],
    ['11:15:00', bufferUntil('2031-05-04T13:00:00.000Z')],
    [
      '13:30:00',
      {
        kind: 'live',
        session: 'on-air',
        video: null,
        hls_url: 'https://studio.example/live/on-air.m3u8',
        offset_seconds: 0,
        until: '2031-05-04T14:00:00.000Z',
      },
    ],
    ['14:00:00', bufferUntil('2031-05-04T15:00:00.000Z')],
    // A video longer than its session stops at the session's end.
    ['15:10:00', videoOf('short-slot', 'long-film', 600, '2031-05-04T15:30:00.000Z')],
    ['15:30:00', bufferUntil('2031-05-04T16:00:00.000Z')],
    // A video the library cannot play yet is skipped: the next one starts with the session.
    ['16:00:00', videoOf('closing', 'welcome', 0, '2031-05-04T16:20:00.000Z')],
    ['16:20:00', bufferUntil('2031-05-04T18:00:00.000Z')],
    [
      '18:00:00',
      { kind: 'ended', session: null, video: null, hls_url: null, offset_seconds: 0, until: null },
    ],
    [
      '23:00:00',
      { kind: 'ended', session: null, video: null, hls_url: null, offset_seconds: 0, until: null },
    ],
  ])('at %s', (time, expected) => {
    expect(stageSourceAt(programme, day(time))).toEqual(expected);
  });

  it('answers none where the buffer would play when the event has no buffer video', () => {
    expect(stageSourceAt({ ...programme, buffer_video: null }, day('07:00:00'))).toEqual({
      kind: 'none',
      session: null,
      video: null,
      hls_url: null,
      offset_seconds: 0,
      until: '2031-05-04T09:00:00.000Z',
    });
  });

  it('plays every session when the event has no track', () => {
    expect(stageSourceAt({ ...programme, main_track: null }, day('11:10:00'))).toEqual(
      videoOf('workshop', 'hands-on', 600, '2031-05-04T11:50:00.000Z'),
    );
  });

  it('moves attendees to the session that started last when sessions of the track overlap', () => {
    const overlapping = {
      ...programme,
      sessions: [
        session('first', '09:00:00', '10:00:00', { videos: [video('welcome', 60)] }),
        session('second', '09:30:00', '10:30:00', { videos: [video('keynote', 30)] }),
      ],
    };
    expect(stageSourceAt(overlapping, day('09:29:00'))).toEqual(
      videoOf('first', 'welcome', 1740, '2031-05-04T09:30:00.000Z'),
    );
    expect(stageSourceAt(overlapping, day('09:45:00'))).toEqual(
      videoOf('second', 'keynote', 900, '2031-05-04T10:00:00.000Z'),
    );
    expect(stageSourceAt(overlapping, day('10:00:00'))).toEqual(bufferUntil('2031-05-04T18:00:00.000Z'));
  });

  it('switches between two plays of the same video back to back', () => {
    const twice = {
      ...programme,
      sessions: [
        session('loop', '09:00:00', '10:00:00', { videos: [video('welcome', 20), video('welcome', 20)] }),
      ],
    };
    expect(stageSourceAt(twice, day('09:10:00')).until).toBe('2031-05-04T09:20:00.000Z');
    expect(stageSourceAt(twice, day('09:20:00'))).toEqual(
      videoOf('loop', 'welcome', 0, '2031-05-04T09:40:00.000Z'),
    );
  });

  it('tells whether two answers play the same thing', () => {
    const before = stageSourceAt(programme, day('09:19:59'));
    expect(sameStageSource(before, stageSourceAt(programme, day('09:10:00')))).toBe(true);
    expect(sameStageSource(before, stageSourceAt(programme, day('09:20:00')))).toBe(false);
  });

  it("carries the event's filler slide image with every answer, and a new filler is a change", () => {
    const filler = 'https://studio.example/api/files/org/filler.png';
    const withFiller = { ...programme, filler_image_url: filler };
    expect(stageSourceAt(withFiller, day('09:00:00'))).toMatchObject({
      kind: 'session_video',
      filler_image_url: filler,
    });
    expect(stageSourceAt(withFiller, day('10:30:00'))).toMatchObject({ filler_image_url: filler });
    expect(stageSourceAt(programme, day('09:00:00'))).not.toHaveProperty('filler_image_url');
    expect(
      sameStageSource(stageSourceAt(programme, day('09:00:00')), stageSourceAt(withFiller, day('09:00:00'))),
    ).toBe(false);
  });

  describe("a track's stage (each track plays its own sessions)", () => {
    const tracked: StageProgramme = {
      ...programme,
      tracks: [
        { id: 'main', name: 'Main stage' },
        { id: 'side', name: 'Workshops' },
        { id: 'empty', name: 'Later' },
      ],
    };

    it("plays the second track's session in that track, while the main track plays the buffer", () => {
      expect(stageSourceAt(tracked, day('11:40:00'), 'side')).toEqual(
        videoOf('workshop', 'hands-on', 2400, '2031-05-04T11:50:00.000Z'),
      );
      expect(stageSourceAt(tracked, day('11:50:00'), 'side')).toEqual(
        bufferUntil('2031-05-04T18:00:00.000Z'),
      );
      expect(stageSourceAt(tracked, day('09:10:00'), 'side')).toEqual(
        bufferUntil('2031-05-04T11:00:00.000Z'),
      );
      expect(stageSourceAt(tracked, day('11:40:00'))).toMatchObject({ kind: 'buffer' });
      expect(stageSourceAt(tracked, day('11:40:00'), 'main')).toEqual(
        stageSourceAt(tracked, day('11:40:00')),
      );
    });

    it('offers the main track and every other track with a session, and decides for the main track otherwise', () => {
      expect(stageTracks(tracked)).toEqual([
        { id: 'main', name: 'Main stage' },
        { id: 'side', name: 'Workshops' },
      ]);
      expect(stageTracks(programme)).toEqual([]);
      expect(stageTrackOf(tracked, 'side')).toBe('side');
      expect(stageTrackOf(tracked, 'empty')).toBe('main');
      expect(stageTrackOf(tracked, 'another-events-track')).toBe('main');
      expect(stageTrackOf(tracked, undefined)).toBe('main');
    });

    it("pushes each track's source, and switches at the earliest change of any track", () => {
      const push = stagePushAt(tracked, day('10:40:00'));
      expect(push).toMatchObject({ kind: 'buffer', until: '2031-05-04T13:00:00.000Z' });
      expect(push.by_track?.['side']).toEqual(bufferUntil('2031-05-04T11:00:00.000Z'));
      expect(nextStageSwitch(push)).toBe('2031-05-04T11:00:00.000Z');
      expect(sameStagePush(push, stagePushAt(tracked, day('10:50:00')))).toBe(true);
      expect(sameStagePush(push, stagePushAt(tracked, day('11:00:00')))).toBe(false);
      // With no track to choose, the push is the main track's answer alone.
      expect(stagePushAt(programme, day('10:40:00'))).toEqual(stageSourceAt(programme, day('10:40:00')));
    });
  });
});
