import { sql, type RawBuilder } from 'kysely';

/**
 * What other modules' queries may ask of team membership, written by the module that owns the
 * tables (other modules never name them): conditions on a person given by column references.
 */
export const workspacesReadModel = {
  /** The person is a current member of a team of their organisation (optionally: of this team). */
  inATeam(person: { id: string; organizationId: string }, workspaceId?: string): RawBuilder<boolean> {
    const oneTeam = workspaceId === undefined ? sql`` : sql` and workspaces.id = ${workspaceId}`;
    return sql<boolean>`exists (
      select 1 from workspace_members
      inner join workspaces on workspaces.id = workspace_members.workspace_id
      where workspace_members.user_id = ${sql.ref(person.id)}
        and workspaces.organization_id = ${sql.ref(person.organizationId)}${oneTeam})`;
  },

  /** The team's name, for rows that belong to a team (`workspaceId`: the row's column). */
  nameOf(workspaceId: string): RawBuilder<string | null> {
    return sql<
      string | null
    >`(select workspaces.name from workspaces where workspaces.id = ${sql.ref(workspaceId)})`;
  },

  /** The team exists in the organisation. */
  isTeamOf(organizationId: string, workspaceId: string): RawBuilder<boolean> {
    return sql<boolean>`exists (
      select 1 from workspaces where workspaces.id = ${workspaceId} and workspaces.organization_id = ${organizationId})`;
  },

  /** The ids of the team's members. */
  memberIdsOf(workspaceId: string): RawBuilder<{ user_id: string }> {
    return sql<{ user_id: string }>`select workspace_members.user_id from workspace_members
      where workspace_members.workspace_id = ${workspaceId}`;
  },

  /**
   * The teams of their organisation a person belongs to, as a JSON array of {id, name} ordered by
   * name (`userId`, `organizationId`: the asking row's columns).
   */
  teamRefsOf(userId: string, organizationId: string): RawBuilder<{ id: string; name: string }[]> {
    return sql<
      { id: string; name: string }[]
    >`(select coalesce(json_agg(json_build_object('id', workspaces.id,
      'name', workspaces.name) order by lower(workspaces.name), workspaces.id), '[]') from workspace_members
      inner join workspaces on workspaces.id = workspace_members.workspace_id
      where workspace_members.user_id = ${sql.ref(userId)}
        and workspaces.organization_id = ${sql.ref(organizationId)})`;
  },

  /** The ids of the teams of the organisation the person belongs to. */
  teamsOf(organizationId: string, userId: string): RawBuilder<{ id: string }> {
    return sql<{ id: string }>`select workspaces.id from workspace_members
      inner join workspaces on workspaces.id = workspace_members.workspace_id
      where workspaces.organization_id = ${organizationId} and workspace_members.user_id = ${userId}`;
  },

  /** The person shares a team of their organisation with `userId`. */
  sharesATeamWith(person: { id: string; organizationId: string }, userId: string): RawBuilder<boolean> {
    return sql<boolean>`exists (
      select 1 from workspace_members as theirs
      inner join workspace_members as mine on mine.workspace_id = theirs.workspace_id
      inner join workspaces on workspaces.id = theirs.workspace_id
      where theirs.user_id = ${sql.ref(person.id)}
        and workspaces.organization_id = ${sql.ref(person.organizationId)}
        and mine.user_id = ${userId})`;
  },
};
