import type { AgendaItem, Broadcast, Track, TranscodeStatus } from '@studio/domain';
import type { TestStudio } from '../../../../test/harness.ts';
import type { Api } from '../../back-office/back-office.fixtures.ts';
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
