import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { pagedList } from '../../platform/db/paged-list.ts';
import { orOnUniqueViolation } from '../../platform/db/unique-violation.ts';

export interface RoleRecord {
  id: string;
  name: string;
  display_name: string;
  realm: string;
  role_group: string | null;
  organization_id: string | null;
  permission_list: string[] | null;
}

const roleColumns = [
  'id',
  'name',
  'display_name',
  'realm',
  'role_group',
  'organization_id',
  'permission_list',
] as const;

export function createAccessRepository(db: Executor) {
  return {
    /** Built-in roles and the organisation's own of the groups it uses, in a stable order (realm, name). */
    async listRoles(
      organizationId: string,
      filter: {
        realm?: string | undefined;
        role_group?: string | undefined;
        /** The groups whose custom roles the organisation uses now. */
        customGroups: readonly string[];
      },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: RoleRecord[] }> {
      let query = tx
        .selectFrom('roles')
        .where((eb) =>
          filter.customGroups.length > 0
            ? eb.or([
                eb('organization_id', 'is', null),
                eb.and([
                  eb('organization_id', '=', organizationId),
                  eb('role_group', 'in', [...filter.customGroups]),
                ]),
              ])
            : eb('organization_id', 'is', null),
        );
      if (filter.realm) query = query.where('realm', '=', filter.realm);
      if (filter.role_group) query = query.where('role_group', '=', filter.role_group);
      return pagedList(
        query,
        query
          .select(roleColumns)
          .orderBy('realm')
          // Built-in roles first (the speaker roles in their fixed priority, by id), then custom ones.
          .orderBy((eb) => eb('organization_id', 'is not', null))
          .orderBy('name')
          .orderBy('id'),
        page,
      );
    },

    async findRoleByName(
      organizationId: string,
      name: string,
      tx: Executor = db,
    ): Promise<RoleRecord | undefined> {
      return tx
        .selectFrom('roles')
        .select(roleColumns)
        .where('name', '=', name)
        .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
        .orderBy('organization_id', (ob) => ob.desc().nullsLast())
        .executeTakeFirst();
    },

    /** A role by id: built-in or the organisation's own. */
    async findRole(organizationId: string, id: string, tx: Executor = db): Promise<RoleRecord | undefined> {
      return tx
        .selectFrom('roles')
        .select(roleColumns)
        .where('id', '=', id)
        .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
        .executeTakeFirst();
    },

    /** The new role, or 'taken' when the organisation has a custom role of that name (migration 0081's index). */
    async insertCustomRole(
      role: {
        organizationId: string;
        name: string;
        display_name: string;
        role_group: string;
        permissions: string[];
      },
      tx: Executor = db,
    ): Promise<RoleRecord | 'taken'> {
      const inserted = tx
        .insertInto('roles')
        .values({
          organization_id: role.organizationId,
          name: role.name,
          display_name: role.display_name,
          realm: 'event_app',
          role_group: role.role_group,
          permission_list: JSON.stringify(role.permissions),
        })
        .returning(roleColumns)
        .executeTakeFirstOrThrow();
      return orOnUniqueViolation(inserted, 'taken');
    },

    /**
     * The organisation's own role, its row locked until the transaction ends: a concurrent
     * assignment (its foreign key locks the role's key) waits, and then sees the change.
     */
    async lockCustomRole(organizationId: string, id: string, tx: Executor): Promise<RoleRecord | undefined> {
      return tx
        .selectFrom('roles')
        .select(roleColumns)
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirst();
    },

    /**
     * The changed role, or 'taken' when the new name is another custom role's of the organisation;
     * the unique violation aborts `tx`, so the caller ends it (throws).
     */
    async updateCustomRole(
      id: string,
      changes: { display_name?: string | undefined; permissions?: string[] | undefined },
      tx: Executor,
    ): Promise<RoleRecord | 'taken'> {
      const updated = tx
        .updateTable('roles')
        .set({
          ...(changes.display_name === undefined ? {} : { display_name: changes.display_name }),
          ...(changes.permissions === undefined
            ? {}
            : { permission_list: JSON.stringify(changes.permissions) }),
        })
        .where('id', '=', id)
        .where('organization_id', 'is not', null)
        .returning(roleColumns)
        .executeTakeFirstOrThrow();
      return orOnUniqueViolation(updated, 'taken');
    },

    async deleteCustomRole(id: string, tx: Executor): Promise<void> {
      await tx.deleteFrom('roles').where('id', '=', id).where('organization_id', 'is not', null).execute();
    },

    async instanceFlags(tx: Executor = db): Promise<Record<string, unknown>> {
      const rows = await tx.selectFrom('instance_feature_flags').select(['key', 'value']).execute();
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    },

    async setInstanceFlag(key: string, value: unknown, tx: Executor = db): Promise<void> {
      const json = JSON.stringify(value);
      await tx
        .insertInto('instance_feature_flags')
        .values({ key, value: json })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
        .execute();
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
