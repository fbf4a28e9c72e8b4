import { z } from 'zod';
import { EVENT_USER_STATUSES, REGISTRATION_EMAIL_TYPES } from '@studio/domain';
import type { JobQueue } from '../../../platform/jobs/job-queue.ts';
import { defineJob } from '../../../platform/jobs/job-registry.ts';

/** One registration email; `occasion` keeps a retried job from sending it twice. */
export const registrationMailPayloadSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  registrationId: z.uuid(),
  emailType: z.enum(REGISTRATION_EMAIL_TYPES),
  occasion: z.string(),
});
export type RegistrationMailPayload = z.infer<typeof registrationMailPayloadSchema>;

export const registrationMailJob = defineJob<RegistrationMailPayload>({
  name: 'registration.mail',
  payload: registrationMailPayloadSchema,
  retryLimit: 5,
});

/** Emails of many registrations (an import): the job enqueues one registrationMailJob each. */
export const registrationMailsPayloadSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  /** The import's: each email's occasion is its type and this. */
  occasion: z.string(),
  mails: z.array(z.object({ registrationId: z.uuid(), emailType: z.enum(REGISTRATION_EMAIL_TYPES) })),
});
export type RegistrationMailsPayload = z.infer<typeof registrationMailsPayloadSchema>;

export const registrationMailsJob = defineJob<RegistrationMailsPayload>({
  name: 'registration.mails',
  payload: registrationMailsPayloadSchema,
  retryLimit: 5,
});

/** Many registrations' statuses (an import's, the No Show sweep's), reported as `register` reports one's, after them. */
export const registrationActivitiesPayloadSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  registrations: z.array(z.object({ registrationId: z.uuid(), status: z.enum(EVENT_USER_STATUSES) })),
});
export type RegistrationActivitiesPayload = z.infer<typeof registrationActivitiesPayloadSchema>;

export const registrationActivitiesJob = defineJob<RegistrationActivitiesPayload>({
  name: 'registration.activities',
  payload: registrationActivitiesPayloadSchema,
  retryLimit: 5,
});

/** An organiser's registration by hand (POST /api/event/event-members/), processed later. */
export const addMemberPayloadSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
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
});
export type AddMemberPayload = z.infer<typeof addMemberPayloadSchema>;

export const addMemberJob = defineJob<AddMemberPayload>({
  name: 'registration.add-member',
  payload: addMemberPayloadSchema,
  retryLimit: 3,
});

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
}

/** Registration's jobs: registered by every process (the API enqueues them), run by workers. */
export function registerRegistrationsJobs(queue: JobQueue, work: RegistrationsWork): void {
  queue.register(registrationMailJob, (payload) => work.sendMail(payload));
  queue.register(registrationMailsJob, (payload) => work.enqueueMails(payload));
  queue.register(registrationActivitiesJob, (payload) => work.reportStatuses(payload));
  queue.register(addMemberJob, (payload) => work.addMember(payload));
  queue.register(noShowSweepJob, async () => {
    await work.sweepNoShows();
  });
  queue.every(noShowSweepJob, {}, NO_SHOW_SWEEP_SECONDS);
}
