import type { Generated, JSONColumnType } from 'kysely';

export interface OrganizationTable {
  id: Generated<string>;
  name: string;
  is_workspace_enabled: Generated<boolean>;
  enable_inhouse_simulive: Generated<boolean>;
  content_lab_enabled: Generated<boolean>;
  tray_id: string | null;
  eloqua_form_id: string | null;
  base_marketo_program_id: string | null;
  marketo_event_activity_id: string | null;
  marketo_user_profile_activity_id: string | null;
  marketo_user_engagement_activity_id: string | null;
  is_event_roles_enabled: Generated<boolean>;
  hls_guard_enabled: Generated<boolean>;
  is_free_trial: Generated<boolean>;
  /** Overrides of the domain's flag catalogue, by key (0003). */
  feature_flags: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  /** The plan's tier; null = no tier, which has every plan feature (0003). */
  pricing_tier: string | null;
  /** The plan's stored feature values, by key (0003). */
  pricing_config: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface OrganizationsTables {
  organizations: OrganizationTable;
}
