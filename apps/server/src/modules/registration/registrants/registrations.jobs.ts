import { z } from 'zod';
import { EVENT_USER_STATUSES, REGISTRATION_EMAIL_TYPES } from '@studio/domain';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { defineJob, eventJobPayload, type PayloadOf } from '../../../platform/jobs/job-registry.ts';

/** One registration email; `occasion` keeps a retried job from sending it twice. */
export const registrationMailJob = defineJob({
  name: 'registration.mail',
  payload: eventJobPayload.extend({
    registrationId: z.uuid(),
    emailType: z.enum(REGISTRATION_EMAIL_TYPES),
    occasion: z.string(),
  }),
  retryLimit: 5,
});
export type RegistrationMailPayload = PayloadOf<typeof registrationMailJob>;

/** Emails of many registrations (an import): the job enqueues one registrationMailJob each. */
export const registrationMailsJob = defineJob({
  name: 'registration.mails',
  payload: eventJobPayload.extend({
    /** The import's: each email's occasion is its type and this. */
    occasion: z.string(),
    mails: z.array(z.object({ registrationId: z.uuid(), emailType: z.enum(REGISTRATION_EMAIL_TYPES) })),
  }),
  retryLimit: 5,
});
export type RegistrationMailsPayload = PayloadOf<typeof registrationMailsJob>;

/** Many registrations' statuses (an import's, the No Show sweep's), reported as `register` reports one's, after them. */
export const registrationActivitiesJob = defineJob({
  name: 'registration.activities',
  payload: eventJobPayload.extend({
    registrations: z.array(z.object({ registrationId: z.uuid(), status: z.enum(EVENT_USER_STATUSES) })),
  }),
  retryLimit: 5,
});
export type RegistrationActivitiesPayload = PayloadOf<typeof registrationActivitiesJob>;

/** An organiser's registration by hand (POST /api/event/event-members/), processed later. */
export const addMemberJob = defineJob({
  name: 'registration.add-member',
  payload: eventJobPayload.extend({
    person: z.object({
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      company: z.string().optional(),
      title: z.string().optional(),
    }),
    status: z.enum(EVENT_USER_STATUSES).optional(),
    /** The form's answers, checked when the call was taken, and the form they answer. */
    answers: z.record(z.string(), z.unknown()).optional(),
    formId: z.uuid().nullable().optional(),
    sendEmail: z.boolean(),
  }),
  retryLimit: 3,
});
export type AddMemberPayload = PayloadOf<typeof addMemberJob>;

/**
 * Tells the event's studio pages that its registrants changed: sent in the writing transaction, so
 * it runs only once that committed; one waits per event, however many registrations come meanwhile.
 */
export const registrantsUpdatedJob = defineJob({
  name: 'registration.registrants-updated',
  payload: eventJobPayload,
  retryLimit: 2,
  oneWaitingPerKey: true,
});
export type RegistrantsUpdatedPayload = PayloadOf<typeof registrantsUpdatedJob>;

/** Every minute: the Registered people of events ended (and past the grace) become No Shows. */
export const NO_SHOW_SWEEP_SECONDS = 60;
export const noShowSweepJob = defineJob<Record<string, never>>({
  name: 'registration.no-show-sweep',
  payload: z.object({}).strict(),
  retryLimit: 0,
});

export interface RegistrationsWork {
  sendMail(payload: RegistrationMailPayload): Promise<void>;
  enqueueMails(payload: RegistrationMailsPayload): Promise<void>;
  reportStatuses(payload: RegistrationActivitiesPayload): Promise<void>;
  addMember(payload: AddMemberPayload): Promise<void>;
  sweepNoShows(): Promise<number>;
  registrantsUpdated(payload: RegistrantsUpdatedPayload): Promise<void>;
}

/** Registration's jobs: registered by every process (the API enqueues them), run by workers. */
export function registerRegistrationsJobs(queue: JobQueue, work: RegistrationsWork): void {
  queue.register(registrationMailJob, (payload) => work.sendMail(payload));
  queue.register(registrationMailsJob, (payload) => work.enqueueMails(payload));
  queue.register(registrationActivitiesJob, (payload) => work.reportStatuses(payload));
  queue.register(addMemberJob, (payload) => work.addMember(payload));
  queue.register(registrantsUpdatedJob, (payload) => work.registrantsUpdated(payload));
  queue.register(noShowSweepJob, async () => {
    await work.sweepNoShows();
  });
  queue.every(noShowSweepJob, {}, NO_SHOW_SWEEP_SECONDS);
}
