import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { STAGE_UPDATED, type StageSource } from '@studio/domain';
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
    const address = await studio.attendeeSite.listen({ port: 0, host: '127.0.0.1' });
    const stage = await studio.attendeeSite.inject({
      method: 'GET',
      url: `/e/${event.id}/api/stage`,
      headers: { cookie },
    });
    expect(stage.json<StageSource>()).toMatchObject({ kind: 'buffer', video: buffer });

    const stream = await pushStream(`${address}/e/${event.id}/api/push`, cookie);
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
});
