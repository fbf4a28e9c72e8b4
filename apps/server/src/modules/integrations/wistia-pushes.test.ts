import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { marketingMessages, type StudioEvent, type WistiaRecording } from '@studio/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStudio, eventually, newOrganization, type TestStudio } from '../../../test/harness.ts';
import { startWistiaServer, WISTIA_TOKEN } from '../../../test/vendors/wistia-server.ts';
import { createJobQueue, type JobQueue } from '../../platform/jobs/job-queue.ts';
import { createObjectStore } from '../../platform/storage/storage.ts';
import { caller, newEvent, type Api } from '../back-office/back-office.fixtures.ts';
import { ladderVideoAssetJob } from '../video-library/video-library.jobs.ts';

type ApiError = { message: string; code: string };

const PATIENCE = 60_000;

/**
 * Issue 36: an event's recordings pushed to its Wistia project — automatically once each when the
 * video library has processed one (its ladder job done), or by hand — streamed from storage.
 */
describe('Recordings pushed to Wistia (issue 36) against a local Wistia', () => {
  let studio: TestStudio;
  let wistia: Awaited<ReturnType<typeof startWistiaServer>>;
  let api: Api;
  let organizationId: string;
  let event: StudioEvent;
  /** Sends the video library's ladder job as the pipeline does; the studio's worker runs it. */
  let sender: JobQueue;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wistia-pushes-test-'));

  beforeAll(async () => {
    wistia = await startWistiaServer();
    studio = await createTestStudio({
      role: 'all',
      jobs: { pollIntervalMs: 50 },
      dataDir,
      outboundAllowedHosts: ['127.0.0.1'],
      crm: { wistiaBaseUrl: wistia.url, wistiaUploadUrl: wistia.url },
      crmRetryDelayMs: 1,
    });
    sender = createJobQueue({ database: studio.database, log: { info() {}, warn() {}, error() {} } });
    sender.register(ladderVideoAssetJob, () => Promise.reject(new Error("the studio's worker runs it")));
    const admin = await newOrganization(studio.app);
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
  afterAll(async () => {
    await sender.stop({ timeoutMs: 1000 });
    await studio.close();
    await wistia.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const anEvent = () => {
    const start = new Date(Date.now() + 86_400_000);
    return newEvent(api, {
      title: `Summit ${randomBytes(3).toString('hex')}`,
      start,
      end: new Date(start.getTime() + 3_600_000),
    });
  };

  /** A processed recording of `eventId` whose mp4 holds `bytes`. */
  async function recordingOf(eventId: string, name: string, bytes: Buffer): Promise<string> {
    const key = `recordings/${eventId}/${randomBytes(4).toString('hex')}.mp4`;
    const storage = createObjectStore({ dataDir });
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
    const jobId = await sender.send(ladderVideoAssetJob, { assetId: videoId });
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
