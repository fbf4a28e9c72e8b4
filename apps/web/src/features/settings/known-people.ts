import { pageSchema, workspaceMemberSchema, workspaceSchema, type CurrentUser } from '@studio/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';

/** A person of the organisation the studio can see, with the teams they are in. */
export interface KnownPerson {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string | null;
  teams: { id: string; name: string }[];
}

/** How many teams, and members per team, are read to find the people of the organisation. */
const READ_LIMIT = 100;

const allTeamsQuery = (organizationId: string) => ({
  queryKey: [...queryKeys.workspaces.all, organizationId, 'all'],
  queryFn: () =>
    studioApi.request({
      method: 'GET',
      path: `/core/workspaces/?organization=${organizationId}&show=all&ordering=name&limit=${READ_LIMIT}`,
      schema: pageSchema(workspaceSchema),
    }),
});

const allMembersQuery = (workspaceId: string) => ({
  queryKey: [...queryKeys.workspaces.all, 'members', workspaceId, 'all'],
  queryFn: () =>
    studioApi.request({
      method: 'GET',
      path: `/core/workspaces/${workspaceId}/members/?limit=${READ_LIMIT}`,
      schema: pageSchema(workspaceMemberSchema),
    }),
});

/**
 * The people of the organisation the API lets the studio see: the signed-in member and the
 * members of the teams they can see. (The API has no list of an organisation's members yet.)
 */
export function useKnownPeople(me: CurrentUser, organizationId: string) {
  const teams = useQuery(allTeamsQuery(organizationId));
  const members = useQueries({
    queries: (teams.data?.results ?? []).map((team) => allMembersQuery(team.id)),
  });

  const people = new Map<string, KnownPerson>();
  people.set(me.id, {
    id: me.id,
    first_name: me.first_name,
    last_name: me.last_name,
    email: me.email,
    role: me.role,
    teams: me.workspaces.map(({ id, name }) => ({ id, name })),
  });
  (teams.data?.results ?? []).forEach((team, index) => {
    for (const member of members[index]?.data?.results ?? []) {
      const known = people.get(member.id) ?? { ...member, teams: [] };
      if (!known.teams.some((entry) => entry.id === team.id))
        known.teams.push({ id: team.id, name: team.name });
      people.set(member.id, known);
    }
  });
  const sorted = [...people.values()].sort((a, b) =>
    `${a.first_name} ${a.last_name}`.localeCompare(`${b.first_name} ${b.last_name}`),
  );
  return {
    people: sorted,
    loading: teams.isPending || members.some((query) => query.isPending),
    failed: teams.isError || members.some((query) => query.isError),
  };
}
