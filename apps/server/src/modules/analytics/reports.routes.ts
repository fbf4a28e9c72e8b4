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
  type Page,
} from '@studio/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { csvLines } from '../../platform/http/csv.ts';
import { guard, type Guard, type OrganizationCaller } from '../../platform/http/guard.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { idParams } from '../../platform/http/route-support.ts';
import type { HttpServer } from '../../platform/http/server.ts';
import type { ReportedEventsFilter, ReportsService } from './reports.service.ts';
import { routesOf } from '../../platform/http/route-kit.ts';
import { csvDownload, sendDownload } from '../../platform/http/download.ts';
import { eventReaders } from '../../platform/http/access-rules.ts';

const tags = ['reports'];
const readers = guard({ permission: 'report:read' });
/** The contract's attendee count is the organisation's admins' (Settings → Organization). */
const organizationAdmins = guard({ permission: 'organization:update' });
/** Every CSV counts the report's first events at most, not one page. */
const WHOLE = { limit: CUSTOM_REPORT_MAX_EVENTS, offset: 0 };

const sendCsv = (reply: FastifyReply, name: string, cells: string[][]) =>
  sendDownload(reply, csvDownload(`${name}.csv`), csvLines(cells));
const filterOf = (query: EventReportQuery) => ({ from: query.from, to: query.to, title: query.title });
const resultCells = (result: CustomReportResult) => reportCells(result.columns, result.rows);

/**
 * The organisation's reports (report:read): cross-event and ROI (paged), custom reports run,
 * saved, listed, opened by id and deleted, and a series' report; every table also as CSV.
 */
export function registerReportsRoutes(app: HttpServer, reports: ReportsService, publicUrl: string) {
  const route = routesOf(app, tags, publicUrl);
  // The event is loaded before the body is read: another organisation's is 404.
  const costEditors = guard({
    permission: 'report:read',
    load: (caller, id) => reports.costEvent(caller, id),
  });

  /** A report on the events starting in the range: a page of its rows, and its first events as CSV. */
  const eventsReport = <Row extends Record<string, string | number | null>>(
    paths: { page: string; csv: string },
    answer: z.ZodType<Page<Row>>,
    csv: { name: string; columns: readonly { key: string; label: string }[] },
    rowsOf: (
      caller: OrganizationCaller,
      filter: ReportedEventsFilter,
      page: PageRequest,
    ) => Promise<{ count: number; results: Row[] }>,
  ) => {
    route.list(
      paths.page,
      readers,
      { query: eventReportQuery, answer, pageSize: EVENT_REPORT_PAGE_SIZE },
      ({ caller, query, page }) => rowsOf(caller, filterOf(query), page),
    );
    route.get(paths.csv, readers, { query: eventReportQuery }, async ({ caller, query }, _request, reply) => {
      const { results } = await rowsOf(caller, filterOf(query), WHOLE);
      return sendCsv(reply, csv.name, reportCells(csv.columns, results));
    });
  };
  /** A report the path's id names (a saved custom report, a series'), and the same report as CSV. */
  const reportById = <A extends z.ZodType>(
    paths: { report: (id: string) => string; csv: (id: string) => string },
    reads: Guard<OrganizationCaller, OrganizationCaller, undefined>,
    answer: A,
    reportOf: (caller: OrganizationCaller, id: string) => Promise<z.output<A>>,
    csv: (report: z.output<A>, id: string) => { name: string; cells: string[][] },
  ) => {
    route.get(paths.report(':id'), reads, { params: idParams, answer }, ({ caller, params }) =>
      reportOf(caller, params.id),
    );
    route.get(paths.csv(':id'), reads, { params: idParams }, async ({ caller, params }, _request, reply) => {
      const { name, cells } = csv(await reportOf(caller, params.id), params.id);
      return sendCsv(reply, name, cells);
    });
  };
  eventsReport(
    { page: reportsPaths.crossEvent, csv: reportsPaths.crossEventCsv },
    crossEventPage,
    { name: 'cross-event-report', columns: EVENT_FIGURES },
    (caller, filter, page) => reports.crossEvent(caller, filter, page),
  );
  eventsReport(
    { page: reportsPaths.roi, csv: reportsPaths.roiCsv },
    roiPage,
    { name: 'roi-report', columns: ROI_FIGURES },
    (caller, filter, page) => reports.roi(caller, filter, page),
  );
  route.put(
    reportsPaths.eventCost(':id'),
    costEditors,
    { params: idParams, body: eventCostRequest, status: 204 },
    ({ caller, object: eventId, body }) => reports.setCost(caller, eventId, body.cost),
  );

  route.post(
    reportsPaths.customRun,
    readers,
    { body: customReportDefinition, answer: customReportResult },
    ({ caller, body }) => reports.runCustom(caller, body),
  );
  route.post(
    reportsPaths.customRunCsv,
    readers,
    { body: customReportDefinition },
    async ({ caller, body }, _request, reply) =>
      sendCsv(reply, 'custom-report', resultCells(await reports.runCustom(caller, body))),
  );

  route.list(
    reportsPaths.saved,
    readers,
    { query: savedReportsQuery, answer: savedReportsPage, pageSize: SAVED_REPORTS_PAGE_SIZE },
    ({ caller, query, page }) => reports.savedReports(caller, query.search || undefined, page),
  );
  route.post(
    reportsPaths.saved,
    readers,
    { body: savedReportRequest, answer: savedReport, status: 201 },
    ({ caller, body }) => reports.save(caller, body),
  );
  reportById(
    { report: reportsPaths.savedReport, csv: reportsPaths.savedReportCsv },
    readers,
    openedReport,
    (caller, id) => reports.open(caller, id),
    ({ report, result }) => ({ name: `custom-report-${report.id}`, cells: resultCells(result) }),
  );
  route.delete(
    reportsPaths.savedReport(':id'),
    readers,
    { params: idParams, status: 204 },
    ({ caller, params }) => reports.delete(caller, params.id),
  );

  route.get(
    '/api/core/organization/:id/attendee_count/',
    organizationAdmins,
    { params: idParams, answer: attendeeCountSchema },
    ({ caller, params }) => reports.attendeeCount(caller, params.id),
  );

  reportById(
    { report: reportsPaths.series, csv: reportsPaths.seriesCsv },
    eventReaders,
    seriesReport,
    (caller, id) => reports.series(caller, id),
    ({ events }, id) => ({ name: `series-report-${id}`, cells: reportCells(EVENT_FIGURES, events) }),
  );
}
