import type { StudioEvent } from '@studio/domain';
import { eventFixture } from './event-fixture.ts';
import { json, type ExtraRoutes } from './fake-studio-api.ts';
import { seriesFixture } from './series-fixture.ts';

/** A weekly repeating event of Acme's, its programme held by `programme_event` (null: none to come). */
export const weeklyRepeatingEvent = (programme_event: string | null) =>
  seriesFixture({ name: 'Weekly demo', is_repeating: true, events: ['e-next'], programme_event });

/** The weekly repeating event's next occurrence, e-next (`fields` over it). */
export const nextOccurrence = (fields: Partial<StudioEvent> = {}) =>
  eventFixture({
    id: 'e-next',
    title: 'Weekly demo',
    start_time: '2031-03-01T09:00:00Z',
    end_time: '2031-03-01T10:00:00Z',
    timezone: 'UTC',
    ...fields,
  });

/**
 * The calls of the weekly repeating event s-1 (its programme held by `programmeEvent`) and of its
 * next occurrence `next`; `more` answers the page's other calls.
 */
export const repeatingEventRoutes =
  (programmeEvent: string | null, next: StudioEvent, more: ExtraRoutes): ExtraRoutes =>
  (path, init) => {
    const [route] = path.split('?');
    if (route === '/api/event/series/s-1/') return json(200, weeklyRepeatingEvent(programmeEvent));
    if (route === '/api/event/e-next/') return json(200, next);
    return more(path, init);
  };
