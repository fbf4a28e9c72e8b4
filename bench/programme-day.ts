// The programme day the people and programme benches lay their sessions on.
import type { TestStudio } from '../apps/server/test/harness.ts';
import { postAs } from './bench-util.ts';

/** The day a full programme is laid on: 2031-03-10 from 08:00 UTC. */
const PROGRAMME_DAY = Date.UTC(2031, 2, 10, 8);

/** An event of twelve hours on the programme day, made through the API. */
export const programmeDayEvent = (studio: TestStudio, access: string, title: string) =>
  postAs(studio, access, '/api/event/', {
    title,
    start_time: new Date(PROGRAMME_DAY).toISOString(),
    end_time: new Date(PROGRAMME_DAY + 12 * 3600_000).toISOString(),
  });

/** The times of the programme day's session `i`: 15 minutes, on one of 30 slots 20 minutes apart. */
function programmeSessionTimes(i: number): { start_time: string; end_time: string } {
  const at = PROGRAMME_DAY + (i % 30) * 20 * 60_000;
  return { start_time: new Date(at).toISOString(), end_time: new Date(at + 15 * 60_000).toISOString() };
}

/**
 * `count` live sessions on the programme day, made one after the other through the API, with what
 * `more(i)` adds to session `i`; their ids.
 */
export async function programmeDaySessions(
  studio: TestStudio,
  access: string,
  event: string,
  count: number,
  more: (i: number) => object = () => ({}),
): Promise<string[]> {
  const sessions: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const session = await postAs(studio, access, '/api/event/broadcasts/', {
      event,
      title: `Session ${i}`,
      broadcast_type: 'LIVE',
      ...programmeSessionTimes(i),
      ...more(i),
    });
    sessions.push(session.id);
  }
  return sessions;
}
