import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { OrganizationTable, VanityDomainTable } from './organizations.tables.ts';

export type OrganizationRecord = Selectable<OrganizationTable> & {
  vanity_domains: Pick<Selectable<VanityDomainTable>, 'domain' | 'is_default' | 'is_verified'>[];
};

export function createOrganizationsRepository(db: Executor) {
  return {
    async insert(name: string, tx: Executor = db): Promise<string> {
      const row = await tx.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async findById(id: string, tx: Executor = db): Promise<OrganizationRecord | undefined> {
      const organization = await tx.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      if (!organization) return undefined;
      const vanityDomains = await tx
        .selectFrom('organization_vanity_domains')
        .select(['domain', 'is_default', 'is_verified'])
        .where('organization_id', '=', id)
        .orderBy('domain')
        .execute();
      return { ...organization, vanity_domains: vanityDomains };
    },
  };
}

export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
