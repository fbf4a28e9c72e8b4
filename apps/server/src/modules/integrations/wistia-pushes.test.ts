import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiError,
  marketingMessages,
  type StudioEvent,
  WISTIA_PUSH_UPDATED,
  type WistiaRecording,
} from '@studio/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTempDir, openedForFile } from '../../../test/file-studio.ts';
import { eventually, newOrganization } from '../../../test/harness.ts';
import { fileListeningStudio, watchEvent } from '../../../test/listening.ts';
import { startWistiaServer, WISTIA_TOKEN } from '../../../test/vendors/wistia-server.ts';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { ladderVideoAssetJob } from '../video-library/video-library.jobs.ts';
import { crmConfig } from './crm.fixtures.ts';

const PATIENCE = 60_000;

/**
 * Issue 36: an event's recordings pushed to its Wistia project — automatically once each when the
 * video library has processed one (its ladder job done), or by hand — streamed from storage.
 */
describe('Recordings pushed to Wistia (issue 36) against a local Wistia', () => {
  const wistia = openedForFile(startWistiaServer);
  const dataDir = fileTempDir('wistia-pushes-test-');
  const studio = fileListeningStudio(() => ({
    ...crmConfig({ wistiaBaseUrl: wistia.url, wistiaUploadUrl: wistia.url }),
    dataDir: dataDir.path,
  }));
  let api: Api;
  let admin: Awaited<ReturnType<typeof newOrganization>>;
  let organizationId: string;
  let event: StudioEvent;
  /** Sends the video library's ladder job as the pipeline does; the studio's worker runs it. */
  let sender: JobQueue;

  beforeAll(async () => {
    sender = createJobQueue({ database: studio.database, log: { info() {}, warn() {}, error() {} } });
    sender.register(ladderVideoAssetJob, () => Promise.reject(new Error("the studio's worker runs it")));
    admin = await newOrganization(studio.app);
    organizationId = admin.organization.id;
    api = caller(studio, admin.access);
    const connected = await api.post('/api/integrations/crm/authenticate/', {
      crm_type: 'wistia',
      api_token: WISTIA_TOKEN,
    });
    expect(connected.status).toBe(200);
    event = await anEvent();
    expect(
      (await api.post(`/api/event/${event.id}/connect_wistia_project/`, { project_id: 'proj2' })).status,
    ).toBe(200);
  });
  afterAll(() => sender.stop({ timeoutMs: 1000 }));

  const anEvent = (fields: Record<string, unknown> = {}) => {
    const start = new Date(Date.now() + 86_400_000);
    return newEvent(api, {
      title: `Summit ${randomBytes(3).toString('hex')}`,
      start,
      end: new Date(start.getTime() + 3_600_000),
      ...fields,
    });
  };

  /** A processed recording of `eventId` whose mp4 holds `bytes`. */
  async function recordingOf(eventId: string, name: string, bytes: Buffer): Promise<string> {
    const key = `recordings/${eventId}/${randomBytes(4).toString('hex')}.mp4`;
    const storage = createObjectStore({ dataDir: dataDir.path });
    await storage.put(key, bytes, { contentType: 'video/mp4' });
    await storage.close();
    const row = await studio.database.db
      .insertInto('video_assets')
      .values({
        organization_id: organizationId,
        event_id: eventId,
        name,
        source: 'EVENT_RECORDING',
        creation_type: 'RECORDED',
        transcode_status: 'COMPLETE',
        mp4_key: key,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The ladder job of the video, run to its end by the studio's worker. */
  async function processed(videoId: string): Promise<void> {
    const jobId = await sender.send(ladderVideoAssetJob, { assetId: videoId }, { singletonKey: videoId });
    await settled(async () => {
      const { rows } = await sql<{ state: string }>`select state from pgboss.job where id = ${jobId}`.execute(
        studio.database.db,
      );
      expect(rows[0]?.state).toBe('completed');
    });
  }

  /** Until the worker is done with the push (a shared, busy machine may be slow). */
  const settled = (check: () => Promise<void>) => eventually(check, PATIENCE);

  const recordingsOf = async (eventId: string) =>
    (await api.get<{ recordings: WistiaRecording[] }>(`/api/event/${eventId}/wistia_recordings/`)).body
      .recordings;
  const pushOf = async (eventId: string, videoId: string) =>
    (await recordingsOf(eventId)).find((recording) => recording.video_id === videoId)?.push;
  const pushJobsOf = async (videoId: string) =>
    (
      await sql<{ count: number }>`select count(*)::int as count from pgboss.job
        where name = 'integrations.wistia-push' and data->>'videoId' = ${videoId}`.execute(studio.database.db)
    ).rows[0]!.count;

  it('uploads a ready recording into the event’s project once, streamed from storage and intact', async () => {
    const bytes = randomBytes(8 * 1024 * 1024);
    const videoId = await recordingOf(event.id, 'Keynote recording', bytes);
    expect(await pushOf(event.id, videoId)).toBeNull();

    await processed(videoId);
    await settled(async () => expect((await pushOf(event.id, videoId))?.status).toBe('done'));
    const push = (await pushOf(event.id, videoId))!;
    expect(push).toMatchObject({ project_id: 'proj2', error: null });
    const project = wistia.projects.find((one) => one.hashedId === 'proj2')!;
    expect(wistia.medias.get(push.media_hashed_id!)).toMatchObject({
      name: 'Keynote recording',
      project_id: project.id,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const upload = wistia.to('/').at(-1)!;
    expect(upload.headers.authorization).toBe(`Bearer ${WISTIA_TOKEN}`);
    expect(upload.query.has('access_token')).toBe(false);

    // The ladder job again (a retry, a new transcode): no second upload.
    await processed(videoId);
    expect(await pushJobsOf(videoId)).toBe(1);
    expect([...wistia.medias.values()].filter((media) => media.name === 'Keynote recording')).toHaveLength(1);
  });

  it('pushes nothing for an event without a Wistia project, until pushed by hand once one is chosen', async () => {
    const other = await anEvent();
    const videoId = await recordingOf(other.id, 'Panel recording', Buffer.from('panel bytes'));
    await processed(videoId);
    expect(await pushOf(other.id, videoId)).toBeNull();
    expect(await pushJobsOf(videoId)).toBe(0);

    const byHand = () =>
      api.post<ApiError>(`/api/event/${other.id}/push_recording_to_wistia/`, { video_id: videoId });
    const noProject = await byHand();
    expect(noProject.status).toBe(409);
    expect(noProject.body.message).toBe(marketingMessages.wistiaProjectMissing);

    await api.post(`/api/event/${other.id}/connect_wistia_project/`, { project_id: 'proj1' });
    const queued = await api.post<WistiaRecording>(`/api/event/${other.id}/push_recording_to_wistia/`, {
      video_id: videoId,
    });
    expect(queued.status).toBe(202);
    expect(queued.body).toMatchObject({
      video_id: videoId,
      name: 'Panel recording',
      push: { project_id: 'proj1' },
    });
    await settled(async () => expect((await pushOf(other.id, videoId))?.status).toBe('done'));
    const first = (await pushOf(other.id, videoId))!.media_hashed_id;

    // Pushed again by hand: a new media in Wistia.
    expect((await byHand()).status).toBe(202);
    await settled(async () => {
      const again = await pushOf(other.id, videoId);
      expect(again?.status).toBe('done');
      expect(again?.media_hashed_id).not.toBe(first);
    });

    // Another event's recording, or a video that is no recording: 404.
    expect(
      (await api.post(`/api/event/${event.id}/push_recording_to_wistia/`, { video_id: videoId })).status,
    ).toBe(404);
  });

  it("keeps Wistia's message: pending while Wistia is down (a push by hand then answers 409), failed when it refuses", async () => {
    const down = await anEvent();
    await api.post(`/api/event/${down.id}/connect_wistia_project/`, { project_id: 'proj1' });
    wistia.fail(10);
    const videoId = await recordingOf(down.id, 'Town hall', Buffer.from('town hall bytes'));
    await processed(videoId);
    await settled(async () => expect((await pushOf(down.id, videoId))?.error).toMatch(/HTTP 503/));
    wistia.fail(0);
    // The job is tried again later (its back-off): meanwhile it stays pending.
    expect((await pushOf(down.id, videoId))?.status).toBe('pending');
    const busy = await api.post<ApiError>(`/api/event/${down.id}/push_recording_to_wistia/`, {
      video_id: videoId,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(marketingMessages.wistiaPushInProgress);

    const refused = await anEvent();
    await api.post(`/api/event/${refused.id}/connect_wistia_project/`, { project_id: 'proj3' });
    // The project is deleted at Wistia after it was chosen.
    wistia.projects.splice(
      wistia.projects.findIndex((one) => one.hashedId === 'proj3'),
      1,
    );
    const refusedId = await recordingOf(refused.id, 'Workshop', Buffer.from('workshop bytes'));
    await processed(refusedId);
    await settled(async () => expect((await pushOf(refused.id, refusedId))?.status).toBe('failed'));
    expect((await pushOf(refused.id, refusedId))?.error).toContain('Project not found');
  });

  it("pushes each status change to the event's open studios, no other event's", async () => {
    const watched = await anEvent();
    await api.post(`/api/event/${watched.id}/connect_wistia_project/`, { project_id: 'proj1' });
    const person = { access: admin.access, userId: admin.user.id };
    const watching = await watchEvent(studio.publicUrl, person, watched.id);
    const elsewhere = await watchEvent(studio.publicUrl, person, event.id);
    const videoId = await recordingOf(watched.id, 'Watched recording', Buffer.from('watched bytes'));
    const pushes = () => watching.of(WISTIA_PUSH_UPDATED);
    expect(
      (await api.post(`/api/event/${watched.id}/push_recording_to_wistia/`, { video_id: videoId })).status,
    ).toBe(202);
    await settled(() => Promise.resolve(expect(pushes().at(-1)?.push).toMatchObject({ status: 'done' })));
    expect(pushes().map((data) => (data.push as { status: string }).status)).toEqual(['uploading', 'done']);
    expect(pushes()[1]).toEqual({
      eventId: watched.id,
      video_id: videoId,
      push: (await pushOf(watched.id, videoId))!,
    });
    expect(elsewhere.of(WISTIA_PUSH_UPDATED)).toEqual([]);
    for (const client of [watching, elsewhere]) client.socket.close();
  });

  const notOffered = (answer: { status: number; body: ApiError }) => {
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'WISTIA_NOT_OFFERED',
      message: 'Wistia is not offered for in-person events.',
    });
  };
  const wistiaProjectOf = async (eventId: string) =>
    (await api.get<StudioEvent>(`/api/event/${eventId}/`)).body.wistia_project_id;

  it('refuses Wistia for an in-person event: no projects listed or connected, nothing pushed by itself, 400 by hand', async () => {
    const inPerson = await anEvent({ host_type: 'In_Person' });
    // A project stored before the rule (the event's create and PATCH now refuse it).
    await studio.database.db
      .updateTable('events')
      .set({ wistia_project_id: 'proj1' })
      .where('id', '=', inPerson.id)
      .execute();
    notOffered(await api.get<ApiError>(`/api/event/${inPerson.id}/fetch_wistia_existing_projects_v2/`));
    notOffered(
      await api.post<ApiError>(`/api/event/${inPerson.id}/connect_wistia_project/`, { project_id: 'proj2' }),
    );
    const stored = await api.get<{ integration_type: string; external_id: string | null }[]>(
      `/api/event/${inPerson.id}/marketing_settings/`,
    );
    expect(stored.body.find((row) => row.integration_type === 'wistia')?.external_id).toBe('proj1');
    const videoId = await recordingOf(inPerson.id, 'Hall recording', Buffer.from('hall bytes'));
    await processed(videoId);
    expect(await pushJobsOf(videoId)).toBe(0);
    notOffered(
      await api.post<ApiError>(`/api/event/${inPerson.id}/push_recording_to_wistia/`, { video_id: videoId }),
    );
    expect(await pushOf(inPerson.id, videoId)).toBeNull();
    // A virtual event lists them.
    expect((await api.get(`/api/event/${event.id}/fetch_wistia_existing_projects_v2/`)).status).toBe(200);
  });

  it("refuses an event's create or PATCH that leaves a Wistia project on an in-person event, as the connectors do", async () => {
    const start = new Date(Date.now() + 86_400_000);
    notOffered(
      await api.post<ApiError>('/api/event/', {
        title: 'Hall day',
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 3_600_000).toISOString(),
        host_type: 'In_Person',
        wistia_project_id: 'proj1',
      }),
    );
    const inPerson = await anEvent({ host_type: 'In_Person' });
    notOffered(await api.patch<ApiError>(`/api/event/${inPerson.id}/`, { wistia_project_id: 'proj1' }));
    expect(await wistiaProjectOf(inPerson.id)).toBeNull();

    // A virtual event with a project: turning it In_Person is refused unless the same PATCH clears it.
    const virtual = await anEvent({ wistia_project_id: 'proj1' });
    const refused = await api.patch<ApiError>(`/api/event/${virtual.id}/`, {
      host_type: 'In_Person',
      title: 'Moved to the hall',
    });
    notOffered(refused);
    const unchanged = (await api.get<StudioEvent>(`/api/event/${virtual.id}/`)).body;
    expect(unchanged).toMatchObject({
      host_type: 'Virtual',
      wistia_project_id: 'proj1',
      title: virtual.title,
    });
    const moved = await api.patch<StudioEvent>(`/api/event/${virtual.id}/`, {
      host_type: 'In_Person',
      wistia_project_id: null,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ host_type: 'In_Person', wistia_project_id: null });
    // Other fields of an in-person event still save; a hybrid event keeps Wistia.
    expect((await api.patch(`/api/event/${virtual.id}/`, { title: 'Hall day' })).status).toBe(200);
    const hybrid = await api.patch<StudioEvent>(`/api/event/${virtual.id}/`, {
      host_type: 'Hybrid',
      wistia_project_id: 'proj1',
    });
    expect(hybrid.body).toMatchObject({ host_type: 'Hybrid', wistia_project_id: 'proj1' });
  });

  it("does not copy a template's Wistia project onto an in-person event made from it", async () => {
    const template = await api.post<{ id: string }>('/api/event/studio-templates/', {
      title: 'Webinar kit',
      settings: { wistia_project_id: 'proj1' },
    });
    expect(template.status).toBe(201);
    const fromTemplate = (fields: Record<string, unknown>) =>
      api.post<StudioEvent>('/api/event/', { title: 'From the kit', template: template.body.id, ...fields });
    const inPerson = await fromTemplate({ host_type: 'In_Person' });
    expect(inPerson.status).toBe(201);
    expect(inPerson.body).toMatchObject({ host_type: 'In_Person', wistia_project_id: null });
    expect((await fromTemplate({})).body).toMatchObject({ host_type: 'Virtual', wistia_project_id: 'proj1' });
  });

  it("reopens a push left 'uploading' by a dead worker after a few minutes, not a live one", async () => {
    const stuck = await anEvent();
    await api.post(`/api/event/${stuck.id}/connect_wistia_project/`, { project_id: 'proj1' });
    const videoId = await recordingOf(stuck.id, 'Stuck recording', Buffer.from('stuck bytes'));
    /** The push as a worker leaves it that last touched its row `minutes` ago. */
    const uploadingSince = (minutes: number) =>
      studio.database.db
        .insertInto('wistia_pushes')
        .values({
          video_id: videoId,
          organization_id: organizationId,
          event_id: stuck.id,
          project_id: 'proj1',
          status: 'uploading',
          updated_at: sql<Date>`now() - make_interval(mins => ${minutes})`,
        })
        .onConflict((conflict) =>
          conflict.column('video_id').doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    const byHand = () =>
      api.post<ApiError>(`/api/event/${stuck.id}/push_recording_to_wistia/`, { video_id: videoId });
    await uploadingSince(1);
    expect((await byHand()).status).toBe(409);
    await uploadingSince(6);
    expect((await byHand()).status).toBe(202);
    await settled(async () => expect((await pushOf(stuck.id, videoId))?.status).toBe('done'));
  });

  it("answers 404 for another organisation's event", async () => {
    const stranger = caller(studio, (await newOrganization(studio.app)).access);
    expect((await stranger.get(`/api/event/${event.id}/wistia_recordings/`)).status).toBe(404);
    const [recording] = await recordingsOf(event.id);
    expect(
      (
        await stranger.post(`/api/event/${event.id}/push_recording_to_wistia/`, {
          video_id: recording!.video_id,
        })
      ).status,
    ).toBe(404);
  });
});
