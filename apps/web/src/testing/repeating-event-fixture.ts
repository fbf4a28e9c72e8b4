import { seriesFixture } from './series-fixture.ts';

/** A weekly repeating event of Acme's, its programme held by `programme_event` (null: none to come). */
export const weeklyRepeatingEvent = (programme_event: string | null) =>
  seriesFixture({ name: 'Weekly demo', is_repeating: true, events: ['e-next'], programme_event });
