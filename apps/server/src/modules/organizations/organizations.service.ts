import {
  FLAGS_STORED_ON_ORGANIZATION,
  isPlanFeatureEnabled,
  resolveFeatureFlags,
  resolvePricingConfig,
  serverMessages,
  type OrganizationDetail,
  type OrganizationPlan,
  type OrganizationFeatureFlagsPatch,
  type PricingFeatureKey,
  type UpdateOrganizationRequest,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { requirePermission } from '../../platform/http/access-rules.ts';
import type { UsersService } from '../users/users.service.ts';
import type {
  OrganizationColumnChanges,
  OrganizationRecord,
  OrganizationsRepository,
} from './organizations.repository.ts';

type VanityDomains = OrganizationDetail['registration_app_vanity_domain_settings'];
type EmailSender = Pick<OrganizationDetail, 'email_sender' | 'email_domain_verified'>;
const NO_EMAIL_SENDER: EmailSender = { email_sender: null, email_domain_verified: false };

/**
 * The Eloqua form, Marketo base program and Marketo custom activity types the integrations area
 * found or created at the vendor, to store (on the organisation, or on a team's connection).
 */
export interface MarketingIdChanges {
  eloqua_form_id?: string;
  base_marketo_program_id?: string;
  marketo_user_profile_activity_id?: string;
  marketo_user_engagement_activity_id?: string;
}

export function createOrganizationsService(deps: {
  db: Executor;
  organizations: OrganizationsRepository;
  users: UsersService;
  /** `registration_app_vanity_domain_settings`, from the domains module. */
  registrationDomainsOf: (organizationId: string, tx?: Executor) => Promise<VanityDomains>;
  /** `email_sender` and `email_domain_verified`, from the sender domains module. */
  emailSenderOf: (organizationId: string, tx?: Executor) => Promise<EmailSender>;
}) {
  const { db, organizations, users } = deps;

  async function detail(id: string, tx?: Executor): Promise<OrganizationDetail> {
    const [record, domains, emailSender] = await Promise.all([
      organizations.findById(id, tx),
      deps.registrationDomainsOf(id, tx),
      deps.emailSenderOf(id, tx),
    ]);
    if (!record) throw notFound();
    return toOrganizationDetail(record, domains, emailSender);
  }

  async function planOf(id: string): Promise<OrganizationPlan> {
    const plan = await organizations.findPlan(id);
    if (!plan) throw notFound();
    return { tier: plan.pricing_tier, config: plan.pricing_config };
  }

  return {
    /**
     * Creates an organisation and makes its creator the organisation admin, atomically. A standalone
     * Content Lab user's personal space becomes the organisation: their projects and clips stay theirs.
     */
    async create(caller: Caller, name: string): Promise<OrganizationDetail> {
      return db.transaction().execute(async (tx) => {
        const space = (await users.findById(caller.userId, tx))?.content_space_id;
        const id = space ?? (await organizations.insert(name, tx));
        if (space) await organizations.update(space, { columns: { name }, featureFlags: {} }, tx);
        const joined = await users.joinOrganization(caller.userId, id, 'ORG_ADMIN', tx);
        if (!joined)
          throw new HttpError(409, 'ALREADY_IN_ORGANIZATION', serverMessages.alreadyInOrganization);
        return detail(id, tx);
      });
    },

    /** A standalone Content Lab user's personal space: an organisation row with no members. */
    openContentSpace: (name: string, tx: Executor) => organizations.insert(name, tx),

    /** Only the caller's own organisation exists for the caller; any other id is a 404. */
    async get(caller: Caller, id: string): Promise<OrganizationDetail> {
      if (caller.organizationId !== id) throw notFound();
      return detail(id);
    },

    /** Organisation admins change settings and flags; the plan (tier, pricing_config) is read-only. */
    async update(
      caller: Caller,
      id: string,
      request: UpdateOrganizationRequest,
    ): Promise<OrganizationDetail> {
      if (caller.organizationId !== id) throw notFound();
      requirePermission(caller, 'organization:update');
      const { columns, featureFlags } = toChanges(request);
      if (!(await organizations.update(id, { columns, featureFlags }))) throw notFound();
      return detail(id);
    },

    /** The organisation's plan, for modules that gate a feature on it. */
    /**
     * What an area's scope needs of the caller's organisation (its settings, resolved like the
     * organisation's answer, and the caller's teams in it), in one statement.
     */
    async scopeFactsOf(caller: { organizationId: string; userId: string }, tx?: Executor) {
      const record = await organizations.findScopeFacts(caller.organizationId, caller.userId, tx);
      if (!record) throw notFound();
      return {
        isWorkspaceEnabled: record.is_workspace_enabled,
        featureFlags: {
          ...resolveFeatureFlags(record.feature_flags),
          useHLSGuard: record.hls_guard_enabled,
        },
        pricing: resolvePricingConfig({ tier: record.pricing_tier, config: record.pricing_config }),
        teamIds: record.team_ids,
      };
    },

    /** An organisation's flags and plan, resolved, for areas with no member caller (public registration). */
    async featuresOf(id: string, tx?: Executor) {
      const record = await organizations.findById(id, tx);
      if (!record) throw notFound();
      const plan = { tier: record.pricing_tier, config: record.pricing_config };
      return {
        isWorkspaceEnabled: record.is_workspace_enabled,
        featureFlags: resolveFeatureFlags(record.feature_flags),
        plan,
        pricing: resolvePricingConfig(plan),
      };
    },

    /** Whether the organisation has Content Lab switched on (`content_lab_enabled`); false for an unknown one. */
    async contentLabEnabled(id: string): Promise<boolean> {
      return (await organizations.findById(id))?.content_lab_enabled === true;
    },

    /** An organisation's name, as its emails sign (no caller: a send or a job). */
    async nameOf(id: string): Promise<string> {
      const record = await organizations.findById(id);
      if (!record) throw notFound();
      return record.name;
    },

    /** The marketing connectors' organisation-wide ids (no caller: the integrations area checked it). */
    async marketingIdsOf(id: string, tx?: Executor) {
      const record = await organizations.findById(id, tx);
      if (!record) throw notFound();
      return {
        eloquaFormId: record.eloqua_form_id,
        baseMarketoProgramId: record.base_marketo_program_id,
        marketoActivityTypeIds: {
          user_profile: record.marketo_user_profile_activity_id,
          user_engagement: record.marketo_user_engagement_activity_id,
        },
      };
    },

    /** Stores on the organisation the vendor ids the integrations area found or created. */
    async setMarketingIds(id: string, ids: MarketingIdChanges): Promise<void> {
      const { columns } = toChanges({
        tray_id: undefined,
        eloqua_form_id: ids.eloqua_form_id,
        base_marketo_program_id: ids.base_marketo_program_id,
      });
      const activityIds = {
        marketo_user_profile_activity_id: ids.marketo_user_profile_activity_id,
        marketo_user_engagement_activity_id: ids.marketo_user_engagement_activity_id,
      };
      const changes = { columns: { ...columns, ...activityIds }, featureFlags: {} };
      if (!(await organizations.update(id, changes))) throw notFound();
    },

    planOf,

    /** Whether the organisation's plan has a feature (002 §6 pricing), for areas with no member caller. */
    planAllows: async (id: string, feature: PricingFeatureKey) =>
      isPlanFeatureEnabled(await planOf(id), feature),

    /** Sets the plan: for the provider's operators and tests, never reachable over the API. */
    setPlan: (id: string, plan: { tier: string | null; config: Record<string, unknown> }) =>
      organizations.setPlan(id, plan),
  };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;

export function toChanges(
  request: UpdateOrganizationRequest,
  /** The operator's flags (operator-flags.ts); a customer's PATCH never carries them. */
  operatorFlags: OrganizationFeatureFlagsPatch = {},
): {
  columns: OrganizationColumnChanges;
  featureFlags: Record<string, unknown>;
} {
  const featureFlags: Record<string, unknown> = { ...operatorFlags };
  // A flag the organisation also carries as a field is stored once, in its column.
  const hlsGuardFlag = featureFlags.useHLSGuard;
  for (const key of FLAGS_STORED_ON_ORGANIZATION) delete featureFlags[key];
  const hlsGuard = request.useHLSGuard ?? (typeof hlsGuardFlag === 'boolean' ? hlsGuardFlag : undefined);

  const marketo = request.marketo_custom_activity_ids;
  const columns: OrganizationColumnChanges = {
    name: request.name,
    is_workspace_enabled: request.is_workspace_enabled,
    enable_inhouse_simulive: request.enable_inhouse_simulive,
    content_lab_enabled: request.content_lab_enabled,
    is_event_roles_enabled: request.is_event_roles_enabled,
    hls_guard_enabled: hlsGuard,
    tray_id: request.tray_id,
    eloqua_form_id: request.eloqua_form_id,
    base_marketo_program_id: request.base_marketo_program_id,
    marketo_event_activity_id: marketo?.event,
    marketo_user_profile_activity_id: marketo?.user_profile,
    marketo_user_engagement_activity_id: marketo?.user_engagement,
  };
  // Kysely leaves out undefined values: only what the request names changes.
  return { columns, featureFlags };
}

export function toOrganizationDetail(
  record: OrganizationRecord,
  domains: VanityDomains,
  emailSender: EmailSender = NO_EMAIL_SENDER,
): OrganizationDetail {
  return {
    id: record.id,
    name: record.name,
    is_workspace_enabled: record.is_workspace_enabled,
    enable_inhouse_simulive: record.enable_inhouse_simulive,
    content_lab_enabled: record.content_lab_enabled,
    registration_app_vanity_domain_settings: domains,
    ...emailSender,
    tray_id: record.tray_id,
    eloqua_form_id: record.eloqua_form_id,
    base_marketo_program_id: record.base_marketo_program_id,
    marketo_custom_activity_ids: {
      event: record.marketo_event_activity_id,
      user_profile: record.marketo_user_profile_activity_id,
      user_engagement: record.marketo_user_engagement_activity_id,
    },
    is_event_roles_enabled: record.is_event_roles_enabled,
    useHLSGuard: record.hls_guard_enabled,
    is_free_trial: record.is_free_trial,
    created_at: record.created_at.toISOString(),
    feature_flags: { ...resolveFeatureFlags(record.feature_flags), useHLSGuard: record.hls_guard_enabled },
    tier: record.pricing_tier,
    pricing_config: resolvePricingConfig({ tier: record.pricing_tier, config: record.pricing_config }),
  };
}
