import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../platform/db/executor.ts';
import type { VanityEmailDomainTable } from './sender-domains.tables.ts';
import { organizationRows } from '../../platform/db/scoped-row.ts';

export type VanityEmailDomainRecord = Selectable<VanityEmailDomainTable>;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** The only code that touches `vanity_email_domains`; every statement names the organisation. */
export function createSenderDomainsRepository(db: Executor) {
  return {
    /** The organisation's sender (it has one at most). */
    ofOrganization: (organizationId: string, tx: Executor = db) =>
      tx
        .selectFrom('vanity_email_domains')
        .selectAll()
        .where('organization_id', '=', organizationId)
        .executeTakeFirst(),

    find: (organizationId: string, id: string) =>
      organizationRows.find(db, 'vanity_email_domains', organizationId, id),

    /** 'exists' when the organisation already has a sender. */
    async insert(row: Insertable<VanityEmailDomainTable>): Promise<VanityEmailDomainRecord | 'exists'> {
      try {
        return await db
          .insertInto('vanity_email_domains')
          .values(row)
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) return 'exists';
        throw error;
      }
    },

    markVerified: (organizationId: string, id: string) =>
      db
        .updateTable('vanity_email_domains')
        .set({ email_domain_verified: true, verified_at: new Date() })
        .where('organization_id', '=', organizationId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    delete(organizationId: string, id: string): Promise<boolean> {
      return organizationRows.delete(db, 'vanity_email_domains', organizationId, id);
    },
  };
}

export type SenderDomainsRepository = ReturnType<typeof createSenderDomainsRepository>;
