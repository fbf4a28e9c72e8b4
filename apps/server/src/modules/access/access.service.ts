import {
  permissionsOfRole,
  resolveUnauthenticatedFlags,
  type Page,
  type PermissionConfig,
  type PermissionRequest,
  type Role,
  type RoleRealm,
  type UnauthenticatedFlagKey,
  type UnauthenticatedFlags,
} from '@studio/domain';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccessRepository } from './access.repository.ts';
import { hasPermission, requireOrganization } from './access.rules.ts';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

export function createAccessService(deps: { access: AccessRepository; users: UsersService }) {
  const { access, users } = deps;
  return {
    /** Spec 001 §7 "Roles": the roles an organisation's members can hold, paged. */
    async listRoles(
      caller: Caller,
      filter: { realm?: RoleRealm | undefined },
      page: PageRequest,
    ): Promise<Omit<Page<Role>, 'next' | 'previous'>> {
      const { organizationId } = requireOrganization(caller);
      const { count, rows } = await access.listRoles(organizationId, filter, page);
      return { count, results: rows.map((row) => ({ ...row, realm: row.realm as RoleRealm })) };
    },

    /**
     * Spec 001 §6/§7 "Permissions": the permission list of the requester's organisation role.
     * One's own, or — for an organisation admin — any member's of the same organisation.
     */
    async permissions(caller: Caller, request: PermissionRequest): Promise<PermissionConfig[]> {
      const organizationId = request.context.organization;
      if (caller.organizationId !== organizationId) throw notFound();
      let role = caller.role;
      if (request.requester_id !== caller.userId) {
        if (!hasPermission(caller, 'user:manage')) throw forbidden();
        if (!isUuid(request.requester_id)) throw notFound();
        const requester = await users.currentUser(request.requester_id);
        if (requester.organization !== organizationId) throw notFound();
        role = requester.role;
      }
      return [
        {
          realm: request.realm,
          requester_id: request.requester_id,
          organization: organizationId,
          role,
          permission_list: [...permissionsOfRole(role)],
        },
      ];
    },

    /** Spec 001 §9 "Unauthenticated flags": the same for every visitor. */
    async publicFlags(): Promise<UnauthenticatedFlags> {
      return resolveUnauthenticatedFlags(await access.instanceFlags());
    },

    /** Sets an instance-wide flag: for operators and tests, never reachable over the API. */
    setPublicFlag: (key: UnauthenticatedFlagKey, value: boolean) => access.setInstanceFlag(key, value),
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
