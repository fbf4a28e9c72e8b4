import { z } from 'zod';
import { PASSWORD_INPUT_MAX, PASSWORD_RULE_TEXT, isValidPassword } from './password.ts';

export const ROLES = {
  ORG_ADMIN: 'Organization Admin',
  WORKSPACE_ADMIN: 'Team Admin',
} as const;
export type RoleName = keyof typeof ROLES;

const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254);
const personName = z.string().trim().min(1, 'This field is required.').max(150);
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

export const signupRequestSchema = z.object({
  email,
  password: newPasswordSchema,
  first_name: personName,
  last_name: personName,
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({ email, password: z.string().min(1).max(256) });
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
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const loginResponseSchema = tokenPairSchema.extend({ user: currentUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const createOrganizationRequestSchema = z.object({
  name: z.string().trim().min(1, 'This field is required.').max(255),
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
