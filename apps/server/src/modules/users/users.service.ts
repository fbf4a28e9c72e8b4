import { ROLES, type CurrentUser, type RoleName } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { NewUser, UserRecord, UsersRepository } from './users.repository.ts';

export function createUsersService(users: UsersRepository) {
  return {
    findCredentialsByEmail: (email: string) => users.findCredentialsByEmail(email),
    insertIfEmailFree: (user: NewUser) => users.insertIfEmailFree(user),
    joinOrganization: (userId: string, organizationId: string, role: RoleName, tx?: Executor) =>
      users.joinOrganization(userId, organizationId, role, tx),

    async currentUser(userId: string): Promise<CurrentUser> {
      const user = await users.findById(userId);
      if (!user) throw notFound();
      return toCurrentUser(user);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Spec 001 §3 "Current user". Workspaces arrive with the identity area; none exist before it. */
export function toCurrentUser(user: UserRecord): CurrentUser {
  const roleName = user.role && user.role in ROLES ? ROLES[user.role as RoleName] : null;
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    company: user.company,
    organization: user.organization_id,
    role: user.role,
    is_admin: user.role === 'ORG_ADMIN',
    is_content_lab_standalone: user.organization_id === null,
    email_verified: user.email_verified,
    workspaces: [],
    requester_role:
      user.organization_id && user.role && roleName
        ? [{ resource_type: 'organization', resource_id: user.organization_id, role: user.role, role__name: roleName }]
        : [],
  };
}
