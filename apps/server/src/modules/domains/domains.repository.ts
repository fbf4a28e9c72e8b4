import type { Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';
import { orOnUniqueViolation } from '../../platform/db/unique-violation.ts';
import { pagedList } from '../../platform/db/paged-list.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { RegistrationDomainTable } from './domains.tables.ts';

export type RegistrationDomainRecord = Selectable<RegistrationDomainTable>;

/** The only code that touches `registration_domains`; every statement names the organisation. */
export function createDomainsRepository(db: Executor) {
  return {
    async list(organizationId: string, page: PageRequest) {
      const mine = db.selectFrom('registration_domains').where('organization_id', '=', organizationId);
      return pagedList(mine, mine.selectAll().orderBy('domain').orderBy('id'), page);
    },

    find: (organizationId: string, id: string) =>
      organizationRows.find(db, 'registration_domains', organizationId, id),

    /** 'taken' when the organisation already lists the domain. */
    async insert(row: {
      organizationId: string;
      domain: string;
      token: string;
    }): Promise<RegistrationDomainRecord | 'taken'> {
      const inserted = db
        .insertInto('registration_domains')
        .values({ organization_id: row.organizationId, domain: row.domain, verification_token: row.token })
        .returningAll()
        .executeTakeFirstOrThrow();
      return orOnUniqueViolation(inserted, 'taken');
    },

    /** The organisation that verified the domain, if any. */
    async ownerOf(domain: string, tx: Executor = db): Promise<string | undefined> {
      const row = await tx
        .selectFrom('registration_domains')
        .select('organization_id')
        .where('domain', '=', domain)
        .where('is_verified', '=', true)
        .executeTakeFirst();
      return row?.organization_id;
    },

    /** 'claimed' when another organisation verified the same domain first. */
    async markVerified(organizationId: string, id: string): Promise<'done' | 'claimed'> {
      const marked = organizationRows.update(db, 'registration_domains', organizationId, id, {
        is_verified: true,
      });
      return orOnUniqueViolation(
        marked.then(() => 'done' as const),
        'claimed',
      );
    },

    /**
     * Makes a verified domain the organisation's one default (false when it is not verified). The
     * organisation's domains are locked first (in one order): concurrent choices apply one after
     * the other, the last one stays.
     */
    setDefault: (organizationId: string, id: string) =>
      db.transaction().execute(async (tx) => {
        await tx
          .selectFrom('registration_domains')
          .select('id')
          .where('organization_id', '=', organizationId)
          .orderBy('id')
          .forUpdate()
          .execute();
        await tx
          .updateTable('registration_domains')
          .set({ is_default: false })
          .where('organization_id', '=', organizationId)
          .where('is_default', '=', true)
          .where('id', '!=', id)
          .execute();
        const updated = await tx
          .updateTable('registration_domains')
          .set({ is_default: true })
          .where('organization_id', '=', organizationId)
          .where('id', '=', id)
          .where('is_verified', '=', true)
          .executeTakeFirst();
        return updated.numUpdatedRows > 0n;
      }),

    unsetDefault: (organizationId: string, id: string) =>
      organizationRows.update(db, 'registration_domains', organizationId, id, { is_default: false }),

    /** The domain deleted, if the organisation had it. */
    async delete(organizationId: string, id: string): Promise<string | undefined> {
      return (await organizationRows.deleteReturning(db, 'registration_domains', organizationId, id))?.domain;
    },

    /** What the organisation's detail shows (`registration_app_vanity_domain_settings`). */
    settingsOf: (organizationId: string, tx: Executor = db) =>
      tx
        .selectFrom('registration_domains')
        .select(['domain', 'is_default', 'is_verified'])
        .where('organization_id', '=', organizationId)
        .orderBy('domain')
        .execute(),

    async defaultOf(organizationId: string, tx: Executor = db): Promise<string | undefined> {
      const row = await tx
        .selectFrom('registration_domains')
        .select('domain')
        .where('organization_id', '=', organizationId)
        .where('is_default', '=', true)
        .where('is_verified', '=', true)
        .executeTakeFirst();
      return row?.domain;
    },
  };
}

export type DomainsRepository = ReturnType<typeof createDomainsRepository>;
