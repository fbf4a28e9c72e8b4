import { z } from 'zod';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { EmailScheduler } from './email-scheduler.ts';

/** Every minute, the safety net: due schedules whose due job was missed become sends (each with its job). */
export const emailScheduleSweepJob = defineJob({
  name: 'email.schedule-sweep',
  payload: z.object({}),
  retryLimit: 1,
});

/** A schedule's send falls due: queued to start at its time (the sweep catches any job missed). */
export const emailScheduleDueJob = defineJob({
  name: 'email.schedule-due',
  payload: z.object({ scheduleId: z.uuid(), sendAt: z.iso.datetime() }),
  retryLimit: 3,
});

/** One send of a scheduled email to its audience; retried with back-off while messages wait. */
export const emailScheduledSendJob = defineJob({
  name: 'email.scheduled-send',
  payload: z.object({ sendId: z.uuid() }),
  retryLimit: 8,
  retryDelaySeconds: 30,
});

export const EMAIL_SCHEDULE_SWEEP_SECONDS = 60;

export class EmailSendNotFinished extends Error {
  constructor(sendId: string) {
    super(`Scheduled email send ${sendId} has messages waiting for a retry`);
  }
}

/** Enqueues one send's job (one job per send across processes). */
export const enqueueScheduledSend = (jobs: JobQueue) => async (sendId: string) => {
  await jobs.send(emailScheduledSendJob, { sendId }, { singletonKey: sendId });
};

/**
 * Queues each given schedule's due job at its time, after cancelling the event's jobs still
 * waiting (a schedule moved or switched off leaves no job behind).
 */
export const planScheduledSends =
  (jobs: JobQueue) =>
  async (eventId: string, due: readonly { scheduleId: string; sendAt: Date }[]): Promise<void> => {
    await jobs.cancelWaiting(emailScheduleDueJob, eventId);
    for (const { scheduleId, sendAt } of due)
      await jobs.send(
        emailScheduleDueJob,
        { scheduleId, sendAt: sendAt.toISOString() },
        { singletonKey: eventId, startAfter: sendAt },
      );
  };

/** Registered by every process (the sweep enqueues), run by the worker role. */
export function registerEmailSchedulerJobs(jobs: JobQueue, scheduler: EmailScheduler): void {
  jobs.register(emailScheduleSweepJob, async () => {
    await scheduler.sweep();
  });
  jobs.register(emailScheduleDueJob, async ({ scheduleId, sendAt }) => {
    await scheduler.sendDue(scheduleId, new Date(sendAt));
  });
  jobs.register(emailScheduledSendJob, async ({ sendId }, context) => {
    const run = await scheduler.runSend(sendId, { signal: context.signal, lastTry: context.lastTry });
    // Failing the try hands the waiting messages to pg-boss's retry with back-off.
    if (run === 'retry') throw new EmailSendNotFinished(sendId);
  });
  jobs.every(emailScheduleSweepJob, {}, EMAIL_SCHEDULE_SWEEP_SECONDS);
}
