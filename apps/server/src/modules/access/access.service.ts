import {
  permissionsOfRole,
  resolveUnauthenticatedFlags,
  type PermissionConfig,
  type PermissionRequest,
  type CreateCustomRole,
  type UpdateCustomRole,
  type Role,
  type RoleListQuery,
  ROLE_GROUPS,
  customRoleGroupsOf,
  bySpeakerRolePriority,
  accessMessages,
  isBuiltInRoleLabel,
  roleNameKey,
  type RoleRealm,
  type UnauthenticatedFlagKey,
  type UnauthenticatedFlags,
} from '@studio/domain';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { forbidden, HttpError, notFound } from '../../platform/http/errors.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../platform/http/pagination.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccessRepository, RoleRecord } from './access.repository.ts';
import { hasPermission, requireOrganization, requirePermission } from '../../platform/http/access-rules.ts';
import { isUuid } from '../../platform/db/uuid.ts';

/** Who holds a role: people of the organisation's events (for the event or a session), events defaulting to it. */
export interface RoleHolders {
  people: number;
  events: number;
}

/** The organisation's custom-roles switches (001 §9 feature flags). */
export interface CustomRoleFlags {
  isCustomRolesEnabled: boolean;
  isCustomSpeakerRolesEnabled: boolean;
}

/**
 * 409 ROLE_NAME_TAKEN: the organisation lists a role of that name already (its own, by the unique
 * index of migration 0081, or a built-in role's label), whatever the case or surrounding spaces.
 */
const roleNameTaken = () =>
  new HttpError(409, 'ROLE_NAME_TAKEN', accessMessages.customRoleNameTaken, {
    display_name: [accessMessages.customRoleNameTaken],
  });

export function createAccessService(deps: {
  access: AccessRepository;
  users: UsersService;
  customRoleFlagsOf: (
    member: { organizationId: string; userId: string },
    tx?: Executor,
  ) => Promise<CustomRoleFlags>;
  db: Executor;
  /** How many hold a role, read in the deleting transaction (people area). */
  roleHoldersOf: (roleId: string, tx: Executor) => Promise<RoleHolders>;
  /** The id of the event_app role a person holds in an event of the organisation, if any (people area). */
  eventAppRoleOf: (organizationId: string, eventId: string, userId: string) => Promise<string | null>;
}) {
  const { access, users } = deps;

  /**
   * 002 §6: custom roles come from the permission store only when the organisation's switches are
   * on — speaker roles with custom speaker roles, the rest with custom roles; staff roles offered
   * by default are only Producer and Coordinator.
   */
  async function customGroupsOf(
    member: { organizationId: string; userId: string },
    tx?: Executor,
  ): Promise<readonly string[]> {
    return customRoleGroupsOf(await deps.customRoleFlagsOf(member, tx));
  }

  async function offersCustomRoles(
    member: { organizationId: string; userId: string },
    roleGroup: string | null,
    tx?: Executor,
  ): Promise<boolean> {
    return roleGroup !== null && (await customGroupsOf(member, tx)).includes(roleGroup);
  }

  /**
   * An organisation admin's change to one of the organisation's own roles, in one transaction with
   * the role's row locked: built-in roles are refused (403 BUILT_IN_ROLE), and so is a role whose
   * group the organisation's switches no longer offer.
   */
  function changeCustomRole<T>(
    caller: Caller,
    role: Role,
    change: (row: RoleRecord, tx: Executor) => Promise<T>,
  ): Promise<T> {
    const admin = requirePermission(caller, 'user:manage');
    if (!role.is_custom) throw new HttpError(403, 'BUILT_IN_ROLE', accessMessages.builtInRoleReadOnly);
    return deps.db.transaction().execute(async (tx) => {
      const row = await access.lockCustomRole(admin.organizationId, role.id, tx);
      if (!row) throw notFound();
      if (!(await offersCustomRoles(admin, row.role_group, tx)))
        throw new HttpError(403, 'CUSTOM_ROLES_DISABLED', accessMessages.customRolesDisabled);
      return change(row, tx);
    });
  }

  return {
    /** Spec 001 §7 "Roles": the roles of the catalogue and, when switched on, the organisation's own. */
    async listRoles(
      caller: Caller,
      filter: Pick<RoleListQuery, 'realm' | 'role_group'>,
      page: PageRequest,
    ): Promise<Counted<Role>> {
      const member = requireOrganization(caller);
      const customGroups = await customGroupsOf(member);
      const { count, rows } = await access.listRoles(
        member.organizationId,
        { ...filter, customGroups },
        page,
      );
      const listed = filter.role_group === ROLE_GROUPS.speaker ? bySpeakerRolePriority(rows) : rows;
      return { count, results: listed.map(toRole) };
    },

    /** The event_app roles a role group lists to the organisation now, in the listed order (the first `limit`). */
    async listedRoles(
      member: { organizationId: string; userId: string },
      roleGroup: string,
      limit: number,
      tx?: Executor,
    ): Promise<Role[]> {
      const customGroups = await customGroupsOf(member, tx);
      const filter = { realm: 'event_app', role_group: roleGroup, customGroups };
      const { rows } = await access.listRoles(member.organizationId, filter, { limit, offset: 0 }, tx);
      return (roleGroup === ROLE_GROUPS.speaker ? bySpeakerRolePriority(rows) : rows).map(toRole);
    },

    /** POST /api/core/roles/: an organisation admin adds a custom event_app role. */
    async createCustomRole(caller: Caller, request: CreateCustomRole): Promise<Role> {
      const admin = requirePermission(caller, 'user:manage');
      if (!(await offersCustomRoles(admin, request.role_group)))
        throw new HttpError(403, 'CUSTOM_ROLES_DISABLED', accessMessages.customRolesDisabled);
      if (isBuiltInRoleLabel(request.display_name)) throw roleNameTaken();
      const row = await access.insertCustomRole({
        organizationId: admin.organizationId,
        name: `custom:${randomUUID()}`,
        display_name: request.display_name,
        role_group: request.role_group,
        permissions: request.permission_list,
      });
      if (row === 'taken') throw roleNameTaken();
      return toRole(row);
    },

    /** PATCH /api/core/roles/{id}/: a custom role's name and permissions; holders see them on their next request. */
    updateCustomRole: (caller: Caller, role: Role, changes: UpdateCustomRole): Promise<Role> =>
      changeCustomRole(caller, role, async (row, tx) => {
        if (changes.display_name === undefined && changes.permission_list === undefined) return toRole(row);
        // A name kept (in any case) stays allowed, even one a later built-in role has come to use.
        const name = changes.display_name;
        if (
          name !== undefined &&
          roleNameKey(name) !== roleNameKey(row.display_name) &&
          isBuiltInRoleLabel(name)
        )
          throw roleNameTaken();
        const changed = await access.updateCustomRole(
          row.id,
          { display_name: changes.display_name, permissions: changes.permission_list },
          tx,
        );
        if (changed === 'taken') throw roleNameTaken();
        return toRole(changed);
      }),

    /**
     * DELETE /api/core/roles/{id}/: only a role nobody holds. While people of the organisation's
     * events hold it (for the event or a session) or an event defaults to it, 409 ROLE_IN_USE says
     * how many: taking it away would silently change what they may do.
     */
    deleteCustomRole: (caller: Caller, role: Role): Promise<void> =>
      changeCustomRole(caller, role, async (row, tx) => {
        const held = await deps.roleHoldersOf(row.id, tx);
        if (held.people > 0 || held.events > 0)
          throw new HttpError(409, 'ROLE_IN_USE', accessMessages.customRoleInUse(held.people, held.events));
        await access.deleteCustomRole(row.id, tx);
      }),

    /** A role the organisation may use (built-in or its own), or undefined. */
    findRole: async (organizationId: string, id: string): Promise<Role | undefined> => {
      const row = isUuid(id) ? await access.findRole(organizationId, id) : undefined;
      return row && toRole(row);
    },

    /** Whether a role may be offered in a role group to the caller's organisation now (its switches included). */
    async offers(
      member: { organizationId: string; userId: string },
      roleGroup: string,
      roleId: string,
    ): Promise<boolean> {
      const row = isUuid(roleId) ? await access.findRole(member.organizationId, roleId) : undefined;
      if (!row || row.realm !== 'event_app' || row.role_group !== roleGroup) return false;
      return row.organization_id === null || offersCustomRoles(member, roleGroup);
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
      if (request.realm === 'event_app' && request.context.event) {
        // 002 §7.7: in an event's context the requester's role is the one they hold in that event.
        const eventId = request.context.event;
        const roleId = isUuid(eventId)
          ? await deps.eventAppRoleOf(organizationId, eventId, request.requester_id)
          : null;
        const held = roleId ? await access.findRole(organizationId, roleId) : undefined;
        const answer = held ? toRole(held) : undefined;
        return [
          {
            realm: request.realm,
            requester_id: request.requester_id,
            organization: organizationId,
            role: answer?.name ?? null,
            permission_list: answer?.permission_list ?? [],
          },
        ];
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

function toRole(row: RoleRecord): Role {
  return {
    ...sameFields(row, ['id', 'name', 'display_name', 'role_group']),
    realm: row.realm as RoleRealm,
    is_custom: row.organization_id !== null,
    permission_list: row.permission_list ?? [...permissionsOfRole(row.name)],
  };
}
