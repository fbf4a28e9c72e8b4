import {
  registrantListMessages,
  registrationCodeMessages,
  registrationOutcomeMessages,
  SERIES_REGISTRANTS_PAGE_SIZE,
  seriesRegistrantListQuerySchema,
  seriesRegistrantPageSchema,
  seriesUserRegistrationAnswerSchema,
  registerSeriesUserSchema,
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
import type { Registrations } from '../registrations.ts';
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
}

type ListQuery = z.output<typeof seriesRegistrantListQuerySchema>;
type RegisterSeriesUser = z.output<typeof registerSeriesUserSchema>;

/** A series' registrants (002 §3.13, §7.10): one row per person; register a user for its events. */
export function createSeriesRegistrants(deps: SeriesRegistrantsDeps) {
  const repository = createSeriesRegistrantsRepository(deps.db);
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
      const registrations = deps.registrations();
      await registrations.ready();
      return await deps.db.transaction().execute(async (tx) => {
        const person =
          typeof request.user === 'string'
            ? await deps.personOf(series.organization, request.user, tx)
            : request.user;
        if (!person) throw fieldError('user', 'This user is not one of your people.');
        let userId = typeof request.user === 'string' ? request.user : null;
        const results: SeriesUserRegistrationAnswer['results'] = [];
        for (const event of [...new Set(request.events)]) {
          const outcome = await registrations.register(
            {
              organizationId: series.organization,
              eventId: event,
              person: {
                email: person.email,
                first_name: person.first_name,
                last_name: person.last_name,
                ...(person.company ? { company: person.company } : {}),
              },
              answers: {},
              source: 'series',
              formId: request.form_id ?? null,
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
              message: outcome.awaitingApproval
                ? registrationOutcomeMessages.AWAITING_APPROVAL
                : outcome.status === 'WAITLISTED'
                  ? registrationOutcomeMessages.WAITLISTED
                  : registrationOutcomeMessages.REGISTRATION,
            });
          } else
            results.push({
              event,
              ok: false,
              event_user_status: null,
              code: outcome.code,
              message: registrationCodeMessages[outcome.code],
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
