import {
  emailTypeDefinition,
  offsetOf,
  PEOPLE_JOB_UPDATED,
  PEOPLE_REMINDER_WINDOW_MINUTES,
  PEOPLE_REMINDERS,
  scheduledSendTime,
  type PeopleEmailType,
  type PeopleJob,
} from '@studio/domain';
import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import {
  defineJob,
  eventJobPayload,
  letRequestsIn,
  type JobContext,
  type PayloadOf,
} from '../../platform/jobs/job-registry.ts';
import type { Realtime } from '../../platform/realtime/gateway.ts';
import type { ScheduledEvent } from '../back-office/events/event-core.service.ts';
import type { EventPeopleDirectory, EventPersonRecord } from '../event-roles/event-people.ts';
import type { PeopleEmails } from './email-content.ts';
import { calendarOccasion, type EventInvitationsRepository } from './event-invitations.repository.ts';
import { inviteTypeOf, type MailingContext, type PeopleMailer, type SessionTimes } from './people-mailer.ts';

/** Invitations of some of an event's people; `peopleJob` names a bulk invitation's progress row. */
export const inviteJob = defineJob({
  name: 'people.invite',
  payload: eventJobPayload.extend({
    eventRoleIds: z.array(z.uuid()),
    calendar: z.boolean(),
    /** The occasion each email is logged under: a retry of this job sends nothing twice. */
    occasion: z.string(),
    peopleJob: z.uuid().nullable(),
  }),
  retryLimit: 5,
});
export type InvitePayload = PayloadOf<typeof inviteJob>;

/** Sessions moved: the people holding their calendar entries get the updated invitation. */
export const sessionsMovedJob = defineJob({
  name: 'people.sessions-moved',
  payload: eventJobPayload.extend({
    broadcastIds: z.array(z.uuid()).min(1),
    occasion: z.string(),
  }),
  retryLimit: 5,
});
export type SessionsMovedPayload = PayloadOf<typeof sessionsMovedJob>;

/** Every minute on the workers: the speaker and staff reminders that are due. */
export const remindersSweepJob = defineJob<Record<string, never>>({
  name: 'people.reminders',
  payload: z.object({}).strict(),
  retryLimit: 2,
});

/** A bulk invitation's progress is saved and pushed after every this many people. */
const PROGRESS_EVERY = 25;

export interface EventInvitationsJobsDeps {
  repository: EventInvitationsRepository;
  mailer: PeopleMailer;
  realtime: Pick<Realtime, 'publish'>;
  /** The events of an organisation among these ids (the back office's `programmeEventsByIds`). */
  eventsByIds: (organizationId: string, ids: readonly string[]) => Promise<ScheduledEvent[]>;
  startingBetween: (from: Date, to: Date) => Promise<ScheduledEvent[]>;
  /** The email module: each event's schedule of the reminders (their switch and time). */
  emails: () => Pick<PeopleEmails, 'scheduleOf' | 'eventsDueBetween'>;
  sessionTimes: (eventId: string, ids: readonly string[]) => Promise<SessionTimes[]>;
  directory: () => EventPeopleDirectory;
  now: () => Date;
}

/** The invitations' and reminders' work, run by the jobs below (and by tests at a fixed `now`). */
export function createInvitationsWork(deps: EventInvitationsJobsDeps) {
  const { repository, mailer } = deps;

  async function contextOf(
    event: ScheduledEvent,
    people: readonly EventPersonRecord[],
    calendar: boolean,
  ): Promise<MailingContext> {
    const sessionIds = [...new Set(people.flatMap((person) => person.broadcastIds))];
    const sessions = await deps.sessionTimes(event.id, sessionIds);
    return {
      event,
      sessions: new Map(sessions.map((session) => [session.id, session])),
      calendarsSent: calendar ? await repository.calendarsSent(event.id, sessionIds) : new Map(),
      calendar,
    };
  }

  async function progress(
    organizationId: string,
    id: string,
    changes: { state?: PeopleJob['state']; done?: number },
  ) {
    const job = await repository.updateJob(id, changes);
    if (job)
      await deps.realtime.publish(
        organizationId,
        { type: PEOPLE_JOB_UPDATED, data: { ...job, eventId: job.event } },
        { eventId: job.event },
      );
  }

  async function invite(payload: InvitePayload): Promise<void> {
    const { peopleJob, organizationId } = payload;
    const [event] = await deps.eventsByIds(organizationId, [payload.eventId]);
    if (!event) {
      if (peopleJob) await progress(organizationId, peopleJob, { state: 'failed' });
      return;
    }
    if (peopleJob) await progress(organizationId, peopleJob, { state: 'running' });
    const people = await deps.directory().peopleOf(event.id, { eventRoleIds: payload.eventRoleIds });
    const context = await contextOf(event, people, payload.calendar);
    let invited: string[] = [];
    for (const [index, person] of people.entries()) {
      await letRequestsIn();
      const emailType = inviteTypeOf(person);
      if (emailType) {
        await mailer.send(person, emailType, payload.occasion, context);
        invited.push(person.eventRoleId);
      }
      const last = index === people.length - 1;
      if ((index + 1) % PROGRESS_EVERY === 0 || last) {
        await deps.directory().markInvited(invited, deps.now());
        invited = [];
        if (peopleJob && !last) await progress(organizationId, peopleJob, { done: index + 1 });
      }
    }
    // People removed meanwhile count as done: the job covers what it was asked for.
    if (peopleJob)
      await progress(organizationId, peopleJob, { state: 'done', done: payload.eventRoleIds.length });
  }

  async function sessionsMoved(payload: SessionsMovedPayload): Promise<void> {
    const [event] = await deps.eventsByIds(payload.organizationId, [payload.eventId]);
    if (!event) return;
    const people = (await deps.directory().peopleInSessions(payload.broadcastIds)).filter(
      (person) => person.eventId === event.id,
    );
    const context = await contextOf(event, people, true);
    for (const person of people) {
      await letRequestsIn();
      const sent = context.calendarsSent.get(person.userId) ?? [];
      const outdated = payload.broadcastIds.some((id) => {
        const session = context.sessions.get(id);
        return (
          session !== undefined &&
          person.broadcastIds.includes(id) &&
          sent.some((occasion) => occasion.startsWith(`${id}@`)) &&
          !sent.includes(calendarOccasion(session))
        );
      });
      const emailType = inviteTypeOf(person);
      if (outdated && emailType) await mailer.send(person, emailType, payload.occasion, context);
    }
  }

  /**
   * The events that may have a reminder of this type due in (from, to]: those starting its default
   * time later, and those whose schedule of it (its time edited) falls due then.
   */
  async function candidatesOf(emailType: PeopleEmailType, from: Date, to: Date): Promise<ScheduledEvent[]> {
    const before = emailTypeDefinition(emailType).minutes * 60_000;
    const byDefault = await deps.startingBetween(
      new Date(from.getTime() + before),
      new Date(to.getTime() + before),
    );
    const scheduled = await deps.emails().eventsDueBetween(emailType, from, to);
    const known = new Set(byDefault.map((event) => event.id));
    const othersByOrganization = new Map<string, string[]>();
    for (const row of scheduled.filter((row) => !known.has(row.eventId))) {
      const ids = othersByOrganization.get(row.organizationId) ?? [];
      ids.push(row.eventId);
      othersByOrganization.set(row.organizationId, ids);
    }
    const others = await Promise.all(
      [...othersByOrganization].map(([organizationId, ids]) => deps.eventsByIds(organizationId, ids)),
    );
    return [...byDefault, ...others.flat()];
  }

  /**
   * The reminders due at `now`: for each reminder type, the events whose schedule of it (switched
   * on; its time from the start or end, by default before the start) passed within the window, to
   * the type's audience, once per person and event start — a rescheduled event gets them for its
   * new start, never the old one.
   */
  async function sweepReminders(now: Date): Promise<void> {
    const from = new Date(now.getTime() - PEOPLE_REMINDER_WINDOW_MINUTES * 60_000);
    for (const reminder of PEOPLE_REMINDERS) {
      for (const event of await candidatesOf(reminder.type, from, now)) {
        const schedule = await deps.emails().scheduleOf(event, reminder.type);
        if (!schedule?.active) continue;
        const due = scheduledSendTime(
          { startTime: event.start_time, endTime: event.end_time },
          { relativeTime: schedule.relativeTime, ...offsetOf(schedule.offsetMinutes) },
        );
        if (due <= from || due > now) continue;
        const people = await deps.directory().peopleOf(event.id, { audience: reminder.audience });
        const context = await contextOf(event, people, false);
        for (const person of people) {
          await letRequestsIn();
          await mailer.send(person, reminder.type, event.start_time.toISOString(), context);
        }
      }
    }
  }

  return { invite, sessionsMoved, sweepReminders, progress };
}

export type InvitationsWork = ReturnType<typeof createInvitationsWork>;

/** The people emails' jobs: registered by every process (the API sends them), run by workers. */
export function registerInvitationsJobs(queue: JobQueue, work: InvitationsWork, now: () => Date): void {
  queue.register(inviteJob, async (payload: InvitePayload, context: JobContext) => {
    try {
      await work.invite(payload);
    } catch (error) {
      // After the last try the organiser's progress bar must not spin for ever.
      if (context.lastTry && payload.peopleJob)
        await work.progress(payload.organizationId, payload.peopleJob, { state: 'failed' });
      throw error;
    }
  });
  queue.register(sessionsMovedJob, (payload) => work.sessionsMoved(payload));
  queue.register(remindersSweepJob, () => work.sweepReminders(now()));
  queue.every(remindersSweepJob, {}, 60);
}
