/**
 * The event app (issue 17 §3; spec 002 §2.1, §3.1, §7.2): its navigator tabs, who may enter when,
 * and the tech check. Plain constants and functions (no zod), so the attendee bundle stays light.
 */

import type { BrandingState, EventBranding } from '../branding/fields.ts';
import { eventRegisterPath } from '../registration/attendee-pages.ts';
import type { EventAppEvent } from './api.ts';
import type { EventUserStatus } from '../registration/constants.ts';

/** The event app's JSON calls, on the attendee origin under the event's path (its cookie's scope). */
export const eventAppApiPath = (eventId: string, name: string) => `/e/${eventId}/api/${name}`;

/** 002 §2.1: the attendee-facing navigator tabs, in order, with their default titles. */
export const EVENT_APP_TABS = {
  stage: 'Stage',
  agenda: 'Agenda',
  rooms: 'Rooms',
  booths: 'Booths',
  secondary_booths: 'Secondary Booths',
  speakers: 'Speakers',
  people: 'People',
} as const;
export type EventAppTab = keyof typeof EVENT_APP_TABS;

/** The event's branding fields (002 §3.1; Enter Event Experience and Stage Navigation) the event app reads. */
export type EventAppSettings = Pick<
  EventBranding,
  | 'disable_enter_event_button'
  | 'enable_tech_check'
  | 'show_onboarding'
  | 'show_discussion_rooms'
  | 'discussion_room_tab_title'
  | 'show_event_booths'
  | 'booth_tab_title'
  | 'booth_tab_title_2'
  | 'show_attendees'
  | 'people_tab_title'
  | 'speaker_tab_visible'
  | 'speaker_tab_title'
>;

const titled = (title: string, tab: EventAppTab) => title.trim() || EVENT_APP_TABS[tab];

/**
 * The navigator's tabs as the event's branding shows and titles them (002 §2.1, §5.7): rooms and
 * booths never for webinars; Secondary Booths beside Booths when the event has booths of that kind.
 */
export function navigatorTabs(
  settings: EventAppSettings,
  event: { webinar: boolean; hasSecondaryBooths: boolean },
): { tab: EventAppTab; title: string }[] {
  const tabs: { tab: EventAppTab; title: string }[] = [
    { tab: 'stage', title: EVENT_APP_TABS.stage },
    { tab: 'agenda', title: EVENT_APP_TABS.agenda },
  ];
  if (!event.webinar && settings.show_discussion_rooms)
    tabs.push({ tab: 'rooms', title: titled(settings.discussion_room_tab_title, 'rooms') });
  if (!event.webinar && settings.show_event_booths) {
    tabs.push({ tab: 'booths', title: titled(settings.booth_tab_title, 'booths') });
    if (event.hasSecondaryBooths)
      tabs.push({ tab: 'secondary_booths', title: titled(settings.booth_tab_title_2, 'secondary_booths') });
  }
  if (settings.speaker_tab_visible)
    tabs.push({ tab: 'speakers', title: titled(settings.speaker_tab_title, 'speakers') });
  if (settings.show_attendees)
    tabs.push({ tab: 'people', title: titled(settings.people_tab_title, 'people') });
  return tabs;
}

export type EventAppBranding = Pick<
  EventAppEvent,
  'tabs' | 'enable_tech_check' | 'show_onboarding' | 'disable_enter_event_button' | 'stage_cta' | 'demo_cta'
>;

/**
 * What the event app takes from the event's branding: its navigator, entry steps and the stage's
 * calls to action (002 §5.3: the custom CTA to registration or its URL; the demo request). The server answers it with the event; the studio's live preview recomputes it
 * from the pending branding.
 */
export function eventAppBranding(
  { event: settings, theme }: BrandingState,
  event: { id: string; webinar: boolean; hasSecondaryBooths: boolean },
): EventAppBranding {
  return {
    tabs: navigatorTabs(settings, event),
    enable_tech_check: settings.enable_tech_check,
    show_onboarding: settings.show_onboarding,
    disable_enter_event_button: settings.disable_enter_event_button,
    stage_cta: theme.custom_cta_enabled
      ? {
          text: theme.custom_cta_button_text,
          url:
            theme.custom_cta_link_to === 'custom' && theme.custom_cta_button_url
              ? theme.custom_cta_button_url
              : eventRegisterPath(event.id),
        }
      : null,
    demo_cta: settings.demo_link_enabled
      ? {
          text: settings.demo_request_button_text,
          title: settings.demo_request_title,
          message: settings.demo_request_message,
          url:
            settings.custom_demo_cta_link_to === 'linkToNewTab' ? settings.custom_demo_cta_button_url : null,
        }
      : null,
  };
}

/** The People tab's page size. */
export const EVENT_APP_PEOPLE_PAGE = 24;

/** 002 §9: an event counts as live from one hour before its start. */
export const EVENT_OPENS_BEFORE_START_MS = 60 * 60 * 1000;

/**
 * Whether a person may enter the event app now: from one hour before the start, or at any time
 * when early entry is on (`disable_enter_event_button` false). The landing's Enter Event button
 * follows the same rule.
 */
export const mayEnterEvent = (
  event: { start_time: Date },
  settings: Pick<EventAppSettings, 'disable_enter_event_button'>,
  now: Date,
): boolean =>
  !settings.disable_enter_event_button ||
  now.getTime() >= event.start_time.getTime() - EVENT_OPENS_BEFORE_START_MS;

/**
 * Registrants with these statuses may not enter the event (nor may blocked ones): their magic
 * link does not open it. The waitlisted hold no seat (yet): their link opens it once promoted.
 */
export const ENTRY_REFUSED_STATUSES = [
  'CANCELED',
  'REJECTED',
  'WAITLISTED',
] as const satisfies readonly EventUserStatus[];

/** The tech check's four checks, in the order the attendee passes them. */
export const TECH_CHECKS = ['camera', 'microphone', 'speakers', 'network'] as const;
export type TechCheckName = (typeof TECH_CHECKS)[number];
/** A check's outcome: the device works, it was refused or missing, or the person skipped it. */
export const TECH_CHECK_OUTCOMES = ['passed', 'failed', 'skipped'] as const;
export type TechCheckOutcome = (typeof TECH_CHECK_OUTCOMES)[number];

/** The profile fields a mandatory attendee profile requires. */
export const MANDATORY_PROFILE_FIELDS = ['first_name', 'last_name', 'title', 'company'] as const;

/** Whether the profile has every mandatory field (trimmed). */
export const profileComplete = (
  profile: Partial<Record<(typeof MANDATORY_PROFILE_FIELDS)[number], string | null>>,
) => MANDATORY_PROFILE_FIELDS.every((field) => Boolean(profile[field]?.trim()));

/** The event app's own strings (the spec gives the tab names and the buffer message; these are ours). */
export const eventAppMessages = {
  notOpenTitle: 'The event has not opened yet',
  notOpen: 'You can enter the event from one hour before it starts.',
  blockedTitle: 'You cannot enter this event',
  enterEvent: 'Enter Event',
  techCheckTitle: 'Tech check',
  techCheckIntro: 'Check your camera, microphone, speakers and network before you enter.',
  techCheckStart: 'Start tech check',
  techCheckContinue: 'Enter event',
  techCheckRetry: 'Check again',
  /** Goes in unchecked (nothing is recorded: a speaker's readiness still waits); this browser does not ask again for the event. */
  techCheckSkip: 'Skip for now',
  profileTitle: 'Your profile',
  profileSave: 'Save and continue',
  profileRequired: 'This field is required',
  nothingOnStage: 'Nothing is playing on the stage right now.',
  /** Over the stage: the buffer video loops until a session starts; a session plays live. */
  stageStartingSoon: 'Starting soon',
  stageLive: 'LIVE',
  /** The stage starts muted (browsers refuse sound before a tap): the way to hear it. */
  unmute: 'Unmute',
  /** The stage's track switcher (an event whose tracks play side by side). */
  stageTracks: 'Tracks',
  stageEnded: 'The event has ended.',
  /** The holding slide while a live input has no feed (never a black box). */
  rightBack: "We'll be right back",
  /** The slate a live channel plays while no encoder sends and the event has no filler slide or buffer video. */
  streamStartingShortly: 'The stream will start shortly.',
  onNow: 'Now',
  upNext: 'Next',
  addToCalendar: 'Add to Calendar',
  noSessions: 'No sessions yet.',
  noSpeakers: 'No speakers yet.',
  noBooths: 'No booths yet.',
  noRooms: 'No rooms yet.',
  /** A booth's own rooms, listed on it. */
  boothRooms: 'Discussion rooms',
  noPeople: 'No one here yet.',
  tabHidden: 'This tab is not shown in this event.',
  morePeople: 'Show more',
  resources: 'Resources',
  loadFailed: 'Could not load this. Please reload the page.',
  demoRequestOff: 'This event takes no demo requests.',
  demoRequestFailed: 'Your demo request could not be sent. Please try again.',
} as const;

/** Each outcome of each check in words. */
export const techCheckOutcomeText: Record<TechCheckName, Record<TechCheckOutcome, string>> = {
  camera: {
    passed: 'Camera works',
    // Watching needs neither camera nor microphone: say so, or a watch-only attendee thinks they are stuck.
    failed: 'No camera, or access was refused: you can still watch, chat and ask questions',
    skipped: 'Camera not checked',
  },
  microphone: {
    passed: 'Microphone works',
    failed: 'No microphone, or access was refused: you can still watch, chat and ask questions',
    skipped: 'Microphone not checked',
  },
  speakers: { passed: 'Speakers work', failed: 'No sound output found', skipped: 'Speakers not checked' },
  network: { passed: 'Network works', failed: 'The network is unreachable', skipped: 'Network not checked' },
};

/** The studio's event app settings (002 §2.2 "Enter Event Experience" and "Stage Navigation"). */
export const eventAppSettingsMessages = {
  enterEventTitle: 'Enter Event Experience',
  enterEventButton: 'Enter Event Button',
  enterEventButtonHelp: 'Attendees may enter the event at any time, not only from one hour before it starts.',
  techCheck: 'Attendee Tech Check',
  mandatoryProfiles: 'Mandatory Attendee Profiles',
  navigationTitle: 'Stage Navigation',
  tabTitle: (tab: string) => `${tab} tab title`,
  showTab: (tab: string) => `Show ${tab}`,
  save: 'Save',
} as const;

/** The session on now (started, not ended; the latest started) and the next to start after `now`. */
export function nowAndNext<T extends { start_time: string; end_time: string }>(
  sessions: readonly T[],
  now: Date,
): { now: T | null; next: T | null } {
  const at = now.getTime();
  const byStart = [...sessions].sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));
  const on = byStart.filter(
    (session) => Date.parse(session.start_time) <= at && at < Date.parse(session.end_time),
  );
  return {
    now: on.at(-1) ?? null,
    next: byStart.find((session) => Date.parse(session.start_time) > at) ?? null,
  };
}
