import type { ColumnType, Generated } from 'kysely';

/** Roles: the built-in ones (no organisation) and, later, an organisation's custom roles. */
export interface RoleTable {
  id: Generated<string>;
  organization_id: string | null;
  name: string;
  display_name: string;
  realm: string;
  /** event_app roles: 'Speaker Roles' or 'Staff Roles' (migration 0018). */
  role_group: string | null;
  /** A custom role's permissions; built-in roles take theirs from the domain's catalogue. */
  permission_list: ColumnType<string[] | null, string | null, string | null>;
  created_at: Generated<Date>;
}

/** Instance-wide flags read before sign-in (spec 001 §9 "Unauthenticated flags"). */
export interface InstanceFeatureFlagTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: Generated<Date>;
}

export interface AccessTables {
  roles: RoleTable;
  instance_feature_flags: InstanceFeatureFlagTable;
}
