import type { Generated } from 'kysely';

/** A workspace (shown as "team") of an organisation. */
export interface WorkspaceTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface WorkspaceMemberTable {
  workspace_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface WorkspacesTables {
  workspaces: WorkspaceTable;
  workspace_members: WorkspaceMemberTable;
}
