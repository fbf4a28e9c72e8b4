import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  EVENT_UPDATED,
  STAGE_UPDATED,
  type EventAppEvent,
  type StagePush,
  type StageSource,
  type Track,
  type TrackStage,
} from '@studio/domain';
import { at, newEvent } from '../../back-office/back-office.fixtures.ts';
import { enteredAs, pushStream } from './event-app.fixtures.ts';
import { agendaApi, playableVideo } from '../../programme/agenda/agenda.fixtures.ts';
import { fileStudioWithAdmin } from '../../../../test/file-studio.ts';

// The studio's fake clock: the test moves it across the session's start.
const day = new Date(Date.UTC(2031, 4, 4, 8));
let now = at(day, -30);

const { studio, admin, api } = fileStudioWithAdmin('Push Org', {
  clock: () => now,
  role: 'all',
  jobs: { pollIntervalMs: 50 },
});

const playable = (minutes: number) => playableVideo(studio, admin.organization.id, minutes);

/** The attendee site's address, listening from the first test that needs it. */
let address: string | undefined;
const listening = async () => (address ??= await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' }));

describe('the event app push stream (issue 17 §3)', () => {
  it("pushes stage-updated to the attendee's stream when the stage switches at a session's start", async () => {
    const event = await newEvent(api, { title: 'Pushed summit', start: at(day, 0), end: at(day, 120) });
    const buffer = await playable(2);
    expect((await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: buffer })).status).toBe(200);
    const recording = await playable(30);
    const session = await agendaApi(api).createSession({
      event: event.id,
      broadcast_type: 'SIMULIVE',
      title: 'Recorded keynote',
      start_time: at(day, 10).toISOString(),
      end_time: at(day, 40).toISOString(),
      video_assets: [recording],
    });
    const { cookie } = await enteredAs(studio, api, event.id, { first_name: 'Pat', last_name: 'Viewer' });
    const stage = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/api/stage`,
      headers: { cookie },
    });
    expect(stage.json<StageSource>()).toMatchObject({ kind: 'buffer', video: buffer });

    const stream = await pushStream(`${await listening()}/e/${event.id}/api/push`, cookie);
    // The session starts: the clock moves there and the switch scheduled for its start runs now.
    now = at(day, 10);
    await sql`update pgboss.job set start_after = now() where name = 'stage.switch'
      and data->>'eventId' = ${event.id} and data->>'at' = ${now.toISOString()}`.execute(studio.database.db);
    // The stream's other pushes (the attendee's own presence, paced) may come first.
    expect(await stream.nextOf(STAGE_UPDATED)).toMatchObject({
      kind: 'session_video',
      session: session.body.id,
      video: recording,
    });
    stream.close();
  });

  it("answers and pushes each track's stage: a second track's session plays in that track", async () => {
    now = at(day, -30);
    const event = await newEvent(api, { title: 'Two-track summit', start: at(day, 0), end: at(day, 120) });
    const buffer = await playable(2);
    expect((await api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: buffer })).status).toBe(200);
    const agenda = agendaApi(api);
    const main = (await agenda.createTrack({ event: event.id, title: 'Main stage' })).body as Track;
    const side = (await agenda.createTrack({ event: event.id, title: 'Workshops' })).body as Track;
    const recording = await playable(30);
    const session = await agenda.createSession({
      event: event.id,
      broadcast_type: 'SIMULIVE',
      title: 'Hands-on',
      start_time: at(day, 10).toISOString(),
      end_time: at(day, 40).toISOString(),
      tracks: [side.id],
      video_assets: [recording],
    });
    const { cookie } = await enteredAs(studio, api, event.id, { first_name: 'Sam', last_name: 'Viewer' });
    const stageIn = async (query: string) => {
      const answer = await studio.attendeeSite.inject({
        method: 'GET',
        url: `/e/${event.id}/api/stage${query}`,
        headers: { cookie },
      });
      return { status: answer.statusCode, body: answer.json<TrackStage>() };
    };
    const tracks = [
      { id: main.id, name: 'Main stage' },
      { id: side.id, name: 'Workshops' },
    ];
    expect((await stageIn('')).body).toMatchObject({ kind: 'buffer', track: main.id, tracks });
    expect((await stageIn(`?track=${side.id}`)).body).toMatchObject({
      kind: 'buffer',
      until: at(day, 10).toISOString(),
      track: side.id,
      tracks,
    });
    // Another event's track or none: the main track's stage; a repeated parameter: a clear 400.
    const elsewhere = await newEvent(api, { title: 'Elsewhere', start: at(day, 0), end: at(day, 120) });
    const theirs = (await agenda.createTrack({ event: elsewhere.id, title: 'Theirs' })).body as Track;
    for (const track of [theirs.id, 'nope'])
      expect(await stageIn(`?track=${track}`)).toMatchObject({ status: 200, body: { track: main.id } });
    expect((await stageIn(`?track=${side.id}&track=${main.id}`)).status).toBe(400);

    const stream = await pushStream(`${await listening()}/e/${event.id}/api/push`, cookie);
    now = at(day, 10);
    await sql`update pgboss.job set start_after = now() where name = 'stage.switch'
      and data->>'eventId' = ${event.id} and data->>'at' = ${now.toISOString()}`.execute(studio.database.db);
    const pushed = (await stream.nextOf(STAGE_UPDATED)) as StagePush;
    expect(pushed).toMatchObject({ kind: 'buffer', video: buffer });
    expect(pushed.by_track?.[side.id]).toMatchObject({
      kind: 'session_video',
      session: session.body.id,
      video: recording,
    });
    expect((await stageIn(`?track=${side.id}`)).body).toMatchObject({
      kind: 'session_video',
      session: session.body.id,
      track: side.id,
    });
    stream.close();
  });

  it('pushes event-updated to the attendee’s stream when an organiser changes the event’s title or times', async () => {
    now = at(day, -30);
    const event = await newEvent(api, { title: 'Renamed summit', start: at(day, 0), end: at(day, 120) });
    const { cookie } = await enteredAs(studio, api, event.id, { first_name: 'Lee', last_name: 'Viewer' });
    const stream = await pushStream(`${await listening()}/e/${event.id}/api/push`, cookie);
    expect((await api.patch(`/api/event/${event.id}/`, { title: 'Summit, renamed' })).status).toBe(200);
    expect(await stream.nextOf(EVENT_UPDATED)).toEqual({});
    const moved = { start_time: at(day, 30).toISOString(), end_time: at(day, 150).toISOString() };
    expect((await api.patch(`/api/event/${event.id}/`, moved)).status).toBe(200);
    expect(await stream.nextOf(EVENT_UPDATED)).toEqual({});
    // The app reads the event on the push, its stream still open.
    const read = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/api/event`,
      headers: { cookie },
    });
    expect(read.json<EventAppEvent>()).toMatchObject({ title: 'Summit, renamed', ...moved });
    stream.close();
  });
});
