import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  eventRegisteredPath,
  eventRegisterPath,
  REGISTER_RATE_LIMIT_PER_MINUTE,
  registerMetaSchema,
  SERIES_EVENTS_FIELD,
  seriesRegisteredPath,
  seriesRegisteredResults,
  seriesRegisterPath,
  registrationCodeMessages,
  registrationMessages,
  registrationOutcomeKeyOf,
  registrationOutcomeMessages,
  serverMessages,
  seriesFormEventOf,
  seriesRegisterMetaSchema,
  type FormioData,
  type RegisterAnswer,
  type SeriesRegisterAnswer,
  type SeriesRegisterResult,
} from '@studio/domain';
import type { z } from 'zod';
import { createRateLimiter } from '../../../platform/http/rate-limit.ts';
import type { Executor } from '../../../platform/db/executor.ts';
import type { EventCore } from '../../back-office/events/event-core.service.ts';
import type { RegistrationTokens } from '../registration-tokens.ts';
import type { RegistrationOutcome, RegistrationRequest } from '../registrations.ts';
import { answersRefused, registrantOfSubmission } from '../registrant-answers.ts';
import type { RegistrationsService } from './registrations.service.ts';

export interface PublicRegistrationDeps {
  db: Executor;
  registrations: Pick<RegistrationsService, 'register'>;
  events: Pick<EventCore, 'registrationEventOf' | 'registrableEventsOfSeries'>;
  /** The event's registration form (null: the base fields only); the forms area provides it. */
  formOfEvent: (organizationId: string, eventId: string) => Promise<(FormioData & { id?: string }) | null>;
  /** Whether the organisation offers one-click registration (flag isOneClickRegisterEnabled and plan oneClick). */
  oneClickEnabled: (organizationId: string) => Promise<boolean>;
  /** A known person's account details (one-click registration). */
  personOf: (userId: string) => Promise<{ email: string; first_name: string; last_name: string } | undefined>;
  tokens: RegistrationTokens;
}

/**
 * Lets the person a register call has just registered into the event from this browser (the
 * attendee site's, which decides whether the event is open to them now); absent on the studio.
 */
export type AdmitNewRegistrant = (reply: FastifyReply, eventId: string, userId: string) => Promise<void>;

/**
 * Whether a registration may let its browser in at once: a new seat, taken by someone the call
 * proves — a one-click token from their email, or a person no account had before the call
 * (`createdByCall`; anyone may type an address, and a known person's profile and way in stay behind
 * their email's link).
 */
const entersAtOnce = (
  outcome: RegistrationOutcome & { ok: true },
  source: RegistrationRequest['source'],
  createdByCall: boolean,
) =>
  outcome.created &&
  outcome.status === 'REGISTRATION' &&
  !outcome.awaitingApproval &&
  (createdByCall || source === 'one_click');

interface ErrorBody {
  message: string;
  code: string;
  errors?: Record<string, string[]>;
}

const send = (reply: FastifyReply, status: number, body: ErrorBody | object) =>
  reply.status(status).header('cache-control', 'no-store').send(body);

const notFound = { message: serverMessages.notFound, code: 'NOT_FOUND' };

/** A browser's own form post (no attendee script): urlencoded, asking for a page. */
const isFormPost = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded') &&
  (request.headers.accept ?? '').includes('text/html');

/** The fields of a posted body, JSON or a form (none when it is not an object). */
const postedFields = (request: FastifyRequest) =>
  (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;

/** The pages of a form posted without JavaScript: the form itself, and the confirmation of an answer. */
interface FormPages<Answer> {
  form: string;
  confirmation: (answer: Answer) => string;
}

/**
 * The register call's answer; to a form post, a 303 to the page to show: the confirmation with
 * the outcome, or the form again with the refusal's code.
 */
function answer<Answer extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  pages: FormPages<Answer>,
  status: number,
  body: ErrorBody | Answer,
) {
  if (!isFormPost(request)) return send(reply, status, body);
  const location =
    'code' in body && typeof body.code === 'string'
      ? `${pages.form}?error=${encodeURIComponent(body.code)}`
      : pages.confirmation(body as Answer);
  return reply.status(303).header('cache-control', 'no-store').header('location', location).send();
}

const eventPages = (eventId: string): FormPages<RegisterAnswer> => ({
  form: eventRegisterPath(eventId),
  confirmation: (body) => `${eventRegisteredPath(eventId)}?status=${registrationOutcomeKeyOf(body)}`,
});

const seriesPages = (seriesId: string): FormPages<SeriesRegisterAnswer> => ({
  form: seriesRegisterPath(seriesId),
  confirmation: ({ results }) =>
    `${seriesRegisteredPath(seriesId)}?results=${seriesRegisteredResults(results)}`,
});

/** A series' form as the browser posts it: the boxes of the events chosen (none ticked: none). */
function postedSeriesForm(body: Record<string, unknown>): Record<string, unknown> {
  const { [SERIES_EVENTS_FIELD]: ticked, ...answers } = body;
  return { ...answers, events: ticked === undefined ? [] : [ticked].flat() };
}

/** Zod's issues as the API's field errors. */
function invalid(error: z.ZodError): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues)
    (errors[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  const first = Object.values(errors)[0]?.[0] ?? serverMessages.validation;
  return { message: first, code: 'VALIDATION_ERROR', errors };
}

function answerOf(eventId: string, outcome: RegistrationOutcome & { ok: true }): RegisterAnswer {
  const answer = { event_user_status: outcome.status, awaiting_approval: outcome.awaitingApproval };
  return {
    event: eventId,
    ...answer,
    message: registrationOutcomeMessages[registrationOutcomeKeyOf(answer)],
  };
}

const refusal = (outcome: RegistrationOutcome & { ok: false }): ErrorBody => ({
  message: registrationCodeMessages[outcome.code] ?? registrationMessages.registrationFailed,
  code: outcome.code,
});

/**
 * The public register calls (002 §8.11), the same on the studio and on the attendee origin (the
 * attendee page posts to its own origin): no sign-in, rate-limited per client address, the body
 * checked against the event's form. One-click: `{one_click}` alone registers a known person.
 */
export function registerPublicRegistrationRoutes(
  app: FastifyInstance,
  deps: PublicRegistrationDeps,
  admitNewRegistrant?: AdmitNewRegistrant,
): void {
  const limiter = createRateLimiter(deps.db, { windowSeconds: 60 });

  /** The 429 refusal when the client address used up its minute (Retry-After set), else null. */
  async function limited(request: FastifyRequest, reply: FastifyReply): Promise<ErrorBody | null> {
    const verdict = await limiter.consume([
      { key: `register:ip:${request.ip}`, limit: REGISTER_RATE_LIMIT_PER_MINUTE },
    ]);
    if (verdict.allowed) return null;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    return { message: registrationCodeMessages.TOO_MANY_REQUESTS, code: 'TOO_MANY_REQUESTS' };
  }

  /** The registration a body asks for, or the 400 answer. */
  async function requestOf(
    organizationId: string,
    eventId: string,
    body: Record<string, unknown>,
    timezone: string | undefined,
    oneClick: string | undefined,
  ): Promise<Omit<RegistrationRequest, 'eventId'> | ErrorBody> {
    const base = { organizationId, timezone: timezone ?? null, sendEmail: true };
    if (oneClick !== undefined) {
      const token = deps.tokens.read('oneclick', oneClick);
      const person =
        token?.eventId === organizationId && (await deps.oneClickEnabled(organizationId))
          ? await deps.personOf(token.subjectId)
          : undefined;
      if (!person)
        return {
          message: serverMessages.validation,
          code: 'VALIDATION_ERROR',
          errors: { one_click: [serverMessages.validation] },
        };
      return { ...base, person, answers: {}, source: 'one_click' };
    }
    const form = await deps.formOfEvent(organizationId, eventId);
    const checked = registrantOfSubmission(form ?? { components: [] }, body);
    if (!checked.ok) return answersRefused(checked.errors).toBody();
    const { person, answers } = checked;
    return { ...base, person, answers, source: 'form', formId: form?.id ?? null };
  }

  // Public: no sign-in (`security: []` marks it so for the docs and the access matrix).
  const open = { schema: { security: [] } };
  app.post<{ Params: { id: string }; Body: unknown }>(
    '/api/event/:id/register/',
    open,
    async (request, reply) => {
      const eventAnswer = (status: number, body: ErrorBody | RegisterAnswer) =>
        answer(request, reply, eventPages(request.params.id), status, body);
      const tooMany = await limited(request, reply);
      if (tooMany) return eventAnswer(429, tooMany);
      const event = await deps.events.registrationEventOf(request.params.id, deps.db, false);
      if (!event) return send(reply, 404, notFound);
      const body = postedFields(request);
      const meta = registerMetaSchema.safeParse(body);
      if (!meta.success) return eventAnswer(400, invalid(meta.error));
      const built = await requestOf(
        event.organizationId,
        event.id,
        body,
        meta.data.timezone,
        meta.data.one_click,
      );
      if ('code' in built) return eventAnswer(400, built);
      const outcome = await deps.registrations.register({ ...built, eventId: event.id });
      if (!outcome.ok) return eventAnswer(409, refusal(outcome));
      if (admitNewRegistrant && entersAtOnce(outcome, built.source, outcome.newPerson))
        await admitNewRegistrant(reply, event.id, outcome.userId);
      return eventAnswer(201, answerOf(event.id, outcome));
    },
  );

  app.post<{ Params: { id: string }; Body: unknown }>(
    '/api/event/series/:id/register/',
    open,
    async (request, reply) => {
      const seriesAnswer = (status: number, body: ErrorBody | SeriesRegisterAnswer) =>
        answer(request, reply, seriesPages(request.params.id), status, body);
      const tooMany = await limited(request, reply);
      if (tooMany) return seriesAnswer(429, tooMany);
      const series = await deps.events.registrableEventsOfSeries(request.params.id, new Date());
      if (!series) return send(reply, 404, notFound);
      const received = postedFields(request);
      const body = isFormPost(request) ? postedSeriesForm(received) : received;
      const meta = seriesRegisterMetaSchema.safeParse(body);
      if (!meta.success) return seriesAnswer(400, invalid(meta.error));
      const chosen = meta.data.events ?? series.eventIds;
      if (chosen.some((id) => !series.eventIds.includes(id)))
        return seriesAnswer(400, {
          message: serverMessages.validation,
          code: 'VALIDATION_ERROR',
          errors: { events: [serverMessages.validation] },
        });
      const built = await requestOf(
        series.organizationId,
        seriesFormEventOf(series.eventIds, chosen) ?? '',
        body,
        meta.data.timezone,
        meta.data.one_click,
      );
      if ('code' in built) return seriesAnswer(400, built);
      const results: SeriesRegisterResult[] = [];
      // The person is the same in every event of the call: one its first seat created is proven in all.
      let createdByCall = false;
      for (const eventId of chosen) {
        const outcome = await deps.registrations.register({
          ...built,
          eventId,
          source: built.source === 'form' ? 'series' : built.source,
        });
        if (outcome.ok) createdByCall ||= outcome.newPerson;
        // Each event open now lets this browser in on its own paths, as its own register call would.
        if (outcome.ok && admitNewRegistrant && entersAtOnce(outcome, built.source, createdByCall))
          await admitNewRegistrant(reply, eventId, outcome.userId);
        results.push(
          outcome.ok
            ? { ...answerOf(eventId, outcome), code: null }
            : { event: eventId, event_user_status: null, awaiting_approval: false, ...refusal(outcome) },
        );
      }
      return seriesAnswer(201, { series: request.params.id, results });
    },
  );
}
