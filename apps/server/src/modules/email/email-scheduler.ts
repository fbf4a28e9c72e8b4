import {
  emailTypeDefinition,
  offsetOf,
  scheduledSendTime,
  type EmailAudience,
  type EmailType,
} from '@studio/domain';
import { letRequestsIn } from '../../platform/jobs/job-registry.ts';
import type { MailMessage, MailOutcome } from '../../platform/mail/mail.ts';
import type { EmailDeliveriesRepository, EmailSendRecord } from './email-deliveries.repository.ts';
import type { EmailSchedulesRepository } from './email-schedules.repository.ts';
import type { SuppressionList } from './suppression.ts';

/** A person a scheduled email goes to. */
export interface EmailRecipient {
  email: string;
  firstName: string;
  lastName: string;
  userId: string | null;
}

/** The event a send belongs to, as the message needs it. */
export interface ScheduledEvent {
  id: string;
  title: string;
  organizationId: string;
  start_time: Date;
  end_time: Date;
  timezone: string;
}

/** The message of one scheduled email to one person (the templates' renderer fills it). */
export interface ScheduledEmailRenderer {
  renderFor(input: {
    scheduleId: string;
    emailTemplateId: string | null;
    emailType: EmailType;
    event: ScheduledEvent;
    recipient: EmailRecipient;
  }): Promise<Pick<MailMessage, 'subject' | 'text' | 'html' | 'attachments'>>;
}

export interface EmailSchedulerDeps {
  schedules: EmailSchedulesRepository;
  deliveries: EmailDeliveriesRepository;
  suppression: SuppressionList;
  /** The event of the organisation (undefined once deleted). */
  eventOf: (organizationId: string, eventId: string) => Promise<ScheduledEvent | undefined>;
  /** Events starting in this window (their default schedules are written before they are due). */
  startingBetween: (from: Date, to: Date) => Promise<ScheduledEvent[]>;
  /** The audience of the event as of now. */
  recipientsOf: (eventId: string, audience: EmailAudience) => Promise<EmailRecipient[]>;
  render: ScheduledEmailRenderer;
  /** Sends one message of the organisation (its sender, once verified; the log's id for bounces). */
  deliver: (message: MailMessage, organizationId: string) => Promise<MailOutcome>;
  /** Enqueues the durable job of one send. */
  enqueue: (sendId: string) => Promise<void>;
  now: () => Date;
  /** Messages claimed at once (each batch is awaited before the next: back-pressure). Default 200. */
  batchSize?: number;
  /** A message claimed longer ago than this by a worker that died is sent again. Default 5 min. */
  claimLeaseMs?: number;
}

/** A due time missed by more than this (the workers were down) is not sent late. */
const MISSED_SEND_GRACE_MS = 60 * 60_000;
/** The longest default offset before a start: events starting within it get their defaults. */
const DEFAULTS_HORIZON_MS = 8 * 24 * 3_600_000;

/** How a run of a send ended. */
export type SendRun = 'done' | 'moved' | 'retry';

/**
 * The email scheduler (issue 33 §5). Every minute a sweep turns each due schedule into a send (one
 * per schedule and time) with its durable job; the job sends the email to each person of the
 * audience as of then, exactly once: a delivery row unique per (send, recipient) is claimed in a
 * transaction before the message leaves, so a second worker or a retry skips whoever is claimed
 * or done.
 */
export function createEmailScheduler(deps: EmailSchedulerDeps) {
  const batchSize = deps.batchSize ?? 200;
  const claimLeaseMs = deps.claimLeaseMs ?? 5 * 60_000;

  async function sweep(): Promise<number> {
    const now = deps.now();
    for (const event of await deps.startingBetween(now, new Date(now.getTime() + DEFAULTS_HORIZON_MS)))
      await deps.schedules.ensureDefaults(
        { organizationId: event.organizationId, type: 'event', id: event.id },
        { startTime: event.start_time, endTime: event.end_time },
      );
    let created = 0;
    for (const schedule of await deps.schedules.due(now, MISSED_SEND_GRACE_MS)) {
      const sendId = await deps.deliveries.createSend({
        organizationId: schedule.organization_id,
        scheduleId: schedule.id,
        eventId: schedule.owner_id,
        emailType: schedule.email_type,
        dueAt: schedule.send_at!,
      });
      if (!sendId) continue;
      await deps.enqueue(sendId);
      created += 1;
    }
    return created;
  }

  /** Sends one batch's claimed messages one after the other; answers the ids still unsent when stopped. */
  async function sendClaimed(
    send: EmailSendRecord,
    context: { scheduleId: string; emailTemplateId: string | null; event: ScheduledEvent },
    claimed: { id: string; recipient: string }[],
    people: Map<string, EmailRecipient>,
    signal: AbortSignal | undefined,
  ): Promise<string[]> {
    for (const [index, delivery] of claimed.entries()) {
      if (signal?.aborted) return claimed.slice(index).map((entry) => entry.id);
      const recipient = people.get(delivery.recipient)!;
      const message = await deps.render.renderFor({
        scheduleId: context.scheduleId,
        emailTemplateId: context.emailTemplateId,
        emailType: send.email_type,
        event: context.event,
        recipient,
      });
      const outcome = await deps.deliver(
        { ...message, to: recipient.email, deliveryToken: delivery.id },
        send.organization_id,
      );
      if (outcome.sent) {
        await deps.deliveries.settle(delivery.id, { status: 'sent' });
      } else if (outcome.permanent) {
        // A synchronous 5xx is a hard bounce: the organisation never writes to the address again.
        await deps.deliveries.settle(delivery.id, { status: 'bounced', reason: outcome.reason });
        await deps.suppression.suppress(send.organization_id, delivery.recipient, 'bounced', outcome.reason);
      } else {
        await deps.deliveries.settle(delivery.id, { status: 'queued', reason: outcome.reason });
      }
    }
    return [];
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
      // The event moved since the send was made: the schedule follows it, the sweep sends at the new time.
      await deps.schedules.followEvent(send.organization_id, event.id, {
        startTime: event.start_time,
        endTime: event.end_time,
      });
      await deps.deliveries.setSendStatus(send.id, 'moved');
      return 'moved' satisfies SendRun;
    }
    await deps.deliveries.setSendStatus(send.id, 'sending');
    const people = new Map<string, EmailRecipient>();
    for (const person of await deps.recipientsOf(
      event.id,
      schedule.audience ?? emailTypeDefinition(send.email_type).audience,
    ))
      people.set(person.email.toLowerCase(), person);
    const emails = [...people.keys()];
    const context = { scheduleId: schedule.id, emailTemplateId: schedule.email_template_id, event };
    for (let start = 0; start < emails.length; start += batchSize) {
      if (options.signal?.aborted) return 'retry' satisfies SendRun;
      const batch = emails.slice(start, start + batchSize);
      const suppressed = await deps.suppression.suppressedAmong(send.organization_id, batch);
      await deps.deliveries.recordSuppressed(
        send,
        batch.filter((email) => suppressed.has(email)),
      );
      const claimed = await deps.deliveries.claim(
        send,
        batch.filter((email) => !suppressed.has(email)),
        deps.now(),
        claimLeaseMs,
      );
      const unsent = await sendClaimed(send, context, claimed, people, options.signal);
      if (unsent.length > 0) {
        await deps.deliveries.release(unsent);
        return 'retry' satisfies SendRun;
      }
      await letRequestsIn();
    }
    if ((await deps.deliveries.remaining(send.id)) > 0) {
      if (!options.lastTry) return 'retry' satisfies SendRun;
      await deps.deliveries.failRemaining(send.id, 'Gave up after the last try.');
    }
    await deps.deliveries.setSendStatus(send.id, 'done');
    return 'done' satisfies SendRun;
  }

  return { sweep, runSend };
}

export type EmailScheduler = ReturnType<typeof createEmailScheduler>;
