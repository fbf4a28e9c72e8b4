import { z } from 'zod';
import { eventUserStatusSchema } from './api.ts';

/**
 * A registrant's activity page (001 §1 `/registrants-activity`, 002 §7.11): a short URL an
 * organiser shares (a CRM record, a sales rep) that shows one person's registrations across the
 * organisation's events, without signing in. The short URL is the capability: long enough not to
 * be guessed.
 */
export const REGISTRANT_ACTIVITY_PAGE = '/registrants-activity';
/** Characters of a short URL (base64url): 128 bits. */
export const REGISTRANT_ACTIVITY_SHORT_URL_LENGTH = 22;

export const registrantActivityPageHref = (shortUrl: string) =>
  `${REGISTRANT_ACTIVITY_PAGE}?short_url=${encodeURIComponent(shortUrl)}`;

const shortUrlSchema = z.string().trim().min(1).max(64);

/** POST /api/core/registrant_activity_url/: the registrant's short URL (the same one each time). */
export const createRegistrantActivityUrlSchema = z.object({ user: z.uuid() });
/** DELETE /api/core/registrant_activity_url/?user: the link stops working; the next one made is new. */
export const revokeRegistrantActivityUrlQuerySchema = createRegistrantActivityUrlSchema;
export const registrantActivityUrlSchema = z.object({ short_url: z.string(), url: z.string() });
export type RegistrantActivityUrl = z.infer<typeof registrantActivityUrlSchema>;

/** GET /api/core/registrant_activity_url/is_enabled/?short_url */
export const registrantActivityEnabledQuerySchema = z.object({ short_url: shortUrlSchema });
export const registrantActivityEnabledSchema = z.object({
  is_enabled: z.boolean(),
  organization_id: z.string().nullable(),
});

/** GET /api/core/registrant_activity_url/registrant_profile/?short_url&organization_id */
export const registrantProfileQuerySchema = z.object({
  short_url: shortUrlSchema,
  organization_id: z.uuid(),
});
export const registrantActivityEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  event_user_status: eventUserStatusSchema,
  registered_at: z.string(),
  checked_in_at: z.string().nullable(),
});
export const registrantProfileSchema = z.object({
  full_name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  /** The organisation's events the person registered for, the latest first. */
  events: z.array(registrantActivityEventSchema),
});
export type RegistrantProfile = z.infer<typeof registrantProfileSchema>;

export const registrantActivityMessages = {
  title: 'Registrant Activity',
  description: "This registrant's registrations across your organization's events.",
  notEnabled: 'This activity link is not valid or has been turned off.',
  /** 002 §8.9: the registrant profile did not load. */
  loadFailed: 'Error in fetching user profile information! Please try again.',
  noEvents: 'No registrations yet.',
  copyLink: 'Copy activity link',
  linkCopied: 'Activity link copied',
  revokeLink: 'Revoke activity link',
  linkRevoked: 'Activity link revoked: the old link no longer opens',
} as const;
