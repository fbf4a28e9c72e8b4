import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { EmailConfig, PeopleEmailType, PeopleJob } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { EventCore } from '../back-office/events/event-core.service.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { PeopleInvitations } from '../event-roles/event-people.ts';
import { emailConfigsOf, type PeopleEmails } from './email-content.ts';
import type { EventInvitationsRepository } from './event-invitations.repository.ts';
import { inviteJob, sessionsMovedJob } from './event-invitations.jobs.ts';

export interface EventInvitationsServiceDeps {
  db: Executor;
  jobs: JobQueue;
  repository: EventInvitationsRepository;
  events: Pick<EventCore, 'programmeEventOf'>;
  /** The email module: the event's templates and schedule of the people emails. */
  emails: () => PeopleEmails;
}

/** Invitations (the `PeopleInvitations` of event roles), the email config list and bulk progress. */
export function createEventInvitationsService(deps: EventInvitationsServiceDeps) {
  const { db, jobs, repository, events } = deps;

  const invitations: PeopleInvitations = {
    ready: () => jobs.ready(),

    async enqueue(input, tx) {
      if (input.eventRoleIds.length === 0) return;
      await jobs.send(
        inviteJob,
        {
          ...input,
          eventRoleIds: [...input.eventRoleIds],
          occasion: `invite:${randomUUID()}`,
          peopleJob: null,
        },
        { tx },
      );
    },

    async enqueueBulk(input) {
      await jobs.ready();
      const id = await db.transaction().execute(async (tx) => {
        // The organiser waits on this answer, not on the disk: the commit stays atomic, but
        // PostgreSQL flushes it within its WAL writer delay (200 ms) instead of before answering.
        // A database crash in that window loses this enqueue whole (the job shows as not found
        // and the organiser sends again); it never leaves half of it.
        await sql`set local synchronous_commit = off`.execute(tx);
        const jobId = await repository.insertJob({ ...input, total: input.eventRoleIds.length }, tx);
        await jobs.send(
          inviteJob,
          { ...input, eventRoleIds: [...input.eventRoleIds], occasion: `invite:${jobId}`, peopleJob: jobId },
          { tx },
        );
        return jobId;
      });
      jobs.nudge(inviteJob);
      return id;
    },
  };

  return {
    invitations,

    /**
     * After a committed move of sessions (the agenda's hook): when anyone holds a calendar entry
     * of one of them, a job sends those people the updated invitation.
     */
    async sessionsMoved(
      organizationId: string,
      eventId: string,
      broadcastIds: readonly string[],
    ): Promise<void> {
      if (!(await repository.anyCalendarSent(eventId, broadcastIds))) return;
      await jobs.send(sessionsMovedJob, {
        organizationId,
        eventId,
        broadcastIds: [...broadcastIds],
        occasion: `moved:${randomUUID()}`,
      });
    },

    /** GET /api/event/email-config/: the event's people emails (organisers who may read the event). */
    async emailConfigs(
      caller: Caller,
      eventId: string,
      emailType: PeopleEmailType | undefined,
      page: PageRequest,
    ): Promise<{ count: number; results: EmailConfig[] }> {
      const { event } = await events.programmeEventOf(caller, eventId, 'event:read');
      const all = await emailConfigsOf(deps.emails(), event, emailType);
      return { count: all.length, results: all.slice(page.offset, page.offset + page.limit) };
    },

    /** GET /api/event/people-jobs/{id}/: a bulk invitation of an event the caller may read. */
    async peopleJob(caller: Caller, id: string): Promise<PeopleJob> {
      const job =
        caller.organizationId && isUuid(id) ? await repository.findJob(caller.organizationId, id) : undefined;
      if (!job) throw notFound();
      await events.programmeEventOf(caller, job.event, 'event:read');
      return job;
    },
  };
}

export type EventInvitationsService = ReturnType<typeof createEventInvitationsService>;
