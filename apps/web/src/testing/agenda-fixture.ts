import type { AgendaItem, Broadcast, Track } from '@studio/domain';
import { eventFixture } from './event-fixture.ts';
import { json, page, type ExtraRoutes } from './fake-studio-api.ts';

/** Event e-1, on Mar 1, 2031 from 09:00 to 18:00 UTC: far enough ahead for every test to be allowed. */
export const summit = eventFixture({
  id: 'e-1',
  title: 'Summit',
  start_time: '2031-03-01T09:00:00Z',
  end_time: '2031-03-01T18:00:00Z',
  timezone: 'UTC',
});

/** Track t-1 of event e-1, holding block i-1. */
export const mainStage: Track = {
  id: 't-1',
  event: 'e-1',
  title: 'Main stage',
  sort_priority: 0,
  agenda_items: 'i-1',
};

/** A session (broadcast) as the API answers it: live, on the main stage, 10:00–11:00; the fields given win. */
export const broadcast = (fields: Partial<Broadcast> & Pick<Broadcast, 'id' | 'title'>): Broadcast => ({
  event: 'e-1',
  description: '',
  start_time: '2031-03-01T10:00:00.000Z',
  end_time: '2031-03-01T11:00:00.000Z',
  broadcast_type: 'LIVE',
  is_live: false,
  simulive_test_run_end_time: null,
  test_simulive_processing_state: null,
  rtmp_input: null,
  video_assets: [],
  speakers: [],
  tracks: ['t-1'],
  created_at: '2031-01-01T00:00:00.000Z',
  updated_at: '2031-01-01T00:00:00.000Z',
  ...fields,
});

/** Block i-1 of the main stage, placing `session` at its times. */
export const sessionBlock = (session: Broadcast): AgendaItem => ({
  id: 'i-1',
  event: session.event,
  track: 't-1',
  kind: 'session',
  broadcast: session.id,
  title: session.title,
  start_time: session.start_time,
  end_time: session.end_time,
  overlaps: [],
});

/**
 * The agenda's reads of the summit with one session in block i-1: `session()` is read at each
 * call, so a test may change it. Other calls are left to the fake.
 */
export function agendaRoutes(session: () => Broadcast, tracks: Track[] = [mainStage]): ExtraRoutes {
  return (path) => {
    const [route] = path.split('?');
    if (route === '/api/event/e-1/') return json(200, summit);
    if (route === '/api/event/tracks/') return page(tracks);
    if (route === '/api/event/broadcasts/') return page([session()]);
    if (route === '/api/event/agenda-item/') return page([sessionBlock(session())]);
    return undefined;
  };
}
