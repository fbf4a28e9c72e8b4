import type { ColumnType, Generated } from 'kysely';
import type { FieldMappingEntry, PardotImportStatus, WistiaPushStatus } from '@studio/domain';

/** An organisation's, or one of its teams', connection to one CRM or marketing connector. */
export interface CrmConnectionTable {
  organization_id: string;
  /** The team (workspace) that owns it (team-level integrations, migration 0065); null: the organisation. */
  workspace_id: string | null;
  crm_type: string;
  /** The credentials as typed (JSON), sealed with the server's key (platform/secret-box.ts). */
  sealed_credentials: string;
  /** The CRM's access token of the last authentication, sealed too. */
  sealed_token: string | null;
  authenticated_at: Date | null;
  /** Salesforce org id or HubSpot portal id. */
  account_id: string | null;
  /** Salesforce's instance URL (where its REST API answers). */
  base_url: string | null;
  region: string | null;
  /** A team's Marketo connection: its base program (the organisation's is the organisation's own). */
  base_marketo_program_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the vendor refused the credentials (migration 0071): it needs re-authentication; null: fine. */
  refused_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A team's Eloqua connection: its event form (the organisation's is the organisation's own). */
  eloqua_form_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A team's Marketo connection: the studio's custom activity types it created (migration 0072). */
  marketo_user_profile_activity_id: ColumnType<string | null, string | null | undefined, string | null>;
  marketo_user_engagement_activity_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An event's settings for one CRM. */
export interface CrmEventSettingsTable {
  event_id: string;
  crm_type: string;
  is_enabled: Generated<boolean>;
  salesforce_campaign_id: string | null;
  salesforce_campaign_name: string | null;
  campaign_member_status: string | null;
  hubspot_portal_id: string | null;
}

/** A studio template's or a series' settings for one CRM (its integration template, migration 0058). */
export interface CrmContextSettingsTable {
  entity_type: 'STUDIO_TEMPLATE' | 'SERIES';
  entity_id: string;
  crm_type: string;
  is_enabled: Generated<boolean>;
  campaign_member_status: string | null;
  hubspot_portal_id: string | null;
}

/** The field mapping of an event, a template or a global form for one CRM object. */
export interface CrmFieldMappingTable {
  id: Generated<string>;
  organization_id: string;
  crm_type: string;
  crm_object_type: string;
  entity_type: string;
  entity_id: string;
  is_default: Generated<boolean>;
  entries: ColumnType<FieldMappingEntry[], string, string>;
  updated_at: Generated<Date>;
}

/** One registrant pushed (or to push) to one CRM for one event. */
export interface CrmSyncTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  crm_type: string;
  email: string;
  status: Generated<'pending' | 'synced' | 'failed'>;
  error: string | null;
  crm_record_id: string | null;
  updated_at: Generated<Date>;
  /** Marketo: the User Profile activity last sent to the person's lead (migration 0073). */
  marketo_profile_activity: ColumnType<string | null, string | null | undefined, string | null>;
  /** The registration's status the last push queued told the CRM (migration 0074). */
  pushed_status: ColumnType<string | null, string | null | undefined, string | null>;
  /** The status and target (program, list, form) the last push that went through reached (0074). */
  reached_status: ColumnType<string | null, string | null | undefined, string | null>;
  reached_target: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An event whose registrants who never attended were moved to its Marketo program's No Show. */
export interface MarketoNoShowTable {
  event_id: string;
  program_id: string;
  lead_count: number;
  done_at: Date;
}

/** A recording pushed (or to push) to the Wistia project of its event (migration 0062). */
export interface WistiaPushTable {
  video_id: string;
  organization_id: string;
  event_id: string;
  project_id: string;
  status: Generated<WistiaPushStatus>;
  media_hashed_id: string | null;
  error: string | null;
  updated_at: Generated<Date>;
}

/** The import of an event's SYNC_PARDOT list into its registrants (migration 0072). */
export interface PardotImportTable {
  event_id: string;
  organization_id: string;
  list_id: ColumnType<number, number, number>;
  status: Generated<PardotImportStatus>;
  imported_count: Generated<number>;
  error: string | null;
  last_run_at: Date | null;
  updated_at: Generated<Date>;
}

/** A prospect of an event's SYNC_PARDOT list registered once (never imported again). */
export interface PardotImportedProspectTable {
  event_id: string;
  list_id: ColumnType<number, number, number>;
  prospect_id: ColumnType<number, number, number>;
}

export interface IntegrationsTables {
  crm_connections: CrmConnectionTable;
  crm_event_settings: CrmEventSettingsTable;
  crm_context_settings: CrmContextSettingsTable;
  crm_field_mappings: CrmFieldMappingTable;
  crm_syncs: CrmSyncTable;
  marketo_no_shows: MarketoNoShowTable;
  wistia_pushes: WistiaPushTable;
  pardot_imports: PardotImportTable;
  pardot_imported_prospects: PardotImportedProspectTable;
}
