/**
 * What the built pages' HTML shares with the attendee bundle's islands (their addresses are in
 * `public-links/paths.ts`). No zod: the attendee bundle reads this file.
 */
/** The element an interactive block leaves for its island (register form, video player, countdown). */
export const PAGE_ISLAND_ATTRIBUTE = 'data-island';
export const PAGE_ISLANDS = ['register', 'video', 'countdown'] as const;
/** `data-block-type` / `data-block-id`: the code areas' Register CTA Click and Custom CTA Click hooks. */
export const CTA_BLOCK_TYPES = { register: 'register_cta', custom: 'custom_cta' } as const;

export const publicPageMessages = {
  /** A Video block, on-demand page or embed with nothing to play yet. */
  noRecording: 'The recording is not available yet.',
  /** The countdown while the event is live (its 'Starts in' heading hidden). */
  started: 'Live now',
  /** The countdown after the event's end. */
  ended: 'This event has ended.',
  /** A page's Register call to action after the event, when its on-demand page has something to play. */
  watchOnDemand: 'Watch on demand',
  countdown: (parts: { days: number; hours: number; minutes: number; seconds: number }) =>
    `${parts.days}d ${parts.hours}h ${parts.minutes}m ${parts.seconds}s`,
  /** The start in the visitor's own timezone, under the countdown. */
  startsAt: (when: string) => `Starts ${when}`,
} as const;

/** What is left until `start` at `now`, in whole days, hours, minutes and seconds (null once started). */
export function countdownParts(start: Date, now: Date) {
  const left = Math.floor((start.getTime() - now.getTime()) / 1000);
  if (left <= 0) return null;
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}
