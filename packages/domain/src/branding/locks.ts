import { brandingMessages } from './messages.ts';

/** Spec 002 §5.4, §9: the lock window before an event's start. */
export const LOCK_WINDOW_MINUTES = 60;
const LOCK_WINDOW_MS = LOCK_WINDOW_MINUTES * 60_000;

/**
 * 002 §5.4: the Enter Event Button (early entry, `disable_enter_event_button`), the filler slide and
 * the custom call-to-action toggle cannot change within the window.
 */
export const LOCKED_EVENT_FIELDS = ['disable_enter_event_button', 'filler_slide'] as const;
export const LOCKED_THEME_FIELDS = ['custom_cta_enabled'] as const;
/** The module disabled as a whole while locked. */
export const LOCKED_MODULES = ['fillerSlide'] as const;
/** The answer's code when a PATCH changes a locked setting. */
export const BRANDING_LOCKED_CODE = 'BRANDING_LOCKED';

/**
 * Locked: an event (never a template) starting less than 60 minutes from now, or already started.
 * A template has no start (null).
 */
export const brandingLocked = (startTime: Date | string | null, now: Date): boolean =>
  startTime !== null && new Date(startTime).getTime() - now.getTime() < LOCK_WINDOW_MS;

type Values = Readonly<Record<string, unknown>>;

/**
 * The locked settings a PATCH would change (an unchanged value passes: the editor sends what it
 * holds), each with the spec's message; keys as the API names them.
 */
export function lockErrors(
  stored: { event: Values; theme: Values },
  request: Values & { theme_obj?: Values | undefined },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const changed = (given: unknown, current: unknown) => given !== undefined && given !== (current ?? null);
  for (const field of LOCKED_EVENT_FIELDS) {
    if (changed(request[field], stored.event[field])) errors[field] = brandingMessages.locked;
  }
  for (const field of LOCKED_THEME_FIELDS) {
    if (changed(request.theme_obj?.[field], stored.theme[field]))
      errors[`theme_obj.${field}`] = brandingMessages.locked;
  }
  return errors;
}
