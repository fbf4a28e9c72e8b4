import {
  accessMessages,
  attendanceRateOf,
  costPer,
  CUSTOM_REPORT_MAX_EVENTS,
  customReportColumns,
  hasContract,
  percentOf,
  registrantListMessages,
  type AttendeeCount,
  type OrganizationPlan,
  type AnalyticsRow,
  type CustomReportDefinition,
  type CustomReportResult,
  type EventFiguresRow,
  type ReportKind,
  type RoiRow,
  type SavedReport,
  type SavedReportRequest,
  type SeriesReport,
} from '@studio/domain';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { timestampsOf } from '../../platform/http/answers.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { NO_TRACKED, type ReportsRepository, type TrackedFigures } from './reports.repository.ts';

/** An event as the reports list it. */
export interface ReportedEvent {
  id: string;
  title: string;
  start_time: string;
}
/** Which events a report counts: starting in these UTC days, by title, or of a series. */
export interface ReportedEventsFilter {
  from?: string | undefined;
  to?: string | undefined;
  title?: string | undefined;
  seriesId?: string;
}

/** What the reports read through other modules (analytics.area.ts wires them). */
export interface ReportsDeps {
  reports: ReportsRepository;
  /** The studio's clock: whether an event has started (its attendance rate). */
  clock: () => Date;
  /** The events the caller sees (event:read), by start time, one page of them. */
  eventsOf(
    caller: OrganizationCaller,
    filter: ReportedEventsFilter,
    page: PageRequest,
  ): Promise<{ count: number; events: ReportedEvent[] }>;
  /** Throws 404 unless the caller sees this series or repeating event. */
  visibleSeries(caller: OrganizationCaller, seriesId: string): Promise<void>;
  /** Throws 404 unless the caller may update this event. */
  updatableEvent(caller: OrganizationCaller, eventId: string): Promise<void>;
  /** Which reports the organisation's plan and flags allow. */
  available(organizationId: string): Promise<Record<ReportKind, boolean>>;
  planOf(organizationId: string): Promise<OrganizationPlan>;
}

const toSavedReport = (row: {
  id: string;
  name: string;
  definition: CustomReportDefinition;
  created_at: Date;
  updated_at: Date;
}): SavedReport => ({
  id: row.id,
  name: row.name,
  ...row.definition,
  ...timestampsOf(row),
});

export function createReportsService(deps: ReportsDeps) {
  const { reports } = deps;

  /** 403 with the spec's message unless the organisation's plan and flags allow the report. */
  async function requireReport(caller: OrganizationCaller, kind: ReportKind): Promise<void> {
    if (!(await deps.available(caller.organizationId))[kind])
      throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
  }

  /** Every tracked figure and registrations of these events, grouped as the dimension says. */
  async function figuresBy(
    organizationId: string,
    eventIds: readonly string[],
    dimension: CustomReportDefinition['dimension'],
    withRegistrations = true,
  ) {
    const [tracked, registrations] = await Promise.all([
      reports.tracked(organizationId, eventIds, dimension),
      withRegistrations ? reports.registrations(eventIds, dimension) : [],
    ]);
    const groups = new Map<string, Omit<TrackedFigures, 'key'> & { registrations: number }>();
    const group = (key: string) => {
      const known = groups.get(key) ?? { ...NO_TRACKED, registrations: 0 };
      groups.set(key, known);
      return known;
    };
    for (const { key, ...figures } of tracked) Object.assign(group(key), figures);
    for (const row of registrations) group(row.key).registrations = row.registrations;
    return groups;
  }

  /** Each event's row: registrations, attendance, engagement and demo requests. */
  async function eventRows(
    organizationId: string,
    events: readonly ReportedEvent[],
  ): Promise<EventFiguresRow[]> {
    const groups = await figuresBy(
      organizationId,
      events.map((event) => event.id),
      'event',
    );
    const now = deps.clock();
    return events.map((event) => {
      const figures = groups.get(event.id) ?? { ...NO_TRACKED, registrations: 0 };
      return {
        id: event.id,
        name: event.title,
        start_day: event.start_time.slice(0, 10),
        registrations: figures.registrations,
        attendees: figures.attendees,
        attendance_rate: attendanceRateOf({ ...figures, start_time: event.start_time }, now),
        participants: figures.participants,
        engagement_rate: percentOf(figures.participants, figures.attendees),
        demo_requests: figures.demo_requests,
      };
    });
  }

  async function run(
    caller: OrganizationCaller,
    definition: CustomReportDefinition,
  ): Promise<CustomReportResult> {
    const { count, events } = await deps.eventsOf(caller, definition.filters, {
      limit: CUSTOM_REPORT_MAX_EVENTS,
      offset: 0,
    });
    // A day or month with registrations only is a row only when registrations are asked for.
    const groups = await figuresBy(
      caller.organizationId,
      events.map((event) => event.id),
      definition.dimension,
      definition.metrics.includes('registrations'),
    );
    const pick = (name: string, figures: Record<string, number>): AnalyticsRow => {
      const row: AnalyticsRow = { name };
      for (const metric of definition.metrics) row[metric] = figures[metric] ?? 0;
      return row;
    };
    const rows =
      definition.dimension === 'event'
        ? events.map((event) => pick(event.title, groups.get(event.id) ?? {}))
        : [...groups.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([key, figures]) => pick(key, figures));
    return { columns: customReportColumns(definition), rows, truncated: count > events.length };
  }

  async function savedReport(caller: OrganizationCaller, id: string) {
    const row = await reports.savedReport(caller.organizationId, id);
    if (!row) throw notFound();
    return toSavedReport(row);
  }

  return {
    requireReport,

    /**
     * 002 §3.14: the people who attended the organisation's events in the contract's period. No
     * plan tier is no contract: ORGANIZATION_DOES_NOT_HAVE_CONTRACT (the studio is silent).
     */
    async attendeeCount(caller: OrganizationCaller, organizationId: string): Promise<AttendeeCount> {
      if (caller.organizationId !== organizationId) throw notFound();
      const plan = await deps.planOf(organizationId);
      if (!hasContract(plan))
        throw new HttpError(400, 'ORGANIZATION_DOES_NOT_HAVE_CONTRACT', registrantListMessages.noContract);
      const limit = plan.config.attendeeLimit;
      const start = plan.config.contractStart;
      const since = typeof start === 'string' && !Number.isNaN(Date.parse(start)) ? new Date(start) : null;
      return {
        attendee_count: await reports.attendees(organizationId, since),
        attendee_limit: typeof limit === 'number' && Number.isInteger(limit) && limit >= 0 ? limit : null,
        period_start: since?.toISOString() ?? null,
      };
    },

    /** The events starting in the range, a page of them, each with its figures. */
    async crossEvent(caller: OrganizationCaller, filter: ReportedEventsFilter, page: PageRequest) {
      await requireReport(caller, 'cross-event');
      const { count, events } = await deps.eventsOf(caller, filter, page);
      return { count, results: await eventRows(caller.organizationId, events) };
    },

    /** The cross-event rows with the cost entered for each event and its cost per person. */
    async roi(caller: OrganizationCaller, filter: ReportedEventsFilter, page: PageRequest) {
      await requireReport(caller, 'roi');
      const { count, events } = await deps.eventsOf(caller, filter, page);
      const ids = events.map((event) => event.id);
      const [rows, costs] = await Promise.all([
        eventRows(caller.organizationId, events),
        reports.costs(caller.organizationId, ids),
      ]);
      const results: RoiRow[] = rows.map((row) => {
        const cost = costs.get(row.id) ?? null;
        return {
          ...row,
          cost,
          cost_per_registrant: costPer(cost, row.registrations),
          cost_per_attendee: costPer(cost, row.attendees),
          cost_per_demo_request: costPer(cost, row.demo_requests),
        };
      });
      return { count, results };
    },

    /** The event whose cost the caller may set (404 unless they may update it), for the route's guard. */
    async costEvent(caller: OrganizationCaller, eventId: string): Promise<string> {
      await deps.updatableEvent(caller, eventId);
      return eventId;
    },

    /** The cost of an event the guard loaded (`costEvent`). */
    async setCost(caller: OrganizationCaller, eventId: string, cost: number | null): Promise<void> {
      await requireReport(caller, 'roi');
      await reports.setCost(caller.organizationId, eventId, cost);
    },

    async runCustom(caller: OrganizationCaller, definition: CustomReportDefinition) {
      await requireReport(caller, 'custom-report');
      return run(caller, definition);
    },

    async savedReports(caller: OrganizationCaller, search: string | undefined, page: PageRequest) {
      await requireReport(caller, 'custom-report');
      const { rows, count } = await reports.savedReports(caller.organizationId, search, page);
      return { count, results: rows.map(toSavedReport) };
    },

    async save(caller: OrganizationCaller, request: SavedReportRequest): Promise<SavedReport> {
      await requireReport(caller, 'custom-report');
      const { name, ...definition } = request;
      return toSavedReport(await reports.saveReport(caller.organizationId, caller.userId, name, definition));
    },

    /** A saved report by id (404 for another organisation's), run now. */
    async open(caller: OrganizationCaller, id: string) {
      await requireReport(caller, 'custom-report');
      const report = await savedReport(caller, id);
      return { report, result: await run(caller, report) };
    },

    async delete(caller: OrganizationCaller, id: string): Promise<void> {
      await requireReport(caller, 'custom-report');
      if (!isUuid(id) || !(await reports.deleteReport(caller.organizationId, id))) throw notFound();
    },

    /** A series' or repeating event's report: each of its events' rows and their totals. */
    async series(caller: OrganizationCaller, seriesId: string): Promise<SeriesReport> {
      await deps.visibleSeries(caller, seriesId);
      const { events } = await deps.eventsOf(
        caller,
        { seriesId },
        { limit: CUSTOM_REPORT_MAX_EVENTS, offset: 0 },
      );
      const rows = await eventRows(caller.organizationId, events);
      const total = (key: 'registrations' | 'attendees' | 'participants' | 'demo_requests') =>
        rows.reduce((sum, row) => sum + row[key], 0);
      return {
        figures: {
          events: rows.length,
          registrations: total('registrations'),
          attendees: total('attendees'),
          participants: total('participants'),
          demo_requests: total('demo_requests'),
        },
        events: rows,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
