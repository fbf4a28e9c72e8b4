import { describe, expect, it } from 'vitest';
import type { OnDemandVideo, RtmpInput, StudioEvent } from '@studio/domain';
import { fileEngagementWorld, newSession, personIn } from '../engagement/engagement.fixtures.ts';

/**
 * Issue 34 §1, the Media tab: a live session's recording is listed with its session, read through
 * the database (the library's recordings of the event, the live area's made recordings).
 */
const world = fileEngagementWorld('On Demand Org');

/** A processed recording of the event in the library (what the live area's recording job makes). */
async function recording(event: StudioEvent, name: string, organizationId = world.organizationId) {
  const row = await world.studio.database.db
    .insertInto('video_assets')
    .values({
      organization_id: organizationId,
      event_id: event.id,
      name,
      source: 'EVENT_RECORDING',
      creation_type: 'RECORDED',
      transcode_status: 'COMPLETE',
      duration: 1800,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await world.studio.database.db
    .updateTable('video_assets')
    .set({ hls_key: `videos/${row.id}/hls/master.m3u8` })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/** The live area's record of a session's recording; `video` null while it is being made. */
async function recordedIn(input: RtmpInput, sessionId: string, video: string | null) {
  await world.studio.database.db
    .insertInto('live_recordings')
    .values({ broadcast_id: sessionId, input_id: input.id, video_asset_id: video })
    .execute();
}

describe("the session's Media tab (GET …/api/on-demand)", () => {
  it('lists a recording with the session it recorded, one not yet made with none, and no other event’s', async () => {
    const event = await world.newEvent('Recorded summit');
    const keynote = await newSession(world, event, 'Keynote');
    const panel = await newSession(world, event, 'Panel');
    const input = await world.api.post<RtmpInput>('/api/event/rtmp_inputs/', {
      event: event.id,
      name: 'Camera',
    });
    expect(input.status).toBe(201);
    const keynoteRecording = await recording(event, 'Keynote (recording)');
    const loose = await recording(event, 'Backstage (recording)');
    await recordedIn(input.body, keynote, keynoteRecording);
    // The panel's recording is still being made: it has no video yet.
    await recordedIn(input.body, panel, null);

    const other = await world.newEvent('Other summit');
    const otherSession = await newSession(world, other, 'Elsewhere');
    const otherInput = await world.api.post<RtmpInput>('/api/event/rtmp_inputs/', {
      event: other.id,
      name: 'Camera',
    });
    await recordedIn(otherInput.body, otherSession, await recording(other, 'Elsewhere (recording)'));

    const grace = await personIn(world, event);
    const listed = await grace.call<OnDemandVideo[]>('GET', 'on-demand');
    expect(listed.status).toBe(200);
    expect(listed.body.map((video) => [video.title, video.session])).toEqual([
      ['Keynote (recording)', keynote],
      ['Backstage (recording)', null],
    ]);
    expect(listed.body.map((video) => video.id)).toEqual([keynoteRecording, loose]);
    expect(listed.body[0]!.hls_url).toContain(`/api/media/videos/${keynoteRecording}/hls/`);
    // What the Media tab shows for each session.
    expect(listed.body.filter((video) => video.session === panel)).toEqual([]);
  });

  it('names the session of the recording the public on-demand page plays, so its watches carry it', async () => {
    const event = await world.newEvent('Replayed summit');
    const keynote = await newSession(world, event, 'Keynote');
    const input = await world.api.post<RtmpInput>('/api/event/rtmp_inputs/', {
      event: event.id,
      name: 'Camera',
    });
    const keynoteRecording = await recording(event, 'Keynote (recording)');
    await recordedIn(input.body, keynote, keynoteRecording);
    const page = await world.studio.attendeeSite.inject({ method: 'GET', url: `/e/${event.id}/on-demand` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      new RegExp(
        `data-island="video" data-hls-src="[^"]*videos/${keynoteRecording}/[^>]*data-session="${keynote}"`,
      ),
    );
  });
});
