import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';

export interface RoleRecord {
  id: string;
  name: string;
  display_name: string;
  realm: string;
}

export function createAccessRepository(db: Executor) {
  return {
    /** Built-in roles and the organisation's own, in a stable order (realm, name). */
    async listRoles(
      organizationId: string,
      filter: { realm?: string | undefined },
      page: PageRequest,
      tx: Executor = db,
    ): Promise<{ count: number; rows: RoleRecord[] }> {
      let query = tx
        .selectFrom('roles')
        .where((eb) =>
          eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]),
        );
      if (filter.realm) query = query.where('realm', '=', filter.realm);
      const [{ count }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        query
          .select(['id', 'name', 'display_name', 'realm'])
          .orderBy('realm')
          .orderBy('name')
          .orderBy('id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { count: Number(count), rows };
    },

    async findRoleByName(
      organizationId: string,
      name: string,
      tx: Executor = db,
    ): Promise<RoleRecord | undefined> {
      return tx
        .selectFrom('roles')
        .select(['id', 'name', 'display_name', 'realm'])
        .where('name', '=', name)
        .where((eb) => eb.or([eb('organization_id', 'is', null), eb('organization_id', '=', organizationId)]))
        .orderBy('organization_id', (ob) => ob.desc().nullsLast())
        .executeTakeFirst();
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
