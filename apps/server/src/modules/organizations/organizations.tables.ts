import type { Generated } from 'kysely';

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
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface VanityDomainTable {
  id: Generated<string>;
  organization_id: string;
  domain: string;
  is_default: Generated<boolean>;
  is_verified: Generated<boolean>;
}

export interface OrganizationsTables {
  organizations: OrganizationTable;
  organization_vanity_domains: VanityDomainTable;
}
