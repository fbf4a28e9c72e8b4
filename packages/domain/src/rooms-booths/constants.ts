/** Event roles (002 §3.10): a person's part in one event, apart from organisation membership. */
export const EVENT_ROLES = {
  ATTENDEE: 0,
  ORGANIZER: 2,
  SPEAKER: 4,
  SPONSOR: 6,
  CHECK_IN_STAFF: 8,
} as const;
export type EventRole = (typeof EVENT_ROLES)[keyof typeof EVENT_ROLES];

export const BOOTH_TYPES = ['primary', 'secondary'] as const;
export type BoothType = (typeof BOOTH_TYPES)[number];
export const HERO_ASSET_TYPES = ['hero_asset_image', 'hero_asset_video'] as const;
export type HeroAssetType = (typeof HERO_ASSET_TYPES)[number];
export const BOOTH_RESOURCE_KINDS = ['file', 'link'] as const;

export const ROOM_NAME_MAX_LENGTH = 100;
export const BOOTH_NAME_MAX_LENGTH = 100;
export const ROOMS_BOOTHS_DESCRIPTION_MAX_LENGTH = 2000;
export const ROOMS_PAGE_SIZE = 100;
/** A booth's discussion rooms (its `discussion_group_objects`): at most this many. */
export const BOOTH_DISCUSSION_ROOMS_MAX = 20;
/** 002 §9: a room's seat options, 1–50 (the places at its discussion group). */
export const SEAT_OPTIONS_MIN = 1;
export const SEAT_OPTIONS_MAX = 50;

/** The sponsor's own page (001 §2.1). */
export const sponsorBoothPath = (eventId: string, boothId: string) => `/sponsor/${eventId}/booth/${boothId}/`;
