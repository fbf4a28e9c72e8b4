import { afterAll, beforeAll } from 'vitest';
import type { AgendaItem, Broadcast, Track, TranscodeStatus } from '@studio/domain';
import type { TestStudio } from '../../../../test/harness.ts';
import { listeningStudio } from '../../../../test/listening.ts';
import { newAdmin } from '../../access/access.fixtures.ts';
import { at, caller, type Api } from '../../back-office/back-office.fixtures.ts';
import { libraryVideoRow } from '../../video-library/video-library.fixtures.ts';

/** A library video row in a given state (the pipeline is not what these tests are about). */
export const libraryVideo = (
  studio: TestStudio,
  organizationId: string,
  status: TranscodeStatus,
  duration = 600,
) => libraryVideoRow(studio, organizationId, status, `Talk ${status.toLowerCase()}`, duration);

type Body<T> = T & { code?: string; message?: string; errors?: Record<string, string[]> };

/** The agenda's calls as one person. */
export function agendaApi(api: Api) {
  return {
    createTrack: (payload: Record<string, unknown>) => api.post<Body<Track>>('/api/event/tracks/', payload),
    createSession: (payload: Record<string, unknown>) =>
      api.post<Body<Broadcast>>('/api/event/broadcasts/', payload),
    patchSession: (id: string, payload: Record<string, unknown>) =>
      api.patch<Body<Broadcast>>(`/api/event/broadcasts/${id}/`, payload),
    createItem: (payload: Record<string, unknown>) =>
      api.post<Body<AgendaItem>>('/api/event/agenda-item/', payload),
    patchItem: (id: string, payload: Record<string, unknown>) =>
      api.patch<Body<AgendaItem>>(`/api/event/agenda-item/${id}/`, payload),
  };
}

/** A processed library video a player can open (its HLS playlist stored). */
export async function playableVideo(studio: TestStudio, organizationId: string, minutes: number) {
  const id = await libraryVideo(studio, organizationId, 'COMPLETE', minutes * 60);
  await studio.database.db
    .updateTable('video_assets')
    .set({ hls_key: `videos/${id}/hls/master.m3u8` })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * A studio on a fake clock (role all: its jobs run, polled every 50 ms) listening on loopback, with
 * an admin, their agenda calls and processed library videos a player can open (HLS playlist stored).
 */
async function clockedAgendaStudio(organizationName: string, clock: () => Date) {
  const { studio, publicUrl } = await listeningStudio({ clock, role: 'all', jobs: { pollIntervalMs: 50 } });
  const admin = await newAdmin(studio, organizationName);
  const api = caller(studio, admin.access);
  return {
    studio,
    publicUrl,
    admin,
    api,
    agenda: agendaApi(api),
    playableVideo: (minutes: number) => playableVideo(studio, admin.organization.id, minutes),
    hlsOf: (id: string) => `${publicUrl}/api/media/videos/${id}/hls/master.m3u8`,
  };
}

/**
 * The test file's clocked agenda studio (clockedAgendaStudio), made before its tests and closed
 * after them, on a fake clock each test moves to the instant it asks about: `clockAt(minutes)`
 * past `day` (08:00 UTC), `iso(minutes)` that instant as ISO 8601.
 */
export function fileClockedAgendaStudio(organizationName: string) {
  const day = new Date(Date.UTC(2031, 4, 4, 8));
  let now = day;
  const clock = {
    day,
    clockAt: (minutes: number) => (now = at(day, minutes)),
    iso: (minutes: number) => at(day, minutes).toISOString(),
  };
  const world = clock as typeof clock & Awaited<ReturnType<typeof clockedAgendaStudio>>;
  beforeAll(async () => {
    Object.assign(world, await clockedAgendaStudio(organizationName, () => now));
  });
  afterAll(() => world.studio.close());
  return world;
}
