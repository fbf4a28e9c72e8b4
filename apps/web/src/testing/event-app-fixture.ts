import type { EventAppEvent } from '@studio/domain';

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
  stage_cta: null,
  demo_cta: null,
  ...changes,
});
