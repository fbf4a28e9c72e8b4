import type { Executor } from '../../platform/db/executor.ts';
import type { SuppressionReason } from './email-schedules.tables.ts';

/**
 * An organisation's suppression list: addresses that hard-bounced, complained or unsubscribed.
 * Every send of the module skips them (issue 33 §5, §9). Addresses are kept lower-cased.
 */
export function createSuppressionList(db: Executor) {
  return {
    /** Of these addresses, the ones the organisation must not write to. */
    async suppressedAmong(organizationId: string, emails: readonly string[], tx: Executor = db) {
      if (emails.length === 0) return new Set<string>();
      const rows = await tx
        .selectFrom('email_suppressions')
        .select('email')
        .where('organization_id', '=', organizationId)
        .where(
          'email',
          'in',
          emails.map((email) => email.toLowerCase()),
        )
        .execute();
      return new Set(rows.map((row) => row.email));
    },

    /** Adds the address (the first reason stays). */
    async suppress(
      organizationId: string,
      email: string,
      reason: SuppressionReason,
      detail: string | null = null,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .insertInto('email_suppressions')
        .values({ organization_id: organizationId, email: email.toLowerCase(), reason, detail })
        .onConflict((oc) => oc.columns(['organization_id', 'email']).doNothing())
        .execute();
    },
  };
}

export type SuppressionList = ReturnType<typeof createSuppressionList>;
