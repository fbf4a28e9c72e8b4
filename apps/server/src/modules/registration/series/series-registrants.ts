import {
  registrantListMessages,
  registrantCodeMessages,
  registrantOutcomeMessages,
  registrationOutcomeKeyOf,
  SERIES_REGISTRANTS_PAGE_SIZE,
  seriesRegistrantListQuerySchema,
  seriesRegistrantPageSchema,
  seriesUserRegistrationAnswerSchema,
  registerSeriesUserSchema,
  seriesFormEventOf,
  type SeriesRegistrant,
  type SeriesUserRegistrationAnswer,
} from '@studio/domain';
import type { z } from 'zod';
import type { Executor } from '../../../platform/db/executor.ts';
import type { Caller } from '../../../platform/http/caller.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import type { PageRequest } from '../../../platform/http/pagination.ts';
import { routesOf } from '../../../platform/http/route-kit.ts';
import type { HttpServer } from '../../../platform/http/server.ts';
import type { RegistrationRequest, Registrations } from '../registrations.ts';
import { answersRefused, registrantOfSubmission, type RegistrationFormFor } from '../registrant-answers.ts';
import { createSeriesRegistrantsRepository } from './series-registrants.repository.ts';
import { eventEditors, eventReaders } from '../../../platform/http/access-rules.ts';

export interface SeriesRegistrantsDeps {
  db: Executor;
  /** The series the caller sees (404 otherwise), with its events' ids. */
  seriesOf: (caller: Caller, seriesId: string) => Promise<{ organization: string; events: string[] }>;
  /** A user known to the organisation (a member or a registrant of its events), or undefined. */
  personOf: (
    organizationId: string,
    userId: string,
    tx: Executor,
  ) => Promise<{ email: string; first_name: string; last_name: string; company: string | null } | undefined>;
  registrations: () => Registrations;
  formFor: RegistrationFormFor;
}

/** One of the organisation's people, as a registration names them. */
const knownPerson = (
  user: Awaited<ReturnType<SeriesRegistrantsDeps['personOf']>>,
): RegistrationRequest['person'] | undefined =>
  user && {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    ...(user.company ? { company: user.company } : {}),
  };

type ListQuery = z.output<typeof seriesRegistrantListQuerySchema>;
type RegisterSeriesUser = z.output<typeof registerSeriesUserSchema>;

/** A series' registrants (002 §3.13, §7.10): one row per person; register a user for its events. */
export function createSeriesRegistrants(deps: SeriesRegistrantsDeps) {
  const repository = createSeriesRegistrantsRepository(deps.db);

  /**
   * A submitted `user`: checked against the form named, else the form of the first chosen event
   * (in the series' order), as the public series registration checks it; the person given a
   * company of their own when the form asks none.
   */
  async function checkedSubmission(
    series: { organization: string; events: string[] },
    request: RegisterSeriesUser,
    user: Exclude<RegisterSeriesUser['user'], string>,
  ) {
    const first = seriesFormEventOf(series.events, request.events) ?? '';
    const form = await deps.formFor(series.organization, first, request.form_id);
    const checked = registrantOfSubmission(form.formio_data, user);
    if (!checked.ok) throw answersRefused(checked.errors, (key) => `user.${key}`);
    const { company } = user;
    const person = { ...(company ? { company } : {}), ...checked.person };
    return { person, answers: checked.answers, formId: form.formId };
  }

  return {
    async list(caller: Caller, query: ListQuery, page: PageRequest) {
      const series = await deps.seriesOf(caller, query.series);
      const { count, rows } = await repository.list(
        {
          organizationId: series.organization,
          eventIds: series.events,
          search: query.search,
          companies: query.company__in,
          events: query.events__in,
          ordering: query.ordering ?? 'first_name',
        },
        page,
      );
      const registrations = await repository.registrationsOf(
        series.events,
        rows.map((row) => row.id),
      );
      const results: SeriesRegistrant[] = rows.map((row) => ({
        id: row.id,
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        full_name: `${row.first_name} ${row.last_name}`.trim(),
        company: row.company,
        events: registrations
          .filter((registration) => registration.user_id === row.id)
          .map((registration) => ({
            id: registration.event_id,
            title: registration.title,
            event_user_status: registration.status,
          })),
      }));
      return { count, results };
    },

    /** Registers the user for each named event of the series, in one transaction; answers per event. */
    async register(caller: Caller, request: RegisterSeriesUser): Promise<SeriesUserRegistrationAnswer> {
      const series = await deps.seriesOf(caller, request.series);
      if (request.events.some((event) => !series.events.includes(event)))
        throw fieldError('events', registrantListMessages.seriesEventsOutside);
      const submitted =
        typeof request.user === 'string' ? null : await checkedSubmission(series, request, request.user);
      const registrations = deps.registrations();
      await registrations.ready();
      return await deps.db.transaction().execute(async (tx) => {
        const person =
          typeof request.user === 'string'
            ? knownPerson(await deps.personOf(series.organization, request.user, tx))
            : submitted?.person;
        if (!person) throw fieldError('user', 'This user is not one of your people.');
        let userId = typeof request.user === 'string' ? request.user : null;
        const results: SeriesUserRegistrationAnswer['results'] = [];
        for (const event of [...new Set(request.events)]) {
          const outcome = await registrations.register(
            {
              organizationId: series.organization,
              eventId: event,
              person,
              answers: submitted?.answers ?? {},
              source: 'series',
              formId: submitted ? submitted.formId : (request.form_id ?? null),
              status: request.event_user_status,
              sendEmail: true,
            },
            tx,
          );
          if (outcome.ok) {
            userId = outcome.userId;
            results.push({
              event,
              ok: true,
              event_user_status: outcome.status,
              code: null,
              message:
                registrantOutcomeMessages[
                  registrationOutcomeKeyOf({
                    event_user_status: outcome.status,
                    awaiting_approval: outcome.awaitingApproval,
                  })
                ],
            });
          } else
            results.push({
              event,
              ok: false,
              event_user_status: null,
              code: outcome.code,
              message: registrantCodeMessages[outcome.code],
            });
        }
        return { series: request.series, user: userId, results };
      });
    },
  };
}
export type SeriesRegistrants = ReturnType<typeof createSeriesRegistrants>;

export function registerSeriesRegistrantsRoutes(
  app: HttpServer,
  service: SeriesRegistrants,
  publicUrl: string,
) {
  const route = routesOf(app, ['registrants'], publicUrl);
  route.list(
    '/api/event/series-registrants/',
    eventReaders,
    {
      query: seriesRegistrantListQuerySchema,
      answer: seriesRegistrantPageSchema,
      pageSize: SERIES_REGISTRANTS_PAGE_SIZE,
    },
    ({ caller, query, page }) => service.list(caller, query, page),
  );
  route.post(
    '/api/event/series-registrants/',
    eventEditors,
    { body: registerSeriesUserSchema, answer: seriesUserRegistrationAnswerSchema },
    ({ caller, body }) => service.register(caller, body),
  );
}
