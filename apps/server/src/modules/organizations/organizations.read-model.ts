import { sql, type RawBuilder } from 'kysely';

/** The settings of an organisation that other areas act on. */
export interface OrganizationSettingsRow {
  id: string;
  hls_guard_enabled: boolean;
  feature_flags: Record<string, unknown>;
  is_workspace_enabled: boolean;
}

/** What other modules' queries may read of an organisation, written by the module that owns it. */
export const organizationsReadModel = {
  settingsOf(organizationId: string): RawBuilder<OrganizationSettingsRow> {
    return sql<OrganizationSettingsRow>`select organizations.id, organizations.hls_guard_enabled,
      organizations.feature_flags, organizations.is_workspace_enabled
      from organizations where organizations.id = ${organizationId}`;
  },
};
