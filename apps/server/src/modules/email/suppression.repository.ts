import type { Executor } from '../../platform/db/executor.ts';
import type { SuppressionReason } from './email-schedules.tables.ts';

/**
 * Reasons that stop every message of the organisation, even one the person's own action asks for
 * (a registration's confirmation, an invitation, a test email): the address cannot or will not take
 * mail. An unsubscribe stops the sends to an audience (scheduled, custom and bulk emails) only.
 */
const REFUSES_EVERYTHING: readonly SuppressionReason[] = ['bounced', 'complained'];

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

    async refusesEverything(organizationId: string, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('email_suppressions')
        .select('reason')
        .where('organization_id', '=', organizationId)
        .where('email', '=', email.toLowerCase())
        .where('reason', 'in', REFUSES_EVERYTHING)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Adds the address; the first reason stays, except that a bounce or complaint outranks an unsubscribe. */
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
        .onConflict((oc) => {
          const existing = oc.columns(['organization_id', 'email']);
          return REFUSES_EVERYTHING.includes(reason)
            ? existing.doUpdateSet({ reason, detail }).where('email_suppressions.reason', '=', 'unsubscribed')
            : existing.doNothing();
        })
        .execute();
    },
  };
}

export type SuppressionList = ReturnType<typeof createSuppressionList>;
