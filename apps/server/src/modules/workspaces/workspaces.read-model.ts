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
