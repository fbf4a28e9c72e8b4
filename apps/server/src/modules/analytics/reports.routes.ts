import {
  attendeeCountSchema,
  customReportDefinition,
  crossEventPage,
  CUSTOM_REPORT_MAX_EVENTS,
  customReportResult,
  EVENT_FIGURES,
  EVENT_REPORT_PAGE_SIZE,
  eventCostRequest,
  eventReportQuery,
  openedReport,
  reportCells,
  reportsPaths,
  roiPage,
  ROI_FIGURES,
  SAVED_REPORTS_PAGE_SIZE,
  savedReport,
  savedReportRequest,
  savedReportsPage,
  savedReportsQuery,
  seriesReport,
  type CustomReportResult,
  type EventReportQuery,
} from '@studio/domain';
import type { FastifyReply } from 'fastify';
import { csvLines } from '../../platform/http/csv.ts';
import { guard } from '../../platform/http/guard.ts';
import { pageRequest, toPage } from '../../platform/http/pagination.ts';
import { created, idParams, noContent } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ReportsService } from './reports.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const tags = ['reports'];
const readers = guard({ permission: 'report:read' });
/** A series' report sits in its workspace, beside its events' analytics (event:read). */
const eventReaders = guard({ permission: 'event:read' });
/** The contract's attendee count is the organisation's admins' (Settings → Organization). */
const organizationAdmins = guard({ permission: 'organization:update' });
/** Every CSV counts the report's first events at most, not one page. */
const WHOLE = { limit: CUSTOM_REPORT_MAX_EVENTS, offset: 0 };

const sendCsv = (reply: FastifyReply, name: string, cells: string[][]) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(csvLines(cells));
const filterOf = (query: EventReportQuery) => ({ from: query.from, to: query.to, title: query.title });
const resultCells = (result: CustomReportResult) => reportCells(result.columns, result.rows);

/**
 * The organisation's reports (report:read): cross-event and ROI (paged), custom reports run,
 * saved, listed, opened by id and deleted, and a series' report; every table also as CSV.
 */
export function registerReportsRoutes(app: HttpServer, reports: ReportsService, publicUrl: string) {
  const route = routesOf(app, tags);
  const common = { preValidation: readers.preValidation };
  // The event is loaded before the body is read: another organisation's is 404.
  const costEditors = guard({
    permission: 'report:read',
    load: (caller, id) => reports.costEvent(caller, id),
  });

  app.get(
    reportsPaths.crossEvent,
    { ...common, schema: { tags, querystring: eventReportQuery, response: { 200: crossEventPage } } },
    async (request) => {
      const page = pageRequest(request.query, EVENT_REPORT_PAGE_SIZE);
      const { count, results } = await reports.crossEvent(
        readers.of(request).caller,
        filterOf(request.query),
        page,
      );
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.get(
    reportsPaths.crossEventCsv,
    { ...common, schema: { tags, querystring: eventReportQuery } },
    async (request, reply) => {
      const { results } = await reports.crossEvent(
        readers.of(request).caller,
        filterOf(request.query),
        WHOLE,
      );
      return sendCsv(reply, 'cross-event-report', reportCells(EVENT_FIGURES, results));
    },
  );

  app.get(
    reportsPaths.roi,
    { ...common, schema: { tags, querystring: eventReportQuery, response: { 200: roiPage } } },
    async (request) => {
      const page = pageRequest(request.query, EVENT_REPORT_PAGE_SIZE);
      const { count, results } = await reports.roi(readers.of(request).caller, filterOf(request.query), page);
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.get(
    reportsPaths.roiCsv,
    { ...common, schema: { tags, querystring: eventReportQuery } },
    async (request, reply) => {
      const { results } = await reports.roi(readers.of(request).caller, filterOf(request.query), WHOLE);
      return sendCsv(reply, 'roi-report', reportCells(ROI_FIGURES, results));
    },
  );
  route.put(
    reportsPaths.eventCost(':id'),
    costEditors,
    { params: idParams, body: eventCostRequest, status: 204 },
    ({ caller, object: eventId, body }) => reports.setCost(caller, eventId, body.cost),
  );

  app.post(
    reportsPaths.customRun,
    { ...common, schema: { tags, body: customReportDefinition, response: { 200: customReportResult } } },
    async (request) => reports.runCustom(readers.of(request).caller, request.body),
  );
  app.post(
    reportsPaths.customRunCsv,
    { ...common, schema: { tags, body: customReportDefinition } },
    async (request, reply) =>
      sendCsv(
        reply,
        'custom-report',
        resultCells(await reports.runCustom(readers.of(request).caller, request.body)),
      ),
  );

  app.get(
    reportsPaths.saved,
    { ...common, schema: { tags, querystring: savedReportsQuery, response: { 200: savedReportsPage } } },
    async (request) => {
      const page = pageRequest(request.query, SAVED_REPORTS_PAGE_SIZE);
      const { count, results } = await reports.savedReports(
        readers.of(request).caller,
        request.query.search || undefined,
        page,
      );
      return toPage(request.url, publicUrl, page, count, results);
    },
  );
  app.post(
    reportsPaths.saved,
    { ...common, schema: { tags, body: savedReportRequest, response: { 201: savedReport } } },
    created((request) => reports.save(readers.of(request).caller, request.body)),
  );
  app.get(
    reportsPaths.savedReport(':id'),
    { ...common, schema: { tags, params: idParams, response: { 200: openedReport } } },
    async (request) => reports.open(readers.of(request).caller, request.params.id),
  );
  app.get(
    reportsPaths.savedReportCsv(':id'),
    { ...common, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { report, result } = await reports.open(readers.of(request).caller, request.params.id);
      return sendCsv(reply, `custom-report-${report.id}`, resultCells(result));
    },
  );
  app.delete(
    reportsPaths.savedReport(':id'),
    { ...common, schema: { tags, params: idParams } },
    noContent((request) => reports.delete(readers.of(request).caller, request.params.id)),
  );

  route.get(
    '/api/core/organization/:id/attendee_count/',
    organizationAdmins,
    { params: idParams, answer: attendeeCountSchema },
    ({ caller, params }) => reports.attendeeCount(caller, params.id),
  );

  route.get(
    reportsPaths.series(':id'),
    eventReaders,
    { params: idParams, answer: seriesReport },
    ({ caller, params }) => reports.series(caller, params.id),
  );
  route.get(
    reportsPaths.seriesCsv(':id'),
    eventReaders,
    { params: idParams },
    async ({ caller, params }, _request, reply) => {
      const { events } = await reports.series(caller, params.id);
      return sendCsv(reply, `series-report-${params.id}`, reportCells(EVENT_FIGURES, events));
    },
  );
}
