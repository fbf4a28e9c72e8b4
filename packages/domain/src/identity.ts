import { z } from 'zod';
import {
  booleanQuery,
  optionalText,
  organizationListQuery,
  searchQuery,
  required,
  requiredText,
} from './events/query.ts';
import { ORGANIZATION_ROLE_NAMES } from './access/roles.ts';
import { isFileContentPath } from './files/file-urls.ts';
import { PASSWORD_INPUT_MAX, PASSWORD_RULE_TEXT, isValidPassword } from './password.ts';

export const ROLES = {
  ORG_ADMIN: 'Organization Admin',
  WORKSPACE_ADMIN: 'Team Admin',
} as const;
export type RoleName = keyof typeof ROLES;

const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
const personName = requiredText(150);
/** An email address as the API accepts it: trimmed, lower-cased, checked with the standard pattern. */
export const emailSchema = email;
/** A new password: the input limit, then the spec's rule (the message names the rule). */
export const newPasswordSchema = z
  .string()
  .max(PASSWORD_INPUT_MAX, PASSWORD_RULE_TEXT)
  .refine(isValidPassword, PASSWORD_RULE_TEXT);

/**
 * Spec 001 §4: CONFIRMED, or FORCE_CHANGE_PASSWORD after a temporary password (the client then
 * sends the person to External / the forced new-password dialog).
 */
export const USER_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** A member of an organisation: INVITED until their first sign-in, then ACTIVE. */
export const MEMBER_STATUSES = ['INVITED', 'ACTIVE'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const memberStatus = (hasSignedIn: boolean): MemberStatus => (hasSignedIn ? 'ACTIVE' : 'INVITED');

export const signupRequestSchema = z.object({
  email,
  password: newPasswordSchema,
  first_name: personName,
  last_name: personName,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email,
  password: z.string().min(1, 'Enter your password.').max(256),
});
export const refreshRequestSchema = z.object({ refresh: z.string().min(1) });

export const workspaceRefSchema = z.object({ id: z.string(), name: z.string() });

export const requesterRoleSchema = z.object({
  resource_type: z.string(),
  resource_id: z.string(),
  role: z.string(),
  role__name: z.string(),
});

/** Spec 001 §3 "Current user". */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  organization: z.string().nullable(),
  role: z.string().nullable(),
  is_admin: z.boolean(),
  is_content_lab_standalone: z.boolean(),
  email_verified: z.boolean(),
  status: z.enum(USER_STATUSES),
  workspaces: z.array(workspaceRefSchema),
  requester_role: z.array(requesterRoleSchema),
  // The profile the person edits in Preferences (the server always answers them).
  title: z.string().nullable().optional(),
  profile_picture_url: z.string().nullable().optional(),
  linkedin_url: z.string().nullable().optional(),
  twitter_url: z.string().nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const loginResponseSchema = tokenPairSchema.extend({ user: currentUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const createOrganizationRequestSchema = z.object({
  name: requiredText(255),
});

export const vanityDomainSchema = z.object({
  domain: z.string(),
  is_default: z.boolean(),
  is_verified: z.boolean(),
});

/** Spec 001 §3 "Organisation" (feature flags of §9 arrive with the identity area). */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_workspace_enabled: z.boolean(),
  enable_inhouse_simulive: z.boolean(),
  content_lab_enabled: z.boolean(),
  registration_app_vanity_domain_settings: z.array(vanityDomainSchema),
  /** The organisation's custom email sender (spec 002 §3.7), null when it has none. */
  email_sender: z.string().nullable(),
  email_domain_verified: z.boolean(),
  tray_id: z.string().nullable(),
  eloqua_form_id: z.string().nullable(),
  base_marketo_program_id: z.string().nullable(),
  marketo_custom_activity_ids: z.object({
    event: z.string().nullable(),
    user_profile: z.string().nullable(),
    user_engagement: z.string().nullable(),
  }),
  is_event_roles_enabled: z.boolean(),
  useHLSGuard: z.boolean(),
  is_free_trial: z.boolean(),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

// ----- Web addresses ------------------------------------------------------------------------

/** The longest web address a profile field keeps. */
export const WEB_URL_MAX = 2048;

const WEB_URL =
  /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?(\/[^\s?#]*)?(\?[^\s#]*)?(#\S*)?$/i;

/**
 * Spec 000 §5 / 002 §5 URL rule: http or https, a host name or an IP address, an optional port
 * 1–65535, then an optional path, query and fragment. No spaces, no credentials.
 */
export function isValidWebUrl(text: string): boolean {
  if (text.length > WEB_URL_MAX) return false;
  const match = WEB_URL.exec(text);
  if (!match) return false;
  const [, host = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  // Digits and dots only: an IPv4 address, each part 0–255.
  if (/^[\d.]+$/.test(host)) {
    const parts = host.split('.');
    if (parts.length !== 4 || parts.some((part) => part === '' || Number(part) > 255)) return false;
  }
  if (host.startsWith('[')) {
    try {
      new URL(`http://${host}/`);
    } catch {
      return false;
    }
  }
  return true;
}

// ----- Organisation users (spec 001 §7 "Authentication and users", 000 §7) ------------------

/** User-visible strings of the users area (ours: the spec shows none). */
export const userMessages = {
  invalidUrl: 'Enter a valid URL starting with http:// or https://.',
  userAlreadyExists: 'A user with this email already exists.',
  unknownRole: 'Choose one of the roles of the organization.',
  workspaceNotInOrganization: 'Choose teams of your organization.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotRemoveYourself: 'You cannot remove yourself from the organization.',
  extraDataTooLarge: 'Extra data is too large.',
  userInvited: 'User invited.',
  userUpdated: 'User updated.',
  userRemoved: 'User removed.',
  profileSaved: 'Profile saved.',
} as const;

/** Spec 001 §9 "event members 20": the page size of the organisation's users list. */
export const USERS_PAGE_SIZE = 20;
export const USER_TITLE_MAX = 150;
export const USER_COMPANY_MAX = 150;
/** extra_data is kept as given, up to this many characters of JSON. */
export const USER_EXTRA_DATA_MAX = 16_384;

/** An optional web address: blank clears it (null), anything else must follow the URL rule. */
const optionalWebUrl = z
  .string()
  .trim()
  .max(WEB_URL_MAX, userMessages.invalidUrl)
  .refine((value) => value === '' || isValidWebUrl(value), userMessages.invalidUrl)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A picture: a web address or an uploaded file's content path; blank clears it (null). */
const optionalPictureUrl = z
  .string()
  .trim()
  .max(WEB_URL_MAX, userMessages.invalidUrl)
  .refine(
    (value) => value === '' || isValidWebUrl(value) || isFileContentPath(value),
    userMessages.invalidUrl,
  )
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .optional();

/** A role an organisation member can hold (the roles catalogue, event staff roles excepted). */
const organizationRole = z
  .string()
  .refine((name) => (ORGANIZATION_ROLE_NAMES as readonly string[]).includes(name), userMessages.unknownRole)
  .nullable()
  .optional();

const workspaceIds = z
  .array(z.uuid(userMessages.workspaceNotInOrganization))
  .max(100)
  .transform((ids) => [...new Set(ids)])
  .optional();

const extraData = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= USER_EXTRA_DATA_MAX, userMessages.extraDataTooLarge)
  .optional();

/** The profile fields a person edits about themselves (PATCH /api/core/user/me/). */
export const updateProfileRequestSchema = z.object({
  first_name: personName.optional(),
  last_name: personName.optional(),
  company: optionalText(USER_COMPANY_MAX),
  title: optionalText(USER_TITLE_MAX),
  profile_picture_url: optionalPictureUrl,
  linkedin_url: optionalWebUrl,
  twitter_url: optionalWebUrl,
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/**
 * POST /api/core/user/ (spec 001 §7 "POST create user"). `is_magic` true: a magic-link
 * invitation; otherwise a temporary password. `event_id` is kept with the user.
 */
export const createUserRequestSchema = z.object({
  email,
  first_name: personName,
  last_name: personName,
  profile_picture_url: optionalPictureUrl,
  linkedin_url: optionalWebUrl,
  twitter_url: optionalWebUrl,
  title: optionalText(USER_TITLE_MAX),
  company: optionalText(USER_COMPANY_MAX),
  event_id: z.string().trim().max(64).nullable().optional(),
  is_magic: z.boolean().optional(),
  organization: z.string().min(1, required),
  role: organizationRole,
  workspaces: workspaceIds,
  extra_data: extraData,
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;

/** Settings → Users → Invite user: the fields the studio asks for, an email and a role required. */
export const inviteUserFormSchema = createUserRequestSchema
  .pick({ first_name: true, last_name: true, title: true, company: true })
  .extend({
    email: z.string().trim().min(1, required).pipe(email),
    role: z.string({ error: required }).min(1, required),
  });

/** PATCH /api/core/user/{id}/ by an organisation admin. */
export const updateUserRequestSchema = z.object({
  first_name: personName.optional(),
  last_name: personName.optional(),
  title: optionalText(USER_TITLE_MAX),
  company: optionalText(USER_COMPANY_MAX),
  role: organizationRole,
  workspaces: workspaceIds,
});
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

export const USER_ORDERINGS = ['first_name', '-first_name', 'email', 'created_at', '-created_at'] as const;
export type UserOrdering = (typeof USER_ORDERINGS)[number];

/**
 * GET /api/core/users/: `workspaces` is `all` or one team's id; `exclude_studioevents_users`
 * leaves out people without studio access (no organisation role and no team).
 */
export const userListQuerySchema = z.object({
  ...organizationListQuery,
  workspaces: z.union([z.literal('all'), z.uuid()]).default('all'),
  exclude_studioevents_users: booleanQuery.default(false),
  search: searchQuery,
  /** 002 §7.6 "Find a user by email": exactly this address. */
  user__email: z.string().trim().max(254).optional(),
  role: z.string().trim().max(64).optional(),
  ordering: z.enum(USER_ORDERINGS).default('first_name'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const userLookupQuerySchema = z.object({
  username: requiredText(254),
});

/** One person of the organisation as the users list shows them. */
export const organizationUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string().nullable(),
  role_display: z.string().nullable(),
  company: z.string().nullable(),
  title: z.string().nullable(),
  profile_picture_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  workspaces: z.array(workspaceRefSchema),
  status: z.enum(USER_STATUSES),
  /** INVITED until the person first signs in, ACTIVE from then on (the users table's Status). */
  member_status: z.enum(MEMBER_STATUSES),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type OrganizationUser = z.infer<typeof organizationUserSchema>;

/** One person with what only the single-user answers carry. */
export const organizationUserDetailSchema = organizationUserSchema.extend({
  organization: z.string(),
  /** Only for those who manage users. */
  extra_data: z.record(z.string(), z.unknown()).optional(),
});
export type OrganizationUserDetail = z.infer<typeof organizationUserDetailSchema>;
