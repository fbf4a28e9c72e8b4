import {
  emailTypeDefinition,
  offsetOf,
  scheduledSendTime,
  type EmailAudience,
  type EmailType,
} from '@studio/domain';
import { letRequestsIn } from '../../platform/jobs/job-registry.ts';
import type { MailMessage, MailOutcome, MailSender } from '../../platform/mail/mail.ts';
import type { ScheduledEvent } from '../back-office/events/event-core.service.ts';
import {
  scheduledSendKey,
  type EmailDeliveriesRepository,
  type EmailSendRecord,
} from './email-deliveries.repository.ts';
import type { EmailScheduleRecord, EmailSchedulesRepository } from './email-schedules.repository.ts';
import type { SuppressionList } from './suppression.repository.ts';
import type { DeliveryLog, DeliveryOutcome } from './delivery-log.ts';
import type { TrackedHtml } from './email-tracking.ts';
import { EmailTemplateNotFound, EmailTemplateWithoutSubject } from './email-templates.service.ts';

/** A person a scheduled email goes to. */
export interface EmailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  userId: string | null;
  /** A registrant's registration (their cancel link and check-in code); null for staff and speakers. */
  registrationId: string | null;
}

/** What a scheduled email is, before its recipients. */
export interface ScheduledEmailContext {
  scheduleId: string;
  emailTemplateId: string | null;
  emailType: EmailType;
  event: ScheduledEvent;
}

/** The message of one scheduled email to one person. */
export type ScheduledMessageOf = (
  recipient: EmailRecipient,
) => Promise<Pick<MailMessage, 'subject' | 'text' | 'html' | 'attachments' | 'unsubscribeUrl'>>;

/**
 * The messages of one batch of a scheduled email: what they need of other areas (the people's
 * magic links) is read for the whole batch at once, not once per person.
 */
export type ScheduledBatchMessages = (batch: readonly EmailRecipient[]) => Promise<ScheduledMessageOf>;

/** One person's message of a send, for its delivery (tracked links carry the delivery's id). */
type DeliveryMessageOf = (recipient: EmailRecipient, deliveryId: string) => ReturnType<ScheduledMessageOf>;

/** The templates' renderer: the template of a scheduled email read and compiled once per run. */
export interface ScheduledEmailRenderer {
  /**
   * Rejects with EmailTemplateNotFound when there is no template to send (none chosen, or deleted),
   * with EmailTemplateWithoutSubject when it has no subject (saved empty before one was required).
   */
  rendererFor(context: ScheduledEmailContext): Promise<ScheduledBatchMessages>;
}

export interface EmailSchedulerDeps {
  schedules: EmailSchedulesRepository;
  deliveries: EmailDeliveriesRepository;
  suppression: SuppressionList;
  /** Where its messages' outcomes are settled (a hard bounce suppresses the address). */
  log: DeliveryLog;
  /** The event of the organisation (undefined once deleted). */
  eventOf: (organizationId: string, eventId: string) => Promise<ScheduledEvent | undefined>;
  /** Events starting in this window (their default schedules are written before they are due). */
  startingBetween: (from: Date, to: Date) => Promise<ScheduledEvent[]>;
  /** The audience of the event as of now. */
  recipientsOf: (eventId: string, audience: EmailAudience) => Promise<EmailRecipient[]>;
  render: ScheduledEmailRenderer;
  /** The organisation's own sender once verified (read once per batch, not per message). */
  senderOf: (organizationId: string) => Promise<MailSender | undefined>;
  /** Sends one message (the log's id for bounces). */
  deliver: (message: MailMessage) => Promise<MailOutcome>;
  /** Messages sent at once: the mail service's pooled connections. */
  connections: number;
  /** The organisation's open and click tracking of its logged emails (none unless told). */
  trackedHtmlFor?: (organizationId: string) => Promise<TrackedHtml>;
  /** Enqueues the durable job of one send. */
  enqueue: (sendId: string) => Promise<void>;
  /** Queues each of the event's due sends at its time, replacing the event's waiting ones. */
  plan: (eventId: string, due: readonly { scheduleId: string; sendAt: Date }[]) => Promise<void>;
  now: () => Date;
  /** Messages claimed at once (each batch is awaited before the next: back-pressure). Default 200. */
  batchSize?: number;
  /** A message claimed longer ago than this by a worker that died is sent again. Default 5 min. */
  claimLeaseMs?: number;
}

/** A due time missed by more than this (the workers were down) is not sent late. */
const MISSED_SEND_GRACE_MS = 60 * 60_000;
/** The sweep plans again the sends due within this (two sweeps' time). */
const PLAN_AHEAD_MS = 2 * 60_000;
/** The longest default offset before a start: events starting within it get their defaults. */
const DEFAULTS_HORIZON_MS = 8 * 24 * 3_600_000;

/**
 * Sends a batch's claimed messages in rounds of `lanes` at once (the mail service's pooled
 * connections) and settles each round's outcomes together before the next round leaves: one
 * statement for a round's sent messages instead of one per message, and a worker killed mid-batch
 * still leaves at most one round (one message per connection) sent but not recorded. Answers
 * those not yet started when stopped; a failure is answered once its round is settled.
 */
export async function sendInRounds<Claimed, Sent>(
  claimed: readonly Claimed[],
  lanes: number,
  send: (delivery: Claimed) => Promise<Sent>,
  settle: (round: readonly Sent[]) => Promise<void>,
  signal: AbortSignal | undefined,
): Promise<Claimed[]> {
  for (let start = 0; start < claimed.length; start += lanes) {
    if (signal?.aborted) return claimed.slice(start);
    const results = await Promise.allSettled(claimed.slice(start, start + lanes).map(send));
    await settle(results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return [];
}

/** Why what a send's last try left queued failed. */
export const GAVE_UP = 'Gave up after the last try.';
/** Why a send's messages failed at once: its template is gone (deleted since it was chosen). */
export const TEMPLATE_NOT_FOUND = 'Not sent: the email template was not found.';
/** Why a send's messages failed at once: its template has no subject (an email is sent only with one). */
export const TEMPLATE_WITHOUT_SUBJECT = 'Not sent: the email template has no subject.';

/** How a run of a send ended. */
export type SendRun = 'done' | 'moved' | 'retry';

/**
 * The email scheduler (issue 33 §5). Each schedule's send is queued as a job at its due time
 * (planned again whenever the schedule or its event changes); a sweep every minute is the safety
 * net for a job missed. A due schedule becomes a send (one per schedule and time) with its durable
 * job, which sends the email to each person of the audience as of then, exactly once: a delivery
 * row unique per (send, recipient) is claimed in a transaction before the message leaves, so a
 * second worker or a retry skips whoever is claimed or done.
 */
export function createEmailScheduler(deps: EmailSchedulerDeps) {
  const batchSize = deps.batchSize ?? 200;
  const claimLeaseMs = deps.claimLeaseMs ?? 5 * 60_000;
  const { log } = deps;

  /** Queues the event's pending sends at their times (its waiting jobs are replaced). */
  async function planEvent(organizationId: string, eventId: string): Promise<void> {
    const rows = await deps.schedules.upcoming(organizationId, eventId, deps.now());
    await deps.plan(
      eventId,
      rows.map((row) => ({ scheduleId: row.id, sendAt: row.send_at! })),
    );
  }

  /** A due schedule's send (none if one exists for its time) with its job. */
  async function startSend(schedule: EmailScheduleRecord): Promise<boolean> {
    const sendId = await deps.deliveries.createSend({
      organizationId: schedule.organization_id,
      scheduleId: schedule.id,
      eventId: schedule.owner_id,
      emailType: schedule.email_type,
      dueAt: schedule.send_at!,
    });
    if (sendId) await deps.enqueue(sendId);
    return sendId !== undefined;
  }

  /** The due job of a schedule: its send starts, unless the schedule moved, was switched off or was sent. */
  async function sendDue(scheduleId: string, sendAt: Date): Promise<boolean> {
    // Never before the time the job was queued for, even with the database's clock a little ahead.
    const at = new Date(Math.max(deps.now().getTime(), sendAt.getTime()));
    const [schedule] = await deps.schedules.due(at, MISSED_SEND_GRACE_MS, { scheduleId });
    return schedule ? startSend(schedule) : false;
  }

  async function sweep(): Promise<number> {
    const now = deps.now();
    for (const event of await deps.startingBetween(now, new Date(now.getTime() + DEFAULTS_HORIZON_MS))) {
      const added = await deps.schedules.ensureDefaults(
        { organizationId: event.organizationId, type: 'event', id: event.id },
        { startTime: event.start_time, endTime: event.end_time },
      );
      if (added > 0) await planEvent(event.organizationId, event.id);
    }
    // Events with a send due before the next sweep get their jobs again, in case a change was not
    // planned (a copied schedule, a process stopped between a write and its plan).
    for (const event of await deps.schedules.eventsDueBetween(now, new Date(now.getTime() + PLAN_AHEAD_MS)))
      await planEvent(event.organization_id, event.owner_id);
    let created = 0;
    for (const schedule of await deps.schedules.due(now, MISSED_SEND_GRACE_MS))
      if (await startSend(schedule)) created += 1;
    return created;
  }

  /** One message of a send, unsettled: its round settles it with the others. */
  async function sendOne(
    send: EmailSendRecord,
    messageOf: DeliveryMessageOf,
    sender: MailSender | undefined,
    delivery: { id: string; recipient: string },
    recipient: EmailRecipient,
  ): Promise<DeliveryOutcome> {
    const message = await messageOf(recipient, delivery.id);
    const outcome = await deps.deliver({
      ...message,
      sender,
      to: recipient.email,
      deliveryToken: delivery.id,
    });
    return {
      delivery: { ...delivery, organizationId: send.organization_id, eventId: send.event_id },
      outcome,
    };
  }

  /**
   * One try of a send. 'retry': some messages failed for now (or the run was stopped) and wait,
   * queued, for the job's next try; an abort gives the claimed but unsent messages back first.
   */
  async function runSend(sendId: string, options: { signal?: AbortSignal; lastTry?: boolean } = {}) {
    const send = await deps.deliveries.findSend(sendId);
    if (!send || send.status === 'done' || send.status === 'moved') return 'done' satisfies SendRun;
    const schedule = await deps.schedules.findById(send.organization_id, send.schedule_id);
    const event = await deps.eventOf(send.organization_id, send.event_id);
    if (!schedule || !event || !schedule.active) {
      await deps.deliveries.setSendStatus(send.id, 'done');
      return 'done' satisfies SendRun;
    }
    const dueAt = scheduledSendTime(
      { startTime: event.start_time, endTime: event.end_time },
      { ...offsetOf(schedule.offset_minutes), relativeTime: schedule.relative_time },
    );
    if (dueAt.getTime() !== send.due_at.getTime()) {
      // The event moved since the send was made: the schedule follows it, and sends at the new time.
      await deps.schedules.followEvent(send.organization_id, event.id, {
        startTime: event.start_time,
        endTime: event.end_time,
      });
      await planEvent(send.organization_id, event.id);
      await deps.deliveries.setSendStatus(send.id, 'moved');
      return 'moved' satisfies SendRun;
    }
    await deps.deliveries.setSendStatus(send.id, 'sending');
    const key = scheduledSendKey(send.id);
    const people = new Map<string, EmailRecipient>();
    for (const person of await deps.recipientsOf(
      event.id,
      schedule.audience ?? emailTypeDefinition(send.email_type).audience,
    ))
      people.set(person.email.toLowerCase(), person);
    const emails = [...people.keys()];
    const entryOf = (recipient: string) => ({
      organizationId: send.organization_id,
      eventId: send.event_id,
      emailType: send.email_type,
      recipient,
    });
    const batchMessages = await deps.render
      .rendererFor({
        scheduleId: schedule.id,
        emailTemplateId: schedule.email_template_id,
        emailType: send.email_type,
        event,
      })
      .catch((error: unknown) => {
        if (error instanceof EmailTemplateNotFound) return TEMPLATE_NOT_FOUND;
        if (error instanceof EmailTemplateWithoutSubject) return TEMPLATE_WITHOUT_SUBJECT;
        throw error;
      });
    if (typeof batchMessages === 'string') {
      // No try will send it: the send ends, each of its people failed in the log with the reason.
      await deps.deliveries.recordFailed(key, emails.map(entryOf), batchMessages);
      await deps.deliveries.failRemaining(key, batchMessages);
      await deps.deliveries.setSendStatus(send.id, 'done');
      return 'done' satisfies SendRun;
    }
    const tracked = (await deps.trackedHtmlFor?.(send.organization_id)) ?? null;
    const messagesOf = async (batch: readonly EmailRecipient[]): Promise<DeliveryMessageOf> => {
      const rendered = await batchMessages(batch);
      return async (recipient, deliveryId) => {
        const message = await rendered(recipient);
        return tracked && message.html ? { ...message, html: tracked(message.html, deliveryId) } : message;
      };
    };
    for (let start = 0; start < emails.length; start += batchSize) {
      if (options.signal?.aborted) return 'retry' satisfies SendRun;
      const batch = emails.slice(start, start + batchSize);
      const suppressed = await deps.suppression.suppressedAmong(send.organization_id, batch);
      await deps.deliveries.recordSuppressed(
        key,
        batch.filter((email) => suppressed.has(email)).map(entryOf),
      );
      const claimed = await deps.deliveries.claim(
        key,
        batch.filter((email) => !suppressed.has(email)).map(entryOf),
        deps.now(),
        claimLeaseMs,
      );
      const [messageOf, sender] = await Promise.all([
        messagesOf(claimed.map((delivery) => people.get(delivery.recipient)!)),
        deps.senderOf(send.organization_id),
      ]);
      const unsent = await sendInRounds(
        claimed,
        deps.connections,
        (delivery) => sendOne(send, messageOf, sender, delivery, people.get(delivery.recipient)!),
        // A failure that may pass waits, queued, for the send's next try.
        (round) => log.settleRound(round, 'queued'),
        options.signal,
      );
      if (unsent.length > 0) {
        await deps.deliveries.release(unsent.map((delivery) => delivery.id));
        return 'retry' satisfies SendRun;
      }
      await letRequestsIn();
    }
    if ((await deps.deliveries.remaining(key)) > 0) {
      if (!options.lastTry) return 'retry' satisfies SendRun;
      await deps.deliveries.failRemaining(key, GAVE_UP);
    }
    await deps.deliveries.setSendStatus(send.id, 'done');
    return 'done' satisfies SendRun;
  }

  return { sweep, sendDue, planEvent, runSend };
}

export type EmailScheduler = ReturnType<typeof createEmailScheduler>;
