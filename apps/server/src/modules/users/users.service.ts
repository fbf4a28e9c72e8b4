import {
  ROLES,
  USER_STATUSES,
  type CurrentUser,
  type RoleName,
  type UserStatus,
  type updateProfileRequestSchema,
} from '@studio/domain';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/executor.ts';
import type { SessionClaims } from '../../platform/http/caller.ts';
import { notAuthenticated, notFound } from '../../platform/http/errors.ts';
import {
  createUsersRepository,
  type NewUser,
  type SessionReads,
  type UserRecord,
} from './users.repository.ts';

export type { SessionReads, UserRecord } from './users.repository.ts';

/** The profile changes as the route hands them over (validated, blanks turned into null). */
export type ProfileUpdate = z.output<typeof updateProfileRequestSchema>;

/** The people's accounts; `sessions`: the sign-in area's read model (/me checks the session). */
export function createUsersService(db: Executor, sessions: SessionReads) {
  const users = createUsersRepository(db, sessions);
  async function currentUser(userId: string): Promise<CurrentUser> {
    const user = await users.findWithTeams(userId);
    if (!user) throw notFound();
    return toCurrentUser(user, user.workspaces);
  }

  return {
    findById: (id: string, tx?: Executor) => users.findById(id, tx),
    emailsOf: (ids: readonly string[], tx?: Executor) => users.emailsOf(ids, tx),
    findCredentialsById: (id: string, tx?: Executor) => users.findCredentialsById(id, tx),
    findCredentialsByEmail: (email: string, tx?: Executor) => users.findCredentialsByEmail(email, tx),
    insertIfEmailFree: (user: NewUser, tx?: Executor) => users.insertIfEmailFree(user, tx),
    joinOrganization: (userId: string, organizationId: string, role: RoleName, tx?: Executor) =>
      users.joinOrganization(userId, organizationId, role, tx),
    setPassword: (userId: string, passwordHash: string, status: UserStatus, tx?: Executor) =>
      users.setPassword(userId, passwordHash, status, tx),
    markEmailVerified: (userId: string, tx?: Executor) => users.markEmailVerified(userId, tx),
    setOnlySsoByDomain: (organizationId: string, domains: string[], tx?: Executor) =>
      users.setOnlySsoByDomain(organizationId, domains, tx),

    /** Spec 001 §7 "GET user SSO metadata": the same answer shape for unknown emails. */
    async ssoMetadata(email: string): Promise<{ only_sso: boolean }> {
      const user = await users.findCredentialsByEmail(email);
      return { only_sso: user?.only_sso ?? false };
    },

    currentUser,

    /** GET /me of a signed-in person: 401 once the session is revoked or expired. */
    async currentUserInSession(claims: SessionClaims): Promise<CurrentUser> {
      const user = await users.findWithTeamsInSession(claims.userId, claims.sessionId);
      if (!user) throw notAuthenticated();
      return toCurrentUser(user, user.workspaces);
    },

    /** PATCH /api/core/user/me/: the signed-in person changes their own profile. */
    async updateProfile(userId: string, changes: ProfileUpdate): Promise<CurrentUser> {
      await users.updateProfile(userId, changes);
      return currentUser(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Spec 001 §3 "Current user", with the teams the person belongs to. */
export function toCurrentUser(user: UserRecord, workspaces: CurrentUser['workspaces'] = []): CurrentUser {
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
    is_content_lab_standalone: user.organization_id === null && user.content_space_id !== null,
    email_verified: user.email_verified,
    status: toUserStatus(user.status),
    title: user.title,
    profile_picture_url: user.profile_picture_url,
    linkedin_url: user.linkedin_url,
    twitter_url: user.twitter_url,
    workspaces,
    requester_role:
      user.organization_id && user.role && roleName
        ? [
            {
              resource_type: 'organization',
              resource_id: user.organization_id,
              role: user.role,
              role__name: roleName,
            },
          ]
        : [],
  };
}

export function toUserStatus(status: string): UserStatus {
  return (USER_STATUSES as readonly string[]).includes(status) ? (status as UserStatus) : 'CONFIRMED';
}
