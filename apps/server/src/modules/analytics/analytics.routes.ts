import {
  ANALYTICS_BEACON_CALL,
  ANALYTICS_TABS,
  analyticsBeaconBody,
  analyticsCsvPath,
  analyticsCsvQuery,
  analyticsPath,
  analyticsReport,
  analyticsReportQuery,
  analyticsTableCells,
  onDemandWatchBody,
  onDemandWatchPath,
  registrationPageViewBody,
  registrationViewPath,
  viewersNow,
  viewersNowPath,
} from '@studio/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Caller } from '../../platform/http/caller.ts';
import { csvLines } from '../../platform/http/csv.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { guard } from '../../platform/http/guard.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { EventAppExtension } from '../attendee-site/event-app/event-app-extension.ts';
import type { AnalyticsEvent, AnalyticsService } from './analytics.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { csvDownload, sendDownload } from '../../platform/http/download.ts';

export interface AnalyticsRoutesDeps {
  analytics: AnalyticsService;
  /** The event when the caller may read it; 404 otherwise. */
  visibleEvent: (caller: Caller, eventId: string) => Promise<AnalyticsEvent>;
  /** An event open to the public (its registration page), by id. */
  publicEvent: (eventId: string) => Promise<PublicEvent | undefined>;
}

type PublicEvent = { id: string; organizationId: string };

const tags = ['analytics'];
const eventParams = z.object({ id: z.string() });
const tabParams = eventParams.extend({ tab: z.enum(ANALYTICS_TABS) });

/** The studio's analytics pages (event:read), each table as CSV, and viewers now. */
export function registerAnalyticsStudioRoutes(app: HttpServer, deps: AnalyticsRoutesDeps) {
  const route = routesOf(app, tags);
  const reads = guard({ permission: 'event:read', load: deps.visibleEvent });

  route.get(viewersNowPath(':id'), reads, { params: eventParams, answer: viewersNow }, ({ object }) =>
    deps.analytics.viewersNow(object.id),
  );

  route.get(
    analyticsPath(':id', ':tab'),
    reads,
    { params: tabParams, query: analyticsReportQuery, answer: analyticsReport },
    ({ object, params, query }) => deps.analytics.report(object, params.tab, query),
  );

  route.get(
    analyticsCsvPath(':id', ':tab'),
    reads,
    { params: tabParams, query: analyticsCsvQuery },
    async ({ object, params, query }, _request, reply) => {
      const event = object;
      const { tab } = params;
      const { table, ...range } = query;
      const report = await deps.analytics.report(event, tab, range);
      const cells = analyticsTableCells(tab, table, report.tables[table] ?? []);
      if (!cells)
        throw new HttpError(400, 'VALIDATION_ERROR', 'No such table.', { table: ['No such table.'] });
      return sendDownload(reply, csvDownload(`${tab}-${table}-${event.id}.csv`), csvLines(cells));
    },
  );
}

/**
 * The attendee origin's beacons: the event app's call for admitted people (401 otherwise), and
 * the registration page's views and the public on-demand page's watch time (no cookie there) on
 * the public pages' path. All answer 204 at once.
 */
export function registerAnalyticsAttendeeRoutes(
  eventApp: EventAppExtension,
  attendeeSite: FastifyInstance,
  deps: AnalyticsRoutesDeps,
) {
  eventApp.call(
    { method: 'POST', name: ANALYTICS_BEACON_CALL, body: analyticsBeaconBody },
    async (person, input) => {
      const { event, userId, registrationStatus } = person;
      await deps.analytics.track(
        { organizationId: event.organizationId, eventId: event.id, userId, registrationStatus },
        input.body,
        input.userAgent,
      );
      return undefined;
    },
  );

  /** A beacon of a public page: the event it names (404 unless public) and what it tells, recorded. */
  const publicBeacon = <B extends z.ZodType>(
    path: string,
    body: B,
    record: (event: PublicEvent, beacon: z.output<B>, userAgent: string | undefined) => Promise<void>,
  ) =>
    attendeeSite.post(path, { schema: { body } }, async (request, reply) => {
      const { eventId } = request.params as { eventId: string };
      const event = await deps.publicEvent(eventId);
      if (!event) throw notFound();
      await record(event, request.body as z.output<B>, request.headers['user-agent']);
      return reply.header('cache-control', 'no-store').code(204).send();
    });
  publicBeacon(registrationViewPath(':eventId'), registrationPageViewBody, deps.analytics.viewed);
  publicBeacon(onDemandWatchPath(':eventId'), onDemandWatchBody, deps.analytics.watchedOnDemand);
}
