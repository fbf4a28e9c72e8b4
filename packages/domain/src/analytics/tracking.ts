import { z } from 'zod';
import { eventAppApiPath } from '../event-app/rules.ts';

/**
 * Attendance tracking (issue 35 §1): what the attendee site sends, first-party only, as beacons
 * to its own origin. Each beacon carries a batch of actions; the server stamps the time and the
 * person (the event's cookie), so a client can say only what it did, not who or when.
 */
export const TRACKED_ACTIONS = [
  'session_joined',
  'session_left',
  /** A heartbeat while a player plays: the seconds watched since the last one. */
  'watched',
  'stage_visit',
  'booth_visit',
  'room_visit',
  'cta_click',
] as const;
export type TrackedAction = (typeof TRACKED_ACTIONS)[number];

/**
 * The one attendance rule (the event's summary, the organisation's Cross-Event and ROI reports,
 * the registrant's status): a registrant attends once marked Attended, by the check-in desk, an
 * organiser, or their first presence in the event's app (any of these actions, live or on demand:
 * the spec's statuses know only Attended and No Show); a person present in the app of an event
 * open without registration attends by that presence. Each person counts once per event.
 */
export const ATTENDANCE_ACTIONS = [
  'session_joined',
  'watched',
  'stage_visit',
  'booth_visit',
  'room_visit',
  'cta_click',
] as const satisfies readonly TrackedAction[];
export const isAttendance = (action: TrackedAction): boolean =>
  (ATTENDANCE_ACTIONS as readonly TrackedAction[]).includes(action);

/** What the engagement module reports as done (its service events), kept beside the beacons. */
export const PARTICIPATION_ACTIONS = ['chat_message', 'question', 'poll_vote'] as const;
export type ParticipationAction = (typeof PARTICIPATION_ACTIONS)[number];

/** Every kind the analytics events table holds (the registration page's views too). */
export const ANALYTICS_EVENT_KINDS = [...TRACKED_ACTIONS, ...PARTICIPATION_ACTIONS, 'page_view'] as const;
export type AnalyticsEventKind = (typeof ANALYTICS_EVENT_KINDS)[number];

/** A playing player sends a heartbeat this often (and once more when it stops). */
export const HEARTBEAT_SECONDS = 30;
/** The most seconds one heartbeat may claim (a late timer, a tab waking up): twice the period. */
export const MAX_WATCHED_SECONDS = HEARTBEAT_SECONDS * 2;
/** A beacon carries at most this many actions (sendBeacon's 64 KiB stays far away). */
export const MAX_BEACON_ACTIONS = 50;

export const WATCH_MODES = ['live', 'on_demand'] as const;
export const ANALYTICS_CTA_KINDS = ['custom', 'demo_request'] as const;

/** One action of a beacon; `target` names the session, booth or room it concerns. */
export const trackedAction = z.object({
  action: z.enum(TRACKED_ACTIONS),
  target: z.string().uuid().nullish(),
  seconds: z.number().int().min(0).max(MAX_WATCHED_SECONDS).optional(),
  mode: z.enum(WATCH_MODES).optional(),
  cta: z.enum(ANALYTICS_CTA_KINDS).optional(),
});
export type TrackedActionInput = z.infer<typeof trackedAction>;

export const analyticsBeacon = z.object({
  actions: z.array(trackedAction).min(1).max(MAX_BEACON_ACTIONS),
});
export type AnalyticsBeacon = z.infer<typeof analyticsBeacon>;

/** sendBeacon posts its JSON as text/plain (a simple request): the text is read as JSON first. */
const jsonText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
export const analyticsBeaconBody = z.preprocess(jsonText, analyticsBeacon);

const utmValue = z.string().trim().max(200).nullish();
/** A view of the registration page and where the visitor came from (its UTM parameters). */
export const registrationPageView = z.object({
  /** A random id the page keeps in the visitor's session storage: unique visitors without a cookie. */
  visitor: z.string().min(8).max(64),
  utm_source: utmValue,
  utm_medium: utmValue,
  utm_campaign: utmValue,
  referrer: z.string().max(500).nullish(),
});
export type RegistrationPageView = z.infer<typeof registrationPageView>;
export const registrationPageViewBody = z.preprocess(jsonText, registrationPageView);

/**
 * Watch time on the public on-demand page and its embed, whose visitors hold no event cookie: the
 * tab's random visitor id (as the registration page's views) and the seconds played since the last.
 */
export const onDemandWatch = z.object({
  visitor: z.string().min(8).max(64),
  seconds: z.number().int().min(1).max(MAX_WATCHED_SECONDS),
  /** The session whose recording or video plays (the page's player names it), when there is one. */
  session: z.string().uuid().nullish(),
});
export type OnDemandWatch = z.infer<typeof onDemandWatch>;
export const onDemandWatchBody = z.preprocess(jsonText, onDemandWatch);

/** The event app's call (admitted people, the attendee origin) taking beacons. */
export const ANALYTICS_BEACON_CALL = 'analytics';
export const analyticsBeaconPath = (eventId: string) => eventAppApiPath(eventId, ANALYTICS_BEACON_CALL);
/** The registration page's views, on the public pages' path of the attendee origin. */
export const registrationViewPath = (eventId: string) => `/e/${eventId}/register/view`;
/** The public on-demand page's (and its embed's) watch time, on the attendee origin. */
export const onDemandWatchPath = (eventId: string) => `/e/${eventId}/on-demand/watched`;

/** The UTM parameters of a page's address, as the registration page reports them. */
export function utmOf(
  search: string,
): Pick<RegistrationPageView, 'utm_source' | 'utm_medium' | 'utm_campaign'> {
  const params = new URLSearchParams(search);
  return {
    utm_source: params.get('utm_source'),
    utm_medium: params.get('utm_medium'),
    utm_campaign: params.get('utm_campaign'),
  };
}

/**
 * Crawlers, monitors, link previews and headless tools: their visits are not attendance. The
 * patterns are the common self-declared ones (no list keeps up with every bot; these are the
 * ones that say so). An empty User-Agent is a script, not a browser.
 */
const BOT_PATTERNS =
  /bot\b|bot\/|crawl|spider|slurp|scrape|headless|lighthouse|pingdom|uptime|monitor|preview|facebookexternalhit|embedly|whatsapp|curl\/|wget\/|python-requests|python-urllib|httpclient|okhttp|go-http-client|node-fetch|axios\/|java\//i;

export function isBotUserAgent(userAgent: string | undefined): boolean {
  if (!userAgent?.trim()) return true;
  return BOT_PATTERNS.test(userAgent);
}

/** The attendee site's privacy note, shown in the event app and under the registration form. */
export const ANALYTICS_PRIVACY_NOTE =
  'This event keeps first-party attendance records to show its organizers how it went: the sessions you join and for how long, the stage, booths and rooms you visit, your chat, questions and poll votes, the buttons you select, and visits to its registration page with the campaign that led to them. Nothing is sent to third-party trackers.';
