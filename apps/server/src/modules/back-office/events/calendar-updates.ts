import { isScheduled } from '@studio/domain';
import { z } from 'zod';
import type { Executor } from '../../../platform/db/executor.ts';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { defineJob } from '../../../platform/jobs/job-registry.ts';
import { calendarInviteMail, type CalendarMailer, type InviteEvent } from './calendar-invite.ts';
import type { CalendarInvitesRepository } from './calendar-invites.repository.ts';
import type { EventRecord, EventsRepository } from './events.repository.ts';

/** After a reschedule: the event's up-to-date invitation to whoever does not hold it yet. */
export const eventCalendarUpdateJob = defineJob<{ eventId: string }>({
  name: 'events.calendar-update',
  payload: z.object({ eventId: z.uuid() }),
  retryLimit: 5,
});

const recipientSchema = z.object({ email: z.string(), first_name: z.string(), last_name: z.string() });
const cancelPayloadSchema = z.object({
  event: z.object({
    id: z.uuid(),
    organization_id: z.uuid(),
    title: z.string(),
    description: z.string().nullable(),
    location: z.string().nullable(),
    start_time: z.coerce.date(),
    end_time: z.coerce.date(),
    timezone: z.string(),
    calendar_sequence: z.number().int(),
  }),
  recipients: z.array(recipientSchema),
  /** Tries made so far (the recipients are those the earlier tries did not reach). */
  tries: z.number().int(),
});
const CANCEL_TRIES = 5;

/** A deleted event's METHOD:CANCEL to its registrants, read before the event went (they go with it). */
export const eventCalendarCancelJob = defineJob({
  name: 'events.calendar-cancel',
  payload: cancelPayloadSchema,
  retryLimit: 5,
});

export interface CalendarUpdatesDeps {
  events: EventsRepository;
  invites: CalendarInvitesRepository;
  jobs: JobQueue;
  mailer: CalendarMailer;
  /** The address invitations come from (the ORGANIZER of the .ics). */
  organizerEmail: string;
  /** The event's public page on its organisation's attendee origin, which the invitation links. */
  eventPageUrl: (organizationId: string, eventId: string) => Promise<string>;
}

const inviteEventOf = (event: InviteEvent): InviteEvent => ({
  id: event.id,
  organization_id: event.organization_id,
  title: event.title,
  description: event.description,
  location: event.location,
  start_time: event.start_time,
  end_time: event.end_time,
  timezone: event.timezone,
  calendar_sequence: event.calendar_sequence,
});

/**
 * An event's calendar invitations (one UID per event): sent on request, sent again by themselves
 * after a reschedule (SEQUENCE rises), and withdrawn with METHOD:CANCEL when the event is deleted.
 */
export function createCalendarUpdates(deps: CalendarUpdatesDeps) {
  const { invites, jobs } = deps;

  /**
   * Sends the event's current invitation (METHOD:REQUEST) to its recipients. Without `forced`,
   * people who already hold this version are skipped (so a retry sends nobody twice).
   */
  async function sendInvites(event: EventRecord, request: { forced: boolean; only_attendees: boolean }) {
    const recipients = await invites.calendarRecipients(event, request.only_attendees);
    const held = await invites.invitesSent(event.id);
    const pageUrl = await deps.eventPageUrl(event.organization_id, event.id);
    const answer = { recipients: recipients.length, sent: 0, skipped: 0, failed: 0 };
    for (const recipient of recipients) {
      if (!request.forced && held.get(recipient.email.toLowerCase()) === event.calendar_sequence) {
        answer.skipped += 1;
        continue;
      }
      const delivered = await deps.mailer.send(
        calendarInviteMail(event, recipient, deps.organizerEmail, pageUrl),
      );
      if (delivered) {
        await invites.recordInvite(event.id, recipient.email, event.calendar_sequence);
        answer.sent += 1;
      } else {
        answer.failed += 1;
      }
    }
    return answer;
  }

  return {
    sendInvites,

    /** The event's calendar entry changed (its times, through the event core's link, or its place): its registrants get the update. */
    async entryChanged(_organizationId: string, eventId: string): Promise<void> {
      await jobs.send(eventCalendarUpdateJob, { eventId });
    },

    /** Call before the transaction that deletes events (the queue must be open). */
    ready: () => jobs.ready(),

    /** Inside the deleting transaction, before the row goes: its registrants' cancellation is queued with it. */
    async deleting(event: EventRecord, tx: Executor): Promise<void> {
      if (!isScheduled(event.event_type)) return;
      const recipients = await invites.calendarRecipients(event, true, tx);
      if (recipients.length === 0) return;
      await jobs.send(eventCalendarCancelJob, { event: inviteEventOf(event), recipients, tries: 0 }, { tx });
    },

    /** After the deleting transaction committed. */
    deleted: () => jobs.nudge(eventCalendarCancelJob),

    register(queue: JobQueue): void {
      queue.register(eventCalendarUpdateJob, async ({ eventId }) => {
        const event = await deps.events.findById(eventId);
        if (!event || !isScheduled(event.event_type)) return;
        const { failed } = await sendInvites(event, { forced: false, only_attendees: true });
        if (failed > 0) throw new Error(`${failed} calendar updates of event ${eventId} did not leave`);
      });
      // The event's rows are gone: those not reached get a later job of their own (nobody gets two).
      queue.register(eventCalendarCancelJob, async ({ event, recipients, tries }) => {
        const missed: typeof recipients = [];
        const pageUrl = await deps.eventPageUrl(event.organization_id, event.id);
        for (const recipient of recipients) {
          const cancel = calendarInviteMail(
            event,
            recipient,
            deps.organizerEmail,
            pageUrl,
            undefined,
            'CANCEL',
          );
          if (!(await deps.mailer.send(cancel))) missed.push(recipient);
        }
        if (missed.length > 0 && tries + 1 < CANCEL_TRIES)
          await jobs.send(
            eventCalendarCancelJob,
            { event, recipients: missed, tries: tries + 1 },
            { startAfterSeconds: 60 * (tries + 1) },
          );
      });
    },
  };
}

export type CalendarUpdates = ReturnType<typeof createCalendarUpdates>;
