import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type {
  EngagementPush,
  EventAppEvent,
  EventAppMe,
  StagePush,
  StageSource,
  TechCheck,
  TrackStage,
} from '@studio/domain';
import type { EventAppApi, EventAppPushes } from '../attendee/event-app/event-app-api.ts';

/** The event app's Summit as the attendee API answers it, with what a test changes. */
export const eventAppEvent = (changes: Partial<EventAppEvent> = {}): EventAppEvent => ({
  id: 'e-1',
  title: 'Summit',
  start_time: '2031-05-01T13:00:00Z',
  end_time: '2031-05-01T21:00:00Z',
  timezone: 'UTC',
  tabs: [
    { tab: 'stage', title: 'Stage' },
    { tab: 'agenda', title: 'Agenda' },
    { tab: 'speakers', title: 'Speakers' },
  ],
  enable_tech_check: false,
  show_onboarding: false,
  disable_enter_event_button: true,
  webinar: false,
  scheduled: true,
  stage_cta: null,
  demo_cta: null,
  ...changes,
});

export const eventAppMe: EventAppMe = {
  user_id: 'u-1',
  email: 'grace@example.test',
  first_name: 'Grace',
  last_name: 'Hopper',
  title: '',
  company: '',
  tech_check: null,
};

/** The buffer video on the stage. */
export const bufferSource: StageSource = {
  kind: 'buffer',
  session: null,
  video: 'v-buffer',
  hls_url: 'http://studio.test/api/media/buffer/master.m3u8',
  offset_seconds: 0,
  until: '2031-05-01T14:00:00Z',
};

/** The stage's answer for an event with no tracks to choose from. */
export const noTracks = (source: StageSource): TrackStage => ({ ...source, track: null, tracks: [] });

/** The event app's API for `event`, with its push stream in the test's hands. */
export function fakeEventAppApi(event: EventAppEvent, overrides: Partial<EventAppApi> = {}) {
  const pushes: EventAppPushes[] = [];
  const me = eventAppMe;
  const api: EventAppApi = {
    event: () => Promise.resolve(event),
    me: () => Promise.resolve(me),
    saveProfile: vi.fn(),
    saveTechCheck: vi.fn((check: TechCheck) =>
      Promise.resolve({ ...me, tech_check: { ...check, completed_at: 'now' } }),
    ),
    agenda: () =>
      Promise.resolve([
        {
          id: 's-1',
          title: 'Keynote',
          description: '',
          start_time: '2031-05-01T14:00:00Z',
          end_time: '2031-05-01T15:00:00Z',
          tracks: [],
          speakers: [{ id: 'p-1', name: 'Ada Lovelace' }],
        },
      ]),
    speakers: () =>
      Promise.resolve([
        {
          id: 'p-1',
          first_name: 'Ada',
          last_name: 'Lovelace',
          title: 'Countess',
          company: '',
          bio: 'Wrote the first program.',
          profile_picture_url: null,
        },
      ]),
    booths: () => Promise.resolve([]),
    rooms: () => Promise.resolve([]),
    people: (offset: number) =>
      Promise.resolve({
        count: 3,
        results: ['Alan', 'Bea', 'Carla'].slice(offset, offset + 2).map((first_name) => ({
          id: first_name,
          first_name,
          last_name: 'Hopper',
          title: 'Engineer',
          company: 'Navy',
          profile_picture_url: null,
        })),
      }),
    stage: () => Promise.resolve(noTracks(bufferSource)),
    requestDemo: vi.fn(() => Promise.resolve(undefined)),
    pushes: (on) => {
      pushes.push(on);
      return () => undefined;
    },
    ...overrides,
  };
  return {
    api,
    push: (source: StagePush) => act(() => pushes.forEach((on) => on.stage(source))),
    /** One ENGAGEMENT_PUSHED batch on every stream that listens for it. */
    pushEngagement: (batch: EngagementPush[]) => act(() => pushes.forEach((on) => on.engagement?.(batch))),
    /** `event-updated`: the event's title or times changed. */
    pushEventUpdated: () => act(() => pushes.forEach((on) => on.event?.())),
  };
}
