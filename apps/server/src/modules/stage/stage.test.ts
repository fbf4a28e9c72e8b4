import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { StageSource, Track } from '@studio/domain';
import { watchEvent } from '../../../test/listening.ts';
import { newAdmin } from '../access/access.fixtures.ts';
import { at, caller, newEvent } from '../back-office/back-office.fixtures.ts';
import { fileClockedAgendaStudio } from '../programme/agenda/agenda.fixtures.ts';

const world = fileClockedAgendaStudio('Stage Org');
const { day, clockAt, iso } = world;

/** An event from 08:00 to 18:00 with a buffer video, a main and a side track. */
async function conference(title: string) {
  const event = await newEvent(world.api, { title, start: at(day, 0), end: at(day, 600) });
  const buffer = await world.playableVideo(2);
  expect((await world.api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: buffer })).status).toBe(
    200,
  );
  const main = (await world.agenda.createTrack({ event: event.id, title: 'Main stage' })).body as Track;
  const side = (await world.agenda.createTrack({ event: event.id, title: 'Workshops' })).body as Track;
  return { event, buffer, main, side };
}

const stageOf = async (eventId: string) => {
  const answer = await world.api.get<StageSource>(`/api/event/${eventId}/stage/`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/** The stage's scheduled switches of an event (pg-boss jobs), by instant. */
const switchesOf = async (eventId: string) =>
  (
    await sql<{ at: string; state: string }>`select data->>'at' as at, state from pgboss.job
      where name = 'stage.switch' and data->>'eventId' = ${eventId} order by data->>'at'`.execute(
      world.studio.database.db,
    )
  ).rows;

/** Runs a scheduled switch now (the fake clock is already there): its start is brought forward. */
const fire = (eventId: string, instant: string) =>
  sql`update pgboss.job set start_after = now() where name = 'stage.switch'
    and data->>'eventId' = ${eventId} and data->>'at' = ${instant}`.execute(world.studio.database.db);

/** A studio socket that named the event, with the `stage-updated` pushes it receives. */
async function watch(eventId: string) {
  const watching = await watchEvent(world.publicUrl, world.admin, eventId);
  return { ...watching, pushes: () => watching.of('stage-updated') };
}

describe('GET /api/event/{id}/stage/ (issue 17 §3)', () => {
  it("answers what plays across the day from the event's main track, its videos and the clock", async () => {
    const { event, buffer, main, side } = await conference('A day on stage');
    const welcome = await world.playableVideo(20);
    const keynote = await world.playableVideo(30);
    const workshop = await world.playableVideo(60);
    const recorded = { broadcast_type: 'SIMULIVE', event: event.id };
    const opening = await world.agenda.createSession({
      ...recorded,
      title: 'Opening',
      start_time: iso(60),
      end_time: iso(120),
      tracks: [main.id],
      video_assets: [welcome, keynote],
    });
    await world.agenda.createSession({
      ...recorded,
      title: 'Hands-on',
      start_time: iso(120),
      end_time: iso(180),
      tracks: [side.id],
      video_assets: [workshop],
    });
    const bufferUntil = (until: string) => ({
      kind: 'buffer',
      session: null,
      video: buffer,
      hls_url: world.hlsOf(buffer),
      offset_seconds: 0,
      until,
    });

    clockAt(-60);
    expect(await stageOf(event.id)).toEqual(bufferUntil(iso(60)));
    clockAt(65.5);
    expect(await stageOf(event.id)).toEqual({
      kind: 'session_video',
      session: opening.body.id,
      video: welcome,
      hls_url: world.hlsOf(welcome),
      offset_seconds: 330,
      until: iso(80),
    });
    clockAt(80);
    expect(await stageOf(event.id)).toMatchObject({ video: keynote, offset_seconds: 0, until: iso(110) });
    // After the opening's videos, the buffer; the side track's session does not take the main stage.
    clockAt(130);
    expect(await stageOf(event.id)).toEqual(bufferUntil(iso(600)));
    clockAt(600);
    expect(await stageOf(event.id)).toEqual({
      kind: 'ended',
      session: null,
      video: null,
      hls_url: null,
      offset_seconds: 0,
      until: null,
    });
  });

  it("answers a track's stage for ?track= (its own sessions), the main track's for a track it cannot play", async () => {
    const { event, buffer, main, side } = await conference('Two tracks');
    const other = await conference('Another event');
    const workshop = await world.playableVideo(60);
    const handsOn = await world.agenda.createSession({
      broadcast_type: 'SIMULIVE',
      event: event.id,
      title: 'Hands-on',
      start_time: iso(120),
      end_time: iso(180),
      tracks: [side.id],
      video_assets: [workshop],
    });
    const stageIn = async (track: string) => {
      const answer = await world.api.get<StageSource>(
        `/api/event/${event.id}/stage/?track=${encodeURIComponent(track)}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const mainBuffer = {
      kind: 'buffer',
      session: null,
      video: buffer,
      hls_url: world.hlsOf(buffer),
      offset_seconds: 0,
      until: iso(600),
    };

    clockAt(130);
    expect(await stageIn(side.id)).toEqual({
      kind: 'session_video',
      session: handsOn.body.id,
      video: workshop,
      hls_url: world.hlsOf(workshop),
      offset_seconds: 600,
      until: iso(180),
    });
    expect(await stageOf(event.id)).toEqual(mainBuffer);
    expect(await stageIn(main.id)).toEqual(mainBuffer);
    // Another event's track, an unknown id, a malformed one: the main track's stage.
    for (const track of [other.side.id, '00000000-0000-4000-8000-000000000000', 'not-a-track'])
      expect(await stageIn(track)).toEqual(mainBuffer);
    expect(
      (await world.api.get(`/api/event/${event.id}/stage/?track=${side.id}&track=${main.id}`)).status,
    ).toBe(400);
    // The side track's end is a switch of the stage too.
    await expect.poll(async () => (await switchesOf(event.id)).map((job) => job.at)).toContain(iso(180));
  });

  it("answers 404 for another organisation's event and for no event", async () => {
    const { event } = await conference('Private stage');
    const stranger = caller(world.studio, (await newAdmin(world.studio, 'Stranger Org')).access);
    expect((await stranger.get(`/api/event/${event.id}/stage/`)).status).toBe(404);
    expect((await world.api.get('/api/event/00000000-0000-4000-8000-000000000000/stage/')).status).toBe(404);
  });
});

describe('stage-updated pushes', () => {
  it("pushes a change of the event's times and of its buffer video", async () => {
    clockAt(30);
    const { event } = await conference('Moved event');
    const watching = await watch(event.id);
    expect((await world.api.patch(`/api/event/${event.id}/`, { end_time: iso(300) })).status).toBe(200);
    await watching.until(() => watching.pushes().length === 1);
    expect(watching.pushes()[0]).toMatchObject({ eventId: event.id, kind: 'buffer', until: iso(300) });
    expect((await world.api.patch(`/api/event/${event.id}/`, { stage_roll_video_asset: null })).status).toBe(
      200,
    );
    await watching.until(() => watching.pushes().length === 2);
    expect(watching.pushes()[1]).toMatchObject({ kind: 'none', video: null, hls_url: null, until: iso(300) });
    watching.socket.close();
  });

  it('pushes a change of the programme, then each switch at its instant through the durable queue', async () => {
    clockAt(50);
    const { event, main } = await conference('Pushed stage');
    const watching = await watch(event.id);
    const welcome = await world.playableVideo(20);
    const created = await world.agenda.createSession({
      event: event.id,
      title: 'Opening',
      broadcast_type: 'SIMULIVE',
      start_time: iso(60),
      end_time: iso(120),
      tracks: [main.id],
      video_assets: [welcome],
    });
    await watching.until(() => watching.pushes().some((push) => push.until === iso(60)));
    expect(watching.pushes().at(-1)).toMatchObject({ eventId: event.id, kind: 'buffer', until: iso(60) });

    // Asked many times, the switch at 09:00 is one job.
    await stageOf(event.id);
    await stageOf(event.id);
    expect((await switchesOf(event.id)).filter((job) => job.at === iso(60))).toHaveLength(1);

    // The session moves to 09:30: pushed once; the switch scheduled for 09:00 then finds nothing to do.
    await world.agenda.patchSession(created.body.id, { start_time: iso(90), end_time: iso(150) });
    await watching.until(() => watching.pushes().some((push) => push.until === iso(90)));
    const beforeStaleSwitch = watching.pushes().length;
    clockAt(60);
    await fire(event.id, iso(60));
    await expect
      .poll(async () => (await switchesOf(event.id)).find((job) => job.at === iso(60))?.state)
      .toBe('completed');

    clockAt(90);
    await fire(event.id, iso(90));
    await watching.until(() => watching.pushes().some((push) => push.kind === 'session_video'));
    expect(watching.pushes().slice(beforeStaleSwitch)).toEqual([
      {
        eventId: event.id,
        kind: 'session_video',
        session: created.body.id,
        video: welcome,
        hls_url: world.hlsOf(welcome),
        offset_seconds: 0,
        until: iso(110),
      },
    ]);
    // The next switch is scheduled in turn.
    await expect.poll(async () => (await switchesOf(event.id)).map((job) => job.at)).toContain(iso(110));
    watching.socket.close();
  });
});
