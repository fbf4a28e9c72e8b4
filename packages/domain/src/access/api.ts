import { z } from 'zod';
import { searchQuery, required, requiredText } from '../events/query.ts';
import { pageQuerySchema } from '../api.ts';
import { organizationSchema } from '../identity.ts';
import { organizationFeatureFlagsSchema } from './flags.ts';
import { accessMessages } from './messages.ts';
import { pricingConfigSchema } from './pricing.ts';
import { CUSTOM_ROLE_GROUPS, EVENT_APP_PERMISSIONS, roleRealmSchema } from './roles.ts';

// ----- Organisation -------------------------------------------------------------------------

/** Spec 001 §3 "Organisation" with its feature flags (§9) and plan (002 §3.14). */
export const organizationDetailSchema = organizationSchema.extend({
  feature_flags: organizationFeatureFlagsSchema,
  tier: z.string().nullable(),
  pricing_config: pricingConfigSchema,
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;

/** An optional external id: blank means none. */
const externalId = z
  .string()
  .trim()
  .max(255)
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));

/**
 * PUT /api/core/organization/{id}/: every field optional. The client sends the whole organisation
 * back: read-only fields (id, created_at, is_free_trial, tier, pricing_config, feature_flags,
 * registration_app_vanity_domain_settings) are ignored.
 */
export const replaceOrganizationRequestSchema = z.object({
  name: requiredText(255).optional(),
  is_workspace_enabled: z.boolean().optional(),
  enable_inhouse_simulive: z.boolean().optional(),
  content_lab_enabled: z.boolean().optional(),
  is_event_roles_enabled: z.boolean().optional(),
  useHLSGuard: z.boolean().optional(),
  tray_id: externalId,
  eloqua_form_id: externalId,
  base_marketo_program_id: externalId,
  marketo_custom_activity_ids: z
    .object({ event: externalId, user_profile: externalId, user_engagement: externalId })
    .optional(),
});
export type UpdateOrganizationRequest = z.infer<typeof replaceOrganizationRequestSchema>;

/**
 * PATCH /api/core/organization/{id}/: only what changed. Feature flags are the operator's
 * (`npm run admin -- flags`): a PATCH naming them is refused (400 on `feature_flags`).
 */
export const updateOrganizationRequestSchema = replaceOrganizationRequestSchema.extend({
  feature_flags: z.never({ error: accessMessages.featureFlagsReadOnly }).optional(),
});

// ----- Workspaces (teams) -------------------------------------------------------------------

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  organization: z.string(),
  created_at: z.string(),
  members_count: z.number().int(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const WORKSPACE_NAME_MAX = 100;
export const workspaceNameRequestSchema = z.object({
  name: requiredText(WORKSPACE_NAME_MAX),
});

export const WORKSPACE_ORDERINGS = ['name', '-name', 'created_at', '-created_at'] as const;
export const workspaceListQuerySchema = pageQuerySchema.extend({
  organization: z.string().optional(),
  show: z.enum(['all', 'mine']).default('all'),
  search: searchQuery,
  ordering: z.enum(WORKSPACE_ORDERINGS).default('name'),
});
export type WorkspaceListQuery = z.infer<typeof workspaceListQuerySchema>;

export const workspaceMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string().nullable(),
  added_at: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const addWorkspaceMemberRequestSchema = z.object({ user_id: z.string().min(1, required) });

// ----- Roles and permissions ----------------------------------------------------------------

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_name: z.string(),
  realm: roleRealmSchema,
  /** event_app roles: 'Speaker Roles' or 'Staff Roles' (002 §6); null for the other realms. */
  role_group: z.string().nullable(),
  /** Built-in roles are the catalogue's; custom ones belong to the organisation. */
  is_custom: z.boolean(),
  permission_list: z.array(z.string()),
});
export type Role = z.infer<typeof roleSchema>;

/** Spec 001 §9: the roles list is read 50 at a time. */
export const ROLES_PAGE_SIZE = 50;
export const roleListQuerySchema = pageQuerySchema.extend({
  realm: roleRealmSchema.optional(),
  role_group: z.string().trim().max(100).optional(),
});
export type RoleListQuery = z.infer<typeof roleListQuerySchema>;

export const CUSTOM_ROLE_NAME_MAX = 100;

/** A custom role's name and permissions: at least one of the event app's. */
const customRoleFields = z.object({
  display_name: requiredText(CUSTOM_ROLE_NAME_MAX),
  permission_list: z
    .array(z.enum(EVENT_APP_PERMISSIONS))
    .min(1, accessMessages.customRolePermissionsRequired)
    .max(EVENT_APP_PERMISSIONS.length)
    .transform((list) => [...new Set(list)]),
});

/** POST /api/core/roles/: an organisation's custom event_app role (with the custom-roles flags on). */
export const createCustomRoleSchema = customRoleFields.extend({
  realm: z.literal('event_app'),
  role_group: z.enum(CUSTOM_ROLE_GROUPS),
});
export type CreateCustomRole = z.infer<typeof createCustomRoleSchema>;

/**
 * PATCH /api/core/roles/{id}/: a custom role's name and permissions, only what changed. Its realm and
 * role group stay (the people holding it were given it in that group).
 */
export const updateCustomRoleSchema = customRoleFields.partial();
export type UpdateCustomRole = z.infer<typeof updateCustomRoleSchema>;

export const permissionRequestSchema = z.object({
  realm: roleRealmSchema,
  requester_id: z.string().min(1, required),
  /** With `event`: the requester's event_app role in that event (002 §7.7, checklist J). */
  context: z.object({ organization: z.string().min(1, required), event: z.string().max(100).optional() }),
});
export type PermissionRequest = z.infer<typeof permissionRequestSchema>;

/** Spec 001 §3 "Permission config": the client reads the first element's permission_list. */
export const permissionConfigSchema = z.object({
  realm: roleRealmSchema,
  requester_id: z.string(),
  organization: z.string(),
  role: z.string().nullable(),
  permission_list: z.array(z.string()),
});
export type PermissionConfig = z.infer<typeof permissionConfigSchema>;
export const permissionAnswerSchema = z.array(permissionConfigSchema);

// ----- API tokens ---------------------------------------------------------------------------

/** Every API token starts so: the server routes such bearer tokens to the API-token check. */
export const API_TOKEN_PREFIX = 'st_';
export const API_TOKEN_NAME_MAX = 100;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const createApiTokenRequestSchema = z.object({
  name: requiredText(API_TOKEN_NAME_MAX),
});

/** The answer of a creation: the only time the secret `token` is ever shown. */
export const createdApiTokenSchema = apiTokenSchema
  .omit({ last_used_at: true })
  .extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
