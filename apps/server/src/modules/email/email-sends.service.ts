import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  emailTemplateMessages,
  NOT_REGISTERED_USER_CODE,
  SENT_EMAIL_TYPES,
  templateHasSubject,
  type EmailSendAnswer,
  type SendBulkEmail,
  type SendCustomEmail,
  type SendTestEmail,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { defineJob, letRequestsIn } from '../../platform/jobs/job-registry.ts';
import type { EmailComposer, EmailEventFacts, EmailRecipient, RegistrantLinksOf } from './email-composer.ts';
import type { TemplateContext } from './email-templates.repository.ts';
import type { EmailTemplatesService } from './email-templates.service.ts';
import type { EmailSuppressions } from './unsubscribe.ts';
import { registrantsSendKey, type EmailDeliveriesRepository } from './email-deliveries.repository.ts';
import { GAVE_UP, sendInRounds } from './email-scheduler.ts';

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
  jobs: Pick<JobQueue, 'send'>;
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
  /** The event's public page: a test email's links for a reader who holds no registration. */
  eventPageUrl: (organizationId: string, eventId: string) => Promise<string>;
  registrantsOf: (
    eventId: string,
    page: { limit: number; offset: number },
  ) => Promise<{ count: number; results: EmailRegistrant[] }>;
  /** Each registrant's cancel link and check-in code. */
  registrantLinks: RegistrantLinksOf;
  /** The suppression list (bounced, complained, unsubscribed): custom and bulk emails skip it. */
  suppressions: () => Pick<EmailSuppressions, 'suppressedAmong'>;
  /** The delivery log's claims: each registrant's message once per send, resumed by a retry. */
  claims: () => Pick<
    EmailDeliveriesRepository,
    'claim' | 'recordSuppressed' | 'release' | 'remaining' | 'failRemaining'
  >;
  /** Messages sent at once: the mail service's pooled connections. */
  connections: number;
  /** The series' events (the caller sees the series): a series' email goes to their registrants. */
  seriesEventsOf: (caller: Caller, seriesId: string) => Promise<string[]>;
  now?: () => Date;
  /** A message claimed longer ago than this by a worker that died is sent again. Default 5 min. */
  claimLeaseMs?: number;
}

/** A custom (chosen registrants) or bulk (all of them) email of an event or series, sent by the worker. */
const registrantsEmailPayloadSchema = z.object({
  /** The send's key: each recipient's message is claimed once under it, whichever try sends it. */
  sendId: z.uuid(),
  organizationId: z.uuid(),
  context: z.enum(['event', 'series']),
  ownerId: z.uuid(),
  /** The event, or the series' events: their registrants, each address once. */
  eventIds: z.array(z.uuid()),
  templateId: z.uuid(),
  /** The chosen registrations; none: every registrant. */
  registrationIds: z.array(z.uuid()).optional(),
});
type RegistrantsEmailPayload = z.infer<typeof registrantsEmailPayloadSchema>;

/**
 * Retried like the scheduler's sends: a try that stops, fails or dies (its job expires) leaves its
 * messages queued or claimed, and the next try sends those and no others.
 */
export const registrantsEmailJob = defineJob<RegistrantsEmailPayload>({
  name: 'email.registrants',
  payload: registrantsEmailPayloadSchema,
  retryLimit: 8,
  retryDelaySeconds: 30,
});

export class RegistrantsEmailNotFinished extends Error {
  constructor(sendId: string) {
    super(`Registrants email ${sendId} has messages waiting for a retry`);
  }
}

const BATCH = 200;

const notRegistered = (emails: string[]) =>
  new HttpError(400, NOT_REGISTERED_USER_CODE, emailTemplateMessages.notRegisteredUser, {
    emails: emails.map(() => emailTemplateMessages.notRegisteredUser),
  });
const sendFailed = (message: string) => new HttpError(502, 'SEND_FAILED', message);

/** Test, custom and bulk emails (002 §7.13a, §8.12). */
export function createEmailSendsService(deps: EmailSendsDeps) {
  const { composer, templates } = deps;

  /**
   * The template a send names, when it can be sent: one saved without a subject before the subject
   * was required answers 400 on the `email_template` field (`templateHasSubject`).
   */
  async function sendableTemplate(owner: TemplateContext, id: string) {
    const template = await templates.templateForSend(owner, id);
    const message = emailTemplateMessages.subjectMissing;
    if (!templateHasSubject(template))
      throw new HttpError(400, 'VALIDATION_ERROR', message, { email_template: [message] });
    return template;
  }

  const eventOf = async (owner: TemplateContext) =>
    owner.context === 'event' ? ((await deps.eventFacts(owner.id)) ?? null) : null;

  async function recipientOf(person: EmailPerson, event: EmailEventFacts | null): Promise<EmailRecipient> {
    return { ...person, magicLink: event ? await deps.magicLinkFor(event.id, person.userId) : null };
  }

  const now = deps.now ?? (() => new Date());
  const claimLeaseMs = deps.claimLeaseMs ?? 5 * 60_000;

  async function queue(
    owner: TemplateContext & { context: 'event' | 'series' },
    eventIds: string[],
    templateId: string,
    registrationIds?: string[],
  ) {
    await deps.jobs.send(registrantsEmailJob, {
      sendId: randomUUID(),
      organizationId: owner.organizationId,
      context: owner.context,
      ownerId: owner.id,
      eventIds,
      templateId,
      registrationIds,
    });
  }

  /** The registrants of the events, each address once (the first event's registration). */
  async function registrantsOf(eventIds: string[]) {
    const byEmail = new Map<string, { eventId: string; registrant: EmailRegistrant }>();
    for (const eventId of eventIds)
      for (let offset = 0; ; offset += BATCH) {
        const { results } = await deps.registrantsOf(eventId, { limit: BATCH, offset });
        for (const registrant of results)
          if (!byEmail.has(registrant.email.toLowerCase()))
            byEmail.set(registrant.email.toLowerCase(), { eventId, registrant });
        if (results.length < BATCH) break;
      }
    return byEmail;
  }

  return {
    /** To the listed registered people, or to the signed-in organiser; each rendered with their own values. */
    async sendTest(caller: Caller, owner: TemplateContext, request: SendTestEmail): Promise<EmailSendAnswer> {
      const template = await sendableTemplate(owner, request.email_template);
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
      // The reader has no registration to cancel, maybe no entrance: the links open the event's page.
      const sample = event ? await deps.eventPageUrl(owner.organizationId, event.id) : null;
      const loggedAs = {
        organizationId: owner.organizationId,
        eventId: event?.id ?? null,
        emailType: SENT_EMAIL_TYPES.test,
      };
      let sent = 0;
      for (const person of people as EmailPerson[]) {
        const recipient = await recipientOf(person, event);
        const message = await render({
          ...recipient,
          magicLink: recipient.magicLink ?? sample,
          cancelLink: sample,
        });
        if ((await composer.deliver({ ...message, loggedAs })) === 'sent') sent += 1;
      }
      if (sent < people.length) throw sendFailed(emailTemplateMessages.sendingTestMailFailed);
      return { message: emailTemplateMessages.testEmailsSent, sent };
    },

    /** To chosen registrants of the event, sent by the worker. */
    async sendCustom(owner: TemplateContext, request: SendCustomEmail): Promise<EmailSendAnswer> {
      await sendableTemplate(owner, request.email_template);
      const registrationIds = [...new Set(request.registrants)];
      await queue({ ...owner, context: 'event' }, [owner.id], request.email_template, registrationIds);
      return { message: emailTemplateMessages.emailsSent, sent: registrationIds.length };
    },

    /**
     * To every registrant of the event, or of the series' events with each address once (the web
     * shows their total first), sent by the worker.
     */
    async sendBulk(caller: Caller, owner: TemplateContext, request: SendBulkEmail): Promise<EmailSendAnswer> {
      await sendableTemplate(owner, request.email_template);
      if (owner.context === 'series') {
        const eventIds = await deps.seriesEventsOf(caller, owner.id);
        const count = (await registrantsOf(eventIds)).size;
        await queue({ ...owner, context: 'series' }, eventIds, request.email_template);
        return { message: emailTemplateMessages.bulkEmailQueued, sent: count };
      }
      const { count } = await deps.registrantsOf(owner.id, { limit: 1, offset: 0 });
      await queue({ ...owner, context: 'event' }, [owner.id], request.email_template);
      return { message: emailTemplateMessages.bulkEmailQueued, sent: count };
    },

    /**
     * The job's try: the registrants in batches, each message claimed (once per send and address)
     * before it leaves, rendered with their event's values and sent. 'retry': messages wait, queued
     * or held by this stopped try, for the next one; after the last, they fail.
     */
    async sendToRegistrants(
      payload: RegistrantsEmailPayload,
      run: { signal?: AbortSignal; lastTry?: boolean } = {},
    ): Promise<'done' | 'retry'> {
      const { organizationId } = payload;
      const owner: TemplateContext = { context: payload.context, id: payload.ownerId, organizationId };
      const template = await templates.templateForSend(owner, payload.templateId);
      const claims = deps.claims();
      const key = registrantsSendKey(payload.sendId);
      const chosen = payload.registrationIds && new Set(payload.registrationIds);
      const emailType = chosen ? SENT_EMAIL_TYPES.custom : SENT_EMAIL_TYPES.bulk;
      // Each event's renderer and registrant links, made once per try.
      const prepared = new Map<string, ReturnType<typeof prepare>>();
      const prepare = async (event: EmailEventFacts) => {
        const [render, links] = await Promise.all([
          composer.renderer(organizationId, template, event),
          deps.registrantLinks(event),
        ]);
        return { render, links };
      };
      const facts = new Map<string, Promise<EmailEventFacts | undefined>>();
      const factsOf = (eventId: string) =>
        facts.get(eventId) ?? facts.set(eventId, deps.eventFacts(eventId)).get(eventId)!;
      const preparedFor = (event: EmailEventFacts) =>
        prepared.get(event.id) ?? prepared.set(event.id, prepare(event)).get(event.id)!;

      const waiting: { event: EmailEventFacts; registrant: EmailRegistrant }[] = [];
      for (const { eventId, registrant } of (await registrantsOf(payload.eventIds)).values()) {
        if (chosen && !chosen.has(registrant.registrationId)) continue;
        const event = await factsOf(eventId);
        if (event) waiting.push({ event, registrant });
      }
      for (let start = 0; start < waiting.length; start += BATCH) {
        if (run.signal?.aborted) return 'retry';
        const batch = waiting.slice(start, start + BATCH);
        const entryOf = ({ event, registrant }: (typeof batch)[number]) => ({
          organizationId,
          eventId: event.id,
          emailType,
          recipient: registrant.email.toLowerCase(),
        });
        const suppressed = await deps.suppressions().suppressedAmong(
          organizationId,
          batch.map((person) => person.registrant.email),
        );
        const isSuppressed = (person: (typeof batch)[number]) =>
          suppressed.has(person.registrant.email.toLowerCase());
        await claims.recordSuppressed(key, batch.filter(isSuppressed).map(entryOf));
        const people = new Map(
          batch.filter((person) => !isSuppressed(person)).map((p) => [entryOf(p).recipient, p]),
        );
        const claimed = await claims.claim(key, [...people.values()].map(entryOf), now(), claimLeaseMs);
        const unsent = await sendInRounds(
          claimed,
          deps.connections,
          async (delivery) => {
            const { event, registrant } = people.get(delivery.recipient)!;
            const { render, links } = await preparedFor(event);
            const message = await render({
              ...(await recipientOf(registrant, event)),
              ...links(registrant.registrationId),
            });
            return composer.deliverClaimed(message, { ...delivery, organizationId, eventId: event.id });
          },
          (round) => composer.settleRound(round),
          run.signal,
        );
        if (unsent.length > 0) {
          await claims.release(unsent.map((delivery) => delivery.id));
          return 'retry';
        }
        await letRequestsIn();
      }
      if ((await claims.remaining(key)) > 0) {
        if (!run.lastTry) return 'retry';
        await claims.failRemaining(key, GAVE_UP);
      }
      return 'done';
    },
  };
}

export type EmailSendsService = ReturnType<typeof createEmailSendsService>;
