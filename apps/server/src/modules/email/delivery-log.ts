import type { Executor } from '../../platform/db/executor.ts';
import { groupedWrites } from '../../platform/write-batches.ts';
import type { MailOutcome } from '../../platform/mail/mail.ts';
import type { EmailDeliveriesRepository, LogEntry } from './email-deliveries.repository.ts';
import type { SuppressionList } from './suppression.repository.ts';

export type { LogEntry };

/** A logged message, as its outcome settles it. */
export interface LoggedDelivery {
  id: string;
  organizationId: string;
  eventId: string | null;
  recipient: string;
}

/** A logged message that left (or was refused), before its outcome is recorded. */
export interface DeliveryOutcome {
  delivery: LoggedDelivery;
  outcome: MailOutcome;
}

/** A logged message that bounced or drew a complaint: the organisation's webhooks hear of it. */
export interface BounceReport {
  organizationId: string;
  eventId: string | null;
  recipient: string;
  outcome: 'bounced' | 'complained';
  reason: string | null;
}
export type BounceListener = (bounce: BounceReport) => Promise<void>;
const nobodyListens: BounceListener = () => Promise.resolve();

/**
 * The delivery log and the suppression list as a sender meets them (issue 33 §9): messages
 * recorded before they leave, settled with how they went; a synchronous 5xx is a hard bounce that
 * puts the address on the organisation's suppression list, whichever email it was.
 */
export function createDeliveryLog(
  db: Executor,
  deliveries: EmailDeliveriesRepository,
  suppression: SuppressionList,
  onBounce: BounceListener = nobodyListens,
) {
  // Messages of a send to many leave several at once: those sent meanwhile are settled together.
  const markSent = groupedWrites<string>((ids) => deliveries.settleSent(ids));

  /**
   * Settles a message as bounced or complained and puts its address on the suppression list in one
   * transaction (whoever reads the outcome finds the address suppressed); the webhooks hear of it after.
   */
  async function refused(delivery: LoggedDelivery, outcome: BounceReport['outcome'], reason: string | null) {
    await db.transaction().execute(async (tx) => {
      await deliveries.settle(delivery.id, { status: outcome, reason }, tx);
      await suppression.suppress(delivery.organizationId, delivery.recipient, outcome, reason, tx);
    });
    await onBounce({ ...delivery, outcome, reason });
  }

  /**
   * Settles a message with its outcome; `unsent` is what a failure that may pass leaves: `queued`
   * for the scheduler's next try of its send, `failed` (with the reason) where no retry follows.
   */
  async function settle<Unsent extends 'queued' | 'failed'>(
    delivery: LoggedDelivery,
    outcome: MailOutcome,
    unsent: Unsent,
  ): Promise<'sent' | 'bounced' | Unsent> {
    if (outcome.sent) {
      await markSent(delivery.id);
      return 'sent';
    }
    if (!outcome.permanent) {
      await deliveries.settle(delivery.id, { status: unsent, reason: outcome.reason });
      return unsent;
    }
    await refused(delivery, 'bounced', outcome.reason);
    return 'bounced';
  }

  return {
    record: (entries: readonly LogEntry[], status: 'sending' | 'queued' | 'suppressed') =>
      deliveries.recordMessages(entries, status),

    settle,

    /** A bounce or complaint reported after the message left (at its return path). */
    refused,

    /**
     * Settles a round of messages sent side by side: those sent in one statement, the others one
     * by one as `settle` does.
     */
    async settleRound(round: readonly DeliveryOutcome[], unsent: 'queued' | 'failed'): Promise<void> {
      await deliveries.settleSent(
        round.filter(({ outcome }) => outcome.sent).map(({ delivery }) => delivery.id),
      );
      for (const { delivery, outcome } of round) if (!outcome.sent) await settle(delivery, outcome, unsent);
    },

    /** Whether the organisation must send this address nothing at all (it bounced or complained). */
    refusesEverything: (organizationId: string, email: string) =>
      suppression.refusesEverything(organizationId, email),
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;
