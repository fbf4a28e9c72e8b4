import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { SIMULIVE_TEST_REFUSALS, type Broadcast, type StageSource } from '@studio/domain';
import { watchEvent } from '../../../../test/listening.ts';
import { newAdmin, newMember } from '../../access/access.fixtures.ts';
import { at, caller, newEvent, type Api } from '../../back-office/back-office.fixtures.ts';
import { fileClockedAgendaStudio } from './agenda.fixtures.ts';

const world = fileClockedAgendaStudio('Simulive Org');
const { day, clockAt, iso } = world;

/** An event from 11:00 to 13:00 with a pre-recorded session of a 10- and a 20-minute video. */
async function prerecorded(title: string, fields: Record<string, unknown> = {}) {
  const event = await newEvent(world.api, { title, start: at(day, 180), end: at(day, 300) });
  const first = await world.playableVideo(10);
  const second = await world.playableVideo(20);
  const created = await world.agenda.createSession({
    event: event.id,
    title,
    start_time: iso(180),
    end_time: iso(215),
    broadcast_type: 'SIMULIVE',
    video_assets: [first, second],
    ...fields,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { event, session: created.body, first, second };
}

const startTest = (id: string, as: Api = world.api) =>
  as.post<Broadcast & { code?: string; message?: string }>(`/api/event/broadcasts/${id}/test_simulive/`);
const stopTest = (id: string) => world.api.post<Broadcast>(`/api/event/broadcasts/${id}/stop_simulive_test/`);
const previewOf = async (id: string) => {
  const answer = await world.api.get<StageSource>(`/api/event/broadcasts/${id}/simulive_test_preview/`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const sessionOf = async (id: string) => (await world.api.get<Broadcast>(`/api/event/broadcasts/${id}/`)).body;

/** Runs the session's scheduled end now (the fake clock is already past it): its start is brought forward. */
const fireEnd = (broadcastId: string) =>
  sql`update pgboss.job set start_after = now() where name = 'simulive.test-end'
    and data->>'broadcastId' = ${broadcastId}`.execute(world.studio.database.db);
const endJobsOf = async (broadcastId: string) =>
  (
    await sql<{ end_time: string }>`select data->>'endTime' as end_time from pgboss.job
      where name = 'simulive.test-end' and data->>'broadcastId' = ${broadcastId}`.execute(
      world.studio.database.db,
    )
  ).rows.map((row) => row.end_time);

/** A studio socket that named the event, with the `broadcast-updated` pushes it receives. */
async function watch(eventId: string) {
  const watching = await watchEvent(world.publicUrl, world.admin, eventId);
  return { ...watching, pushes: () => watching.of('broadcast-updated') as unknown as Broadcast[] };
}

describe('simulive test runs (001 §4, 002 §4.4, §7.4)', () => {
  it('starts a test that plays the videos 5 minutes later, in order, and ends when they have played', async () => {
    clockAt(0);
    const { event, session, first, second } = await prerecorded('Opening film');
    expect(session.test_simulive_processing_state).toBe('IDLE');
    const watching = await watch(event.id);

    const started = await startTest(session.id);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // 08:00 + 5 minutes + 10 + 20 minutes of videos.
    expect(started.body.simulive_test_run_end_time).toBe(iso(35));
    expect(started.body.test_simulive_processing_state).toBe('RUNNING');
    await watching.until(() => watching.pushes().length === 1);
    expect(watching.pushes()[0]).toMatchObject({ id: session.id, simulive_test_run_end_time: iso(35) });
    expect(await endJobsOf(session.id)).toEqual([iso(35)]);
    expect((await startTest(session.id)).body).toMatchObject({
      code: 'SIMULIVE_TEST_RUNNING',
      message: SIMULIVE_TEST_REFUSALS.SIMULIVE_TEST_RUNNING,
    });

    const nothing = { session: session.id, video: null, hls_url: null, offset_seconds: 0 };
    expect(await previewOf(session.id)).toEqual({ ...nothing, kind: 'none', until: iso(5) });
    clockAt(4);
    expect((await previewOf(session.id)).kind).toBe('none');
    clockAt(5);
    expect(await previewOf(session.id)).toEqual({
      kind: 'session_video',
      session: session.id,
      video: first,
      hls_url: world.hlsOf(first),
      offset_seconds: 0,
      until: iso(15),
    });
    clockAt(16);
    expect(await previewOf(session.id)).toMatchObject({ video: second, offset_seconds: 60, until: iso(35) });

    clockAt(35);
    await fireEnd(session.id);
    await watching.until(() => watching.pushes().length === 2);
    expect(watching.pushes()[1]).toMatchObject({
      id: session.id,
      simulive_test_run_end_time: null,
      test_simulive_processing_state: 'IDLE',
    });
    expect((await sessionOf(session.id)).simulive_test_run_end_time).toBeNull();
    expect(await previewOf(session.id)).toEqual({ ...nothing, kind: 'none', until: null });
    watching.socket.close();
  });

  it('stops a test at once; its scheduled end then leaves a later test alone', async () => {
    clockAt(0);
    const { event, session } = await prerecorded('Stopped film');
    const watching = await watch(event.id);
    expect((await startTest(session.id)).status).toBe(200);
    const stopped = await stopTest(session.id);
    expect(stopped.status).toBe(200);
    expect(stopped.body.simulive_test_run_end_time).toBeNull();
    await watching.until(() => watching.pushes().length === 2);
    expect(watching.pushes()[1]).toMatchObject({ id: session.id, simulive_test_run_end_time: null });

    // A second test from 08:10 ends at 08:45; the first test's end (08:35) must not end it.
    clockAt(10);
    expect((await startTest(session.id)).body.simulive_test_run_end_time).toBe(iso(45));
    await watching.until(() => watching.pushes().length === 3);
    clockAt(35);
    const firstEnd = sql<{ state: string }>`select state from pgboss.job where name = 'simulive.test-end'
      and data->>'broadcastId' = ${session.id} and data->>'endTime' = ${iso(35)}`;
    await sql`update pgboss.job set start_after = now() where name = 'simulive.test-end'
      and data->>'broadcastId' = ${session.id} and data->>'endTime' = ${iso(35)}`.execute(
      world.studio.database.db,
    );
    const state = async () => (await firstEnd.execute(world.studio.database.db)).rows[0]?.state;
    for (let i = 0; i < 500 && (await state()) !== 'completed'; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await state()).toBe('completed');
    expect((await sessionOf(session.id)).simulive_test_run_end_time).toBe(iso(45));
    expect(watching.pushes()).toHaveLength(3);
    expect((await stopTest(session.id)).status).toBe(200);
    // Stopping when no test runs answers the session as it is.
    const again = await stopTest(session.id);
    expect(again.status).toBe(200);
    expect(again.body.simulive_test_run_end_time).toBeNull();
    watching.socket.close();
  });

  it('ends a running test when the session’s videos change', async () => {
    clockAt(0);
    const { session, first } = await prerecorded('Recut film');
    expect((await startTest(session.id)).status).toBe(200);
    // Saving the same videos keeps it running.
    expect(
      (
        await world.agenda.patchSession(session.id, {
          title: 'Recut',
          video_assets: session.video_assets.map((v) => v.id),
        })
      ).body.simulive_test_run_end_time,
    ).toBe(iso(35));
    const patched = await world.agenda.patchSession(session.id, { video_assets: [first] });
    expect(patched.body.simulive_test_run_end_time).toBeNull();
  });

  it('refuses a session that is not pre-recorded, a test too close to the event, an unprocessed video', async () => {
    clockAt(0);
    const { event, session } = await prerecorded('Refused film');
    const live = await world.agenda.createSession({
      event: event.id,
      title: 'Panel',
      start_time: iso(220),
      end_time: iso(260),
      broadcast_type: 'LIVE',
    });
    const refused = await startTest(live.body.id);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'NOT_SIMULIVE',
      message: SIMULIVE_TEST_REFUSALS.NOT_SIMULIVE,
    });

    // The event starts at 11:00: 17 minutes and the videos' 30 before it is 10:13.
    clockAt(132);
    expect((await startTest(session.id)).status).toBe(200);
    expect((await stopTest(session.id)).status).toBe(200);
    clockAt(133);
    expect((await startTest(session.id)).body).toMatchObject({
      code: 'SIMULIVE_TEST_TOO_LATE',
      message: SIMULIVE_TEST_REFUSALS.SIMULIVE_TEST_TOO_LATE,
    });

    clockAt(0);
    const [video] = session.video_assets;
    await world.studio.database.db
      .updateTable('video_assets')
      .set({ transcode_status: 'PROGRESSING' })
      .where('id', '=', video!.id)
      .execute();
    expect((await sessionOf(session.id)).test_simulive_processing_state).toBe('PROCESSING');
    const processing = await startTest(session.id);
    expect(processing.status).toBe(400);
    expect(processing.body.code).toBe('VIDEO_NOT_PROCESSED');
    expect((await sessionOf(session.id)).simulive_test_run_end_time).toBeNull();
  });

  it("answers 404 for another organisation's session, 403 to a member who may not edit sessions", async () => {
    clockAt(0);
    const { session } = await prerecorded('Private film');
    const other = caller(world.studio, (await newAdmin(world.studio, 'Other Org')).access);
    expect((await startTest(session.id, other)).status).toBe(404);
    expect((await other.post(`/api/event/broadcasts/${session.id}/stop_simulive_test/`)).status).toBe(404);
    expect((await other.get(`/api/event/broadcasts/${session.id}/simulive_test_preview/`)).status).toBe(404);
    const reader = caller(
      world.studio,
      (await newMember(world.studio, world.admin.organization.id, 'BRAND_EDITOR')).access,
    );
    expect((await startTest(session.id, reader)).status).toBe(403);
    expect((await reader.get(`/api/event/broadcasts/${session.id}/simulive_test_preview/`)).status).toBe(200);
    expect((await sessionOf(session.id)).simulive_test_run_end_time).toBeNull();
  });
});
