import { render } from '@testing-library/react';
import type { EventAppEvent, StageSource } from '@studio/domain';
import type { EventAppApi } from '../attendee/event-app/event-app-api.ts';
import { EventAppShell } from '../attendee/event-app/event-app.tsx';
import { eventAppEvent, fakeEventAppApi, noTracks } from './event-app-fixture.ts';

/** The keynote (s-1 in the fake agenda) playing live. */
export const keynoteLive: StageSource = {
  kind: 'live',
  session: 's-1',
  video: null,
  hls_url: 'http://studio.test/live/master.m3u8',
  offset_seconds: 0,
  until: null,
};

/**
 * The event app of `event` as person u-1 sees it, `stage` playing (the keynote live unless told),
 * over the fake event-app API with `more` of its calls answered as the test says.
 */
export function openEventApp(
  stage: StageSource = keynoteLive,
  event: EventAppEvent = eventAppEvent(),
  more: Partial<EventAppApi> = {},
) {
  const fake = fakeEventAppApi(event, { stage: () => Promise.resolve(noTracks(stage)), ...more });
  render(<EventAppShell api={fake.api} event={event} personId="u-1" />);
  return fake;
}
