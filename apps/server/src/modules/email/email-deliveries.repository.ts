import { sql, type Selectable } from 'kysely';
import {
  EMAIL_DELIVERY_STATUSES,
  type EmailDeliveryListQuery,
  type EmailDeliveryStatus,
  type EmailType,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type {
  EmailDeliveryTable,
  EmailScheduleSendTable,
  EmailSendStatus,
} from './email-schedules.tables.ts';

export type EmailSendRecord = Selectable<EmailScheduleSendTable>;
export type EmailDeliveryRecord = Selectable<EmailDeliveryTable>;

/** A message filed in the delivery log: of an event, or of the organisation (a series' test email). */
export interface LogEntry {
  organizationId: string;
  eventId: string | null;
  emailType: string;
  recipient: string;
}

/** A message claimed for sending: this worker alone sends it. */
export interface ClaimedDelivery {
  id: string;
  recipient: string;
}

/**
 * Whose messages a claim is among: a scheduled send (`send_id`) or a custom or bulk send to
 * registrants (`registrants_send_id`, its job's key); each recipient once per send.
 */
export interface SendKey {
  column: 'send_id' | 'registrants_send_id';
  id: string;
}
export const scheduledSendKey = (sendId: string): SendKey => ({ column: 'send_id', id: sendId });
export const registrantsSendKey = (id: string): SendKey => ({ column: 'registrants_send_id', id });

const rowOf = (key: SendKey, entry: LogEntry) => ({
  organization_id: entry.organizationId,
  send_id: null,
  registrants_send_id: null,
  [key.column]: key.id,
  event_id: entry.eventId,
  email_type: entry.emailType,
  recipient: entry.recipient,
});

/** The scheduler's sends and the delivery log (issue 33 §5, §9). */
export function createEmailDeliveriesRepository(db: Executor) {
  return {
    /** A send for the schedule's time (one per time: a second ask answers undefined). */
    async createSend(
      send: {
        organizationId: string;
        scheduleId: string;
        eventId: string;
        emailType: EmailType;
        dueAt: Date;
      },
      tx: Executor = db,
    ): Promise<string | undefined> {
      const row = await tx
        .insertInto('email_schedule_sends')
        .values({
          organization_id: send.organizationId,
          schedule_id: send.scheduleId,
          event_id: send.eventId,
          email_type: send.emailType,
          due_at: send.dueAt,
        })
        .onConflict((oc) => oc.columns(['schedule_id', 'due_at']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    findSend: (id: string, tx: Executor = db) =>
      tx.selectFrom('email_schedule_sends').selectAll().where('id', '=', id).executeTakeFirst(),

    async setSendStatus(id: string, status: EmailSendStatus, tx: Executor = db): Promise<void> {
      const finished = status === 'done' || status === 'moved';
      await tx
        .updateTable('email_schedule_sends')
        .set({ status, ...(finished ? { finished_at: new Date() } : {}) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Claims these messages of a send in one transaction, before anything is sent: a new recipient
     * gets its row (unique per send and recipient) as `sending`; a row left `queued` (a retry) or
     * `sending` for longer than `leaseMs` (its worker died) is taken again. A row another worker
     * holds, or one already sent, failed or bounced, is not: nobody gets it twice.
     */
    async claim(
      key: SendKey,
      entries: readonly LogEntry[],
      now: Date,
      leaseMs: number,
    ): Promise<ClaimedDelivery[]> {
      if (entries.length === 0) return [];
      const staleBefore = new Date(now.getTime() - leaseMs);
      return db.transaction().execute(async (tx) => {
        const inserted = await tx
          .insertInto('email_deliveries')
          .values(
            entries.map((entry) => ({
              ...rowOf(key, entry),
              status: 'sending' as const,
              attempts: 1,
              claimed_at: now,
            })),
          )
          .onConflict((oc) => oc.columns([key.column, 'recipient']).doNothing())
          .returning(['id', 'recipient'])
          .execute();
        const fresh = new Set(inserted.map((row) => row.recipient));
        const others = entries.map((entry) => entry.recipient).filter((recipient) => !fresh.has(recipient));
        if (others.length === 0) return inserted;
        const retaken = await tx
          .updateTable('email_deliveries')
          .set({ status: 'sending', claimed_at: now, attempts: sql<number>`attempts + 1` })
          .where(key.column, '=', key.id)
          .where('recipient', 'in', others)
          .where((eb) =>
            eb.or([
              eb('status', '=', 'queued'),
              eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleBefore)]),
            ]),
          )
          .returning(['id', 'recipient'])
          .execute();
        return [...inserted, ...retaken];
      });
    },

    /** Records suppressed recipients of the send (not sent; shown in the log). */
    async recordSuppressed(key: SendKey, entries: readonly LogEntry[]): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('email_deliveries')
        .values(entries.map((entry) => ({ ...rowOf(key, entry), status: 'suppressed' as const })))
        .onConflict((oc) => oc.columns([key.column, 'recipient']).doNothing())
        .execute();
    },

    /** Records recipients of the send as failed for this reason (not sent; shown in the log). */
    async recordFailed(key: SendKey, entries: readonly LogEntry[], reason: string): Promise<void> {
      if (entries.length === 0) return;
      await db
        .insertInto('email_deliveries')
        .values(entries.map((entry) => ({ ...rowOf(key, entry), status: 'failed' as const, reason })))
        .onConflict((oc) => oc.columns([key.column, 'recipient']).doNothing())
        .execute();
    },

    /** A logged message by its id (the token of the VERP address a report came back to), as the log settles it. */
    findDelivery: (id: string) =>
      db
        .selectFrom('email_deliveries')
        .select(['id', 'organization_id as organizationId', 'event_id as eventId', 'recipient'])
        .where('id', '=', id)
        .executeTakeFirst(),

    async settle(
      id: string,
      outcome: { status: EmailDeliveryStatus; reason?: string | null },
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .updateTable('email_deliveries')
        .set({
          status: outcome.status,
          reason: outcome.reason?.slice(0, 2000) ?? null,
          claimed_at: null,
          ...(outcome.status === 'sent' ? { sent_at: new Date() } : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Settles these messages as sent, in one statement. */
    async settleSent(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('email_deliveries')
        .set({ status: 'sent', reason: null, claimed_at: null, sent_at: new Date() })
        .where('id', 'in', ids)
        .execute();
    },

    /** Gives claimed, unsent messages back (a stopping worker): the send's next try takes them. */
    async release(ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('email_deliveries')
        .set({ status: 'queued', claimed_at: null })
        .where('id', 'in', ids)
        .where('status', '=', 'sending')
        .execute();
    },

    /** Messages of the send still to go (queued for a retry, or held by a worker). */
    async remaining(key: SendKey): Promise<number> {
      const row = await db
        .selectFrom('email_deliveries')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where(key.column, '=', key.id)
        .where('status', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** After the last try: what is still queued failed. */
    async failRemaining(key: SendKey, reason: string): Promise<void> {
      await db
        .updateTable('email_deliveries')
        .set({ status: 'failed', reason, claimed_at: null })
        .where(key.column, '=', key.id)
        .where('status', '=', 'queued')
        .execute();
    },

    /** A page of an event's log with the filters, and the event's counts per status. */
    async page(organizationId: string, query: EmailDeliveryListQuery, page: PageRequest) {
      let rows = db
        .selectFrom('email_deliveries')
        .where('organization_id', '=', organizationId)
        .where('event_id', '=', query.event);
      if (query.status) rows = rows.where('status', '=', query.status);
      if (query.email_type) rows = rows.where('email_type', '=', query.email_type);
      if (query.search)
        rows = rows.where('recipient', 'ilike', `%${query.search.replace(/[\\%_]/g, '\\$&')}%`);
      const [results, total, byStatus, engaged] = await Promise.all([
        rows
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        rows.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
        db
          .selectFrom('email_deliveries')
          .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
          .where('organization_id', '=', organizationId)
          .where('event_id', '=', query.event)
          .groupBy('status')
          .execute(),
        db
          .selectFrom('email_deliveries')
          .select((eb) => [
            eb.fn.count<number>('opened_at').as('opened'),
            eb.fn.count<number>('clicked_at').as('clicked'),
          ])
          .where('organization_id', '=', organizationId)
          .where('event_id', '=', query.event)
          .executeTakeFirstOrThrow(),
      ]);
      const engagement = { opened: Number(engaged.opened), clicked: Number(engaged.clicked) };
      const counts = Object.fromEntries(EMAIL_DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
        EmailDeliveryStatus,
        number
      >;
      for (const row of byStatus) counts[row.status] = Number(row.count);
      return { results, count: Number(total.count), counts, engagement };
    },

    /**
     * Messages sent outside a schedule (an event's typed email, an invitation, a test, custom or
     * bulk email): `sending` just before one leaves, `queued` for a send to many, `suppressed` when
     * the suppression list stops it. Answers their ids in the entries' order.
     */
    async recordMessages(
      entries: readonly LogEntry[],
      status: Extract<EmailDeliveryStatus, 'sending' | 'queued' | 'suppressed'>,
    ): Promise<string[]> {
      if (entries.length === 0) return [];
      const rows = await db
        .insertInto('email_deliveries')
        .values(
          entries.map((entry) => ({
            organization_id: entry.organizationId,
            send_id: null,
            event_id: entry.eventId,
            email_type: entry.emailType,
            recipient: entry.recipient.toLowerCase(),
            status,
            attempts: status === 'suppressed' ? 0 : 1,
            claimed_at: null,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** The first open of a delivery (a click counts as one too); later ones change nothing. */
    async markOpened(id: string, at: Date): Promise<void> {
      await db
        .updateTable('email_deliveries')
        .set({ opened_at: at })
        .where('id', '=', id)
        .where('opened_at', 'is', null)
        .execute();
    },

    async markClicked(id: string, at: Date): Promise<void> {
      await db
        .updateTable('email_deliveries')
        .set((eb) => ({
          clicked_at: eb.fn.coalesce('clicked_at', eb.val(at)),
          opened_at: eb.fn.coalesce('opened_at', eb.val(at)),
        }))
        .where('id', '=', id)
        .execute();
    },

    async tracksOpensAndClicks(organizationId: string): Promise<boolean> {
      const row = await db
        .selectFrom('email_tracking_settings')
        .select('track_opens_and_clicks')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row?.track_opens_and_clicks ?? false;
    },

    async setTracking(organizationId: string, track: boolean): Promise<void> {
      await db
        .insertInto('email_tracking_settings')
        .values({ organization_id: organizationId, track_opens_and_clicks: track })
        .onConflict((oc) =>
          oc.column('organization_id').doUpdateSet({ track_opens_and_clicks: track, updated_at: new Date() }),
        )
        .execute();
    },
  };
}

export type EmailDeliveriesRepository = ReturnType<typeof createEmailDeliveriesRepository>;
