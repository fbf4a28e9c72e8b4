import { isAllowed, type Permission } from '@studio/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery, permissionsQuery } from '../api/identity.ts';

/**
 * What the signed-in member may do, for hiding what the server would refuse. The server checks
 * every write against the permission list of the member's role, so the client reads the same
 * list (POST permissions) and applies the spec's rule: '*:*' or every required permission.
 * Until the list has arrived nothing guarded is shown.
 */
export function useAccess(organizationId: string) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  const permissions = useQuery(permissionsQuery(user.id, organizationId));

  const permissionList = permissions.data ?? [];
  return {
    user,
    organization,
    permissionList,
    permissionsLoaded: permissions.isSuccess,
    permissionsFailed: permissions.isError,
    can: (...required: Permission[]) => permissions.isSuccess && isAllowed(permissionList, required),
  };
}
