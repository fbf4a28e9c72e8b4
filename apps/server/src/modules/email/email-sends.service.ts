import { z } from 'zod';
import {
  emailTemplateMessages,
  NOT_REGISTERED_USER_CODE,
  SENT_EMAIL_TYPES,
  type EmailSendAnswer,
  type SendBulkEmail,
  type SendCustomEmail,
  type SendTestEmail,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob } from '../../platform/jobs/job-registry.ts';
import type { EmailComposer, EmailEventFacts, EmailRecipient } from './email-composer.ts';
import type { TemplateContext } from './email-templates.repository.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';
import type { EmailSuppressions } from './unsubscribe.ts';
import type { DeliveryLog } from './delivery-log.ts';

/** A person the studio knows by address (a member of the organisation or a person of the event). */
export interface EmailPerson {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A registrant holding a seat (not blocked), as the registrants list pages them. */
export interface EmailRegistrant extends EmailPerson {
  registrationId: string;
}

export interface EmailSendsDeps {
  composer: EmailComposer;
  templates: EmailTemplatesService;
  jobs: JobQueue;
  eventFacts: (eventId: string) => Promise<EmailEventFacts | undefined>;
  /** The test email's recipients: a member of the organisation, or a person of the event. */
  registeredPerson: (
    organizationId: string,
    eventId: string | null,
    email: string,
  ) => Promise<EmailPerson | undefined>;
  personById: (userId: string) => Promise<EmailPerson | undefined>;
  /** The person's magic link into the event; null when they hold no role there. */
  magicLinkFor: (eventId: string, userId: string) => Promise<string | null>;
  registrantsOf: (
    eventId: string,
    page: { limit: number; offset: number },
  ) => Promise<{ count: number; results: EmailRegistrant[] }>;
  checkInCodeFor: (eventId: string, registrationId: string) => string;
  /** The suppression list (bounced, complained, unsubscribed): custom and bulk emails skip it. */
  suppressions: () => Pick<EmailSuppressions, 'suppressedAmong'>;
  /** Every message is filed in the event's delivery log (queued, then sent, failed or bounced). */
  deliveryLog: () => Pick<DeliveryLog, 'record'>;
  log: () => { error(details: object, message: string): void };
}

/** A custom (chosen registrants) or bulk (all of them) email, sent by the worker. */
const registrantsEmailPayloadSchema = z.object({
  organizationId: z.uuid(),
  eventId: z.uuid(),
  templateId: z.uuid(),
  /** The chosen registrations; none: every registrant. */
  registrationIds: z.array(z.uuid()).optional(),
});
type RegistrantsEmailPayload = z.infer<typeof registrantsEmailPayloadSchema>;

/** Not retried: a retry would send again to those already sent to (the scheduler's sends are once-only). */
export const registrantsEmailJob = defineJob<RegistrantsEmailPayload>({
  name: 'email.registrants',
  payload: registrantsEmailPayloadSchema,
  retryLimit: 0,
});

const BATCH = 200;

const notRegistered = (emails: string[]) =>
  new HttpError(400, NOT_REGISTERED_USER_CODE, emailTemplateMessages.notRegisteredUser, {
    emails: emails.map(() => emailTemplateMessages.notRegisteredUser),
  });
const sendFailed = (message: string) => new HttpError(502, 'SEND_FAILED', message);

/** Test, custom and bulk emails (002 §7.13a, §8.12). */
export function createEmailSendsService(deps: EmailSendsDeps) {
  const { composer, templates } = deps;

  const eventOf = async (owner: TemplateContext) =>
    owner.context === 'event' ? ((await deps.eventFacts(owner.id)) ?? null) : null;

  async function recipientOf(person: EmailPerson, event: EmailEventFacts | null): Promise<EmailRecipient> {
    return { ...person, magicLink: event ? await deps.magicLinkFor(event.id, person.userId) : null };
  }

  async function queue(owner: TemplateContext, templateId: string, registrationIds?: string[]) {
    const payload = { organizationId: owner.organizationId, eventId: owner.id, templateId, registrationIds };
    await deps.jobs.send(registrantsEmailJob, payload);
  }

  return {
    /** To the listed registered people, or to the signed-in organiser; each rendered with their own values. */
    async sendTest(caller: Caller, owner: TemplateContext, request: SendTestEmail): Promise<EmailSendAnswer> {
      const template = await templates.templateForSend(owner, request.email_template);
      const event = await eventOf(owner);
      const emails = [...new Set(request.emails ?? [])];
      const people = emails.length
        ? await Promise.all(
            emails.map((email) => deps.registeredPerson(owner.organizationId, event?.id ?? null, email)),
          )
        : [await deps.personById(caller.userId)];
      const missing = emails.filter((_email, index) => people[index] === undefined);
      if (missing.length > 0 || people[0] === undefined) throw notRegistered(missing);
      const render = await composer.renderer(owner.organizationId, template, event);
      const loggedAs = {
        organizationId: owner.organizationId,
        eventId: event?.id ?? null,
        emailType: SENT_EMAIL_TYPES.test,
      };
      let sent = 0;
      for (const person of people as EmailPerson[]) {
        const message = await render(await recipientOf(person, event));
        if ((await composer.deliver({ ...message, loggedAs })) === 'sent') sent += 1;
      }
      if (sent < people.length) throw sendFailed(emailTemplateMessages.sendingTestMailFailed);
      return { message: emailTemplateMessages.testEmailsSent, sent };
    },

    /** To chosen registrants of the event, sent by the worker. */
    async sendCustom(owner: TemplateContext, request: SendCustomEmail): Promise<EmailSendAnswer> {
      await templates.templateForSend(owner, request.email_template);
      const registrationIds = [...new Set(request.registrants)];
      await queue(owner, request.email_template, registrationIds);
      return { message: emailTemplateMessages.emailsSent, sent: registrationIds.length };
    },

    /** To every registrant of the event (the web shows their total first), sent by the worker. */
    async sendBulk(owner: TemplateContext, request: SendBulkEmail): Promise<EmailSendAnswer> {
      await templates.templateForSend(owner, request.email_template);
      const { count } = await deps.registrantsOf(owner.id, { limit: 1, offset: 0 });
      await queue(owner, request.email_template);
      return { message: emailTemplateMessages.bulkEmailQueued, sent: count };
    },

    /** The job: the registrants page by page, each message rendered with their values and sent. */
    async sendToRegistrants(payload: RegistrantsEmailPayload): Promise<void> {
      const owner: TemplateContext = {
        context: 'event',
        id: payload.eventId,
        organizationId: payload.organizationId,
      };
      const event = await deps.eventFacts(payload.eventId);
      if (!event) return;
      const render = await composer.renderer(
        owner.organizationId,
        await templates.templateForSend(owner, payload.templateId),
        event,
      );
      const chosen = payload.registrationIds && new Set(payload.registrationIds);
      const emailType = chosen ? SENT_EMAIL_TYPES.custom : SENT_EMAIL_TYPES.bulk;
      const log = deps.deliveryLog();
      for (let offset = 0; ; offset += BATCH) {
        const { results } = await deps.registrantsOf(payload.eventId, { limit: BATCH, offset });
        const registrants = chosen
          ? results.filter((registrant) => chosen.delete(registrant.registrationId))
          : results;
        const suppressed = await deps.suppressions().suppressedAmong(
          owner.organizationId,
          registrants.map((registrant) => registrant.email),
        );
        const entryOf = (registrant: EmailRegistrant) => ({
          organizationId: owner.organizationId,
          eventId: event.id,
          emailType,
          recipient: registrant.email,
        });
        const isSuppressed = (registrant: EmailRegistrant) => suppressed.has(registrant.email.toLowerCase());
        const waiting = registrants.filter((registrant) => !isSuppressed(registrant));
        await log.record(registrants.filter(isSuppressed).map(entryOf), 'suppressed');
        const queued = await log.record(waiting.map(entryOf), 'queued');
        for (const [index, registrant] of waiting.entries()) {
          const recipient = {
            ...(await recipientOf(registrant, event)),
            checkInCode: deps.checkInCodeFor(event.id, registrant.registrationId),
          };
          const loggedAs = { ...entryOf(registrant), deliveryId: queued[index]! };
          const outcome = await composer.deliver({ ...(await render(recipient)), loggedAs });
          if (outcome !== 'sent')
            deps
              .log()
              .error(
                { eventId: event.id, registrationId: registrant.registrationId, outcome },
                'registrant email not sent',
              );
        }
        if (results.length < BATCH || chosen?.size === 0) return;
      }
    },
  };
}

export type EmailSendsService = ReturnType<typeof createEmailSendsService>;
