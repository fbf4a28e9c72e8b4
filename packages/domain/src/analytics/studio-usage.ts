import { z } from 'zod';

/**
 * The studio's own usage analytics (002 §7.11 track events): what organisers click and how they
 * sign in and out, kept in the operator's database (first-party, nothing leaves the machine).
 */
export const STUDIO_CLICK_EVENTS = ['button_click', 'link_click'] as const;
export const LOGIN_ACTIONS = ['login', 'logout'] as const;
/** How the person signed in: the studio's sign-in forms (signup signs in with the new password). */
export const LOGIN_METHODS = ['password', 'magic_link', 'sso', 'signup'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];
export const DEVICE_TYPES = ['desktop', 'tablet', 'mobile'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The analytics session id's local-storage key: started at sign-in, ended at sign-out. */
export const STUDIO_USAGE_SESSION_KEY = 'studio.analytics-session';
/** Tracked events wait at most this long in the page before they are sent (and always on leaving). */
export const STUDIO_USAGE_FLUSH_SECONDS = 10;
/** Days the studio keeps its usage analytics unless the operator says otherwise. */
export const DEFAULT_STUDIO_USAGE_RETENTION_DAYS = 90;
/** One request carries at most this many events. */
export const MAX_STUDIO_USAGE_EVENTS = 50;
/** A button's or link's name is cut to this many characters. */
export const MAX_BUTTON_NAME_LENGTH = 120;

const clickEvent = z.object({
  event: z.enum(STUDIO_CLICK_EVENTS),
  button_name: z.string().trim().min(1).max(MAX_BUTTON_NAME_LENGTH),
});
const loginLogoutEvent = z.object({
  event: z.literal('studioLoginLogout'),
  device_type: z.enum(DEVICE_TYPES),
  action: z.enum(LOGIN_ACTIONS),
  is_success: z.boolean(),
  login_method: z.enum(LOGIN_METHODS).nullable(),
});
export const studioUsageEventSchema = z.discriminatedUnion('event', [clickEvent, loginLogoutEvent]);
export type StudioUsageEvent = z.infer<typeof studioUsageEventSchema>;

/** `POST /api/core/track/`: the page's events of one analytics session. */
export const studioUsageBatchSchema = z.object({
  session_id: z.string().uuid(),
  events: z.array(studioUsageEventSchema).min(1).max(MAX_STUDIO_USAGE_EVENTS),
});
export type StudioUsageBatch = z.infer<typeof studioUsageBatchSchema>;

/** An API token is a program, not a person in the studio's pages: it has no usage to report. */
export const studioUsageMessages = {
  notFromApiTokens: "Usage is reported by the studio's pages; an API token has none to report.",
} as const;

/** Anyone may report a sign-in that failed (there is no one signed in yet); the rest need a person. */
export const isAnonymousUsageEvent = (event: StudioUsageEvent) =>
  event.event === 'studioLoginLogout' && event.action === 'login' && !event.is_success;

/** The device a screen is: a phone below 768 px wide, a tablet below 1200 px with a touch screen. */
export function deviceTypeOf(screen: { width: number; touch: boolean }): DeviceType {
  if (screen.width < 768) return 'mobile';
  return screen.touch && screen.width < 1200 ? 'tablet' : 'desktop';
}

/** A clicked control's name as tracked: its accessible name or text, white space folded, cut. */
export const buttonNameOf = (text: string) =>
  text.replace(/\s+/g, ' ').trim().slice(0, MAX_BUTTON_NAME_LENGTH);
