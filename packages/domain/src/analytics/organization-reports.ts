import { z } from 'zod';
import { pageSchema } from '../api.ts';
import type { OrganizationFeatureFlags } from '../access/flags.ts';
import { resolvePricingConfig, type OrganizationPlan } from '../access/pricing.ts';
import { pageQuery, searchQuery, timestampFields } from '../events/query.ts';
import { analyticsRow, fromNotAfterTo, fromNotAfterToIssue, isoDay } from './reports.ts';
import { catalogueKeys } from '../records.ts';

/**
 * The organisation's reports (issue 35 §4; spec routes `reports-new/{cross-event, roi,
 * custom-report/{search, saved-reports, {liveboardID}}}` and the series' `reports`). The spec
 * shows no metric definitions: these are ours, over the same tracked actions as an event's tabs
 * and the registrations holding a seat. Events are chosen by their start day (UTC: an
 * organisation has no time zone of its own).
 */
export const REPORT_TITLES = {
  'cross-event': 'Cross-Event Report',
  roi: 'ROI Report',
  'custom-report': 'Custom Report',
};
export type ReportKind = keyof typeof REPORT_TITLES;
export const REPORT_KINDS = catalogueKeys(REPORT_TITLES);

/**
 * Spec 002 §6 and 001 §9: the plan's cross-event reports and ROI dashboard, each switched off by
 * its organisation flag; custom reporting by the plan, or for a no-tier organisation (which has
 * every plan feature) only with the no-tier custom reporting flag.
 */
export function reportsAvailable(
  plan: OrganizationPlan,
  flags: Pick<
    OrganizationFeatureFlags,
    'disableCrossEventDashboard' | 'disableRoiDashboard' | 'isNoTierCustomReportingEnabled'
  >,
): Record<ReportKind, boolean> {
  const pricing = resolvePricingConfig(plan);
  return {
    'cross-event': pricing.crossEventReports && !flags.disableCrossEventDashboard,
    roi: pricing.roiDashboard && !flags.disableRoiDashboard,
    'custom-report': plan.tier === null ? flags.isNoTierCustomReportingEnabled : pricing.customReporting,
  };
}

/** Every figure a report can show, labelled once for the pages, the charts and the CSV files. */
export const REPORT_METRICS = [
  { key: 'registrations', label: 'Registrations' },
  { key: 'attendees', label: 'Attendees' },
  { key: 'watch_minutes', label: 'Minutes watched' },
  { key: 'participants', label: 'People who took part' },
  { key: 'chat_messages', label: 'Chat messages' },
  { key: 'questions', label: 'Questions' },
  { key: 'poll_votes', label: 'Poll votes' },
  { key: 'cta_clicks', label: 'Call-to-action clicks' },
  { key: 'demo_requests', label: 'Demo requests' },
  { key: 'page_views', label: 'Registration page views' },
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number]['key'];
const metricKeys = REPORT_METRICS.map((metric) => metric.key) as [ReportMetric, ...ReportMetric[]];

/** What a custom report's rows are: one per event, or per day or month of the activity (UTC). */
export const REPORT_DIMENSIONS = [
  { key: 'event', label: 'Event' },
  { key: 'month', label: 'Month' },
  { key: 'day', label: 'Day' },
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number]['key'];
const dimensionKeys = REPORT_DIMENSIONS.map((dimension) => dimension.key) as [
  ReportDimension,
  ...ReportDimension[],
];

/** The figures of one event (cross-event, ROI and a series' report). */
export const EVENT_FIGURES = [
  { key: 'name', label: 'Event' },
  { key: 'start_day', label: 'Starts' },
  { key: 'registrations', label: 'Registrations' },
  { key: 'attendees', label: 'Attendees' },
  { key: 'attendance_rate', label: 'Attendance rate (%)' },
  { key: 'participants', label: 'People who took part' },
  { key: 'engagement_rate', label: 'Engagement rate (%)' },
  { key: 'demo_requests', label: 'Demo requests' },
] as const;
export const ROI_FIGURES = [
  ...EVENT_FIGURES,
  { key: 'cost', label: 'Cost' },
  { key: 'cost_per_registrant', label: 'Cost per registrant' },
  { key: 'cost_per_attendee', label: 'Cost per attendee' },
  { key: 'cost_per_demo_request', label: 'Cost per demo request' },
] as const;

/** A share as a percentage with one decimal; none of nothing. */
export const percentOf = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
/**
 * An event's attendance rate (%): none before it has started while nobody attended yet (an
 * upcoming event has no attendance, not 0 %), nor without registrations; attendees counted before
 * the start (doors opened early) do give one.
 */
export const attendanceRateOf = (
  figures: { attendees: number; registrations: number; start_time: string },
  now: Date,
): number | null =>
  figures.attendees === 0 && Date.parse(figures.start_time) > now.getTime()
    ? null
    : percentOf(figures.attendees, figures.registrations);
/** A cost divided among people, in cents; none without a cost or without people. */
export const costPer = (cost: number | null, people: number): number | null =>
  cost === null || people === 0 ? null : Math.round((cost / people) * 100) / 100;

export const eventFiguresRow = z.object({
  id: z.string(),
  name: z.string(),
  start_day: z.string(),
  registrations: z.number(),
  attendees: z.number(),
  attendance_rate: z.number().nullable(),
  participants: z.number(),
  engagement_rate: z.number().nullable(),
  demo_requests: z.number(),
});
export type EventFiguresRow = z.infer<typeof eventFiguresRow>;
export const roiRow = eventFiguresRow.extend({
  cost: z.number().nullable(),
  cost_per_registrant: z.number().nullable(),
  cost_per_attendee: z.number().nullable(),
  cost_per_demo_request: z.number().nullable(),
});
export type RoiRow = z.infer<typeof roiRow>;

const dayRange = {
  /** Events starting on or after this day (UTC). */
  from: isoDay.optional(),
  /** Events starting on or before this day (UTC). */
  to: isoDay.optional(),
  /** Event title contains (any case). */
  title: searchQuery,
};

/** ?from=&to=&title=&limit=&offset= of the cross-event and ROI reports (paged on the server). */
export const eventReportQuery = z
  .object({ ...pageQuery, ...dayRange })
  .refine(fromNotAfterTo, fromNotAfterToIssue());
export type EventReportQuery = z.infer<typeof eventReportQuery>;
export const EVENT_REPORT_PAGE_SIZE = 25;
export const crossEventPage = pageSchema(eventFiguresRow);
export const roiPage = pageSchema(roiRow);

/** An event's cost, as the organiser enters it (null clears it). */
export const eventCostRequest = z.object({
  cost: z.number().min(0, 'Enter a cost of 0 or more.').max(1_000_000_000).nullable(),
});
export type EventCostRequest = z.infer<typeof eventCostRequest>;

/** A custom report: the figures it shows, what its rows are, and which events it counts. */
export const customReportDefinition = z.object({
  metrics: z
    .array(z.enum(metricKeys))
    .min(1, 'Pick at least one metric.')
    .refine((metrics) => new Set(metrics).size === metrics.length, 'Pick each metric once.'),
  dimension: z.enum(dimensionKeys),
  filters: z.object(dayRange).refine(fromNotAfterTo, fromNotAfterToIssue()),
});
export type CustomReportDefinition = z.infer<typeof customReportDefinition>;
export const savedReportRequest = customReportDefinition.extend({
  name: z.string().trim().min(1, 'Enter a name.').max(120),
});
export type SavedReportRequest = z.infer<typeof savedReportRequest>;
export const savedReport = savedReportRequest.extend({
  id: z.string(),
  ...timestampFields,
});
export type SavedReport = z.infer<typeof savedReport>;
export const savedReportsQuery = z.object({ ...pageQuery, search: z.string().trim().max(120).optional() });
export const savedReportsPage = pageSchema(savedReport);
export const SAVED_REPORTS_PAGE_SIZE = 25;

/** Custom reports count at most this many events (the first by start time). */
export const CUSTOM_REPORT_MAX_EVENTS = 1000;
export const customReportResult = z.object({
  columns: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(analyticsRow),
  /** More events matched than a report counts. */
  truncated: z.boolean(),
});
export type CustomReportResult = z.infer<typeof customReportResult>;
export const openedReport = z.object({ report: savedReport, result: customReportResult });

/** The columns of a custom report: its dimension, then its metrics in the order picked. */
export function customReportColumns(definition: Pick<CustomReportDefinition, 'metrics' | 'dimension'>) {
  const dimension = REPORT_DIMENSIONS.find((entry) => entry.key === definition.dimension);
  return [
    { key: 'name', label: dimension?.label ?? 'Event' },
    ...definition.metrics.map((key) => ({
      key,
      label: REPORT_METRICS.find((metric) => metric.key === key)?.label ?? key,
    })),
  ];
}

/** A series' or repeating event's report: figures over its events, and each event's. */
export const seriesReport = z.object({
  figures: z.record(z.string(), z.number()),
  events: z.array(eventFiguresRow),
});
export type SeriesReport = z.infer<typeof seriesReport>;
export const SERIES_FIGURES = [
  { key: 'events', label: 'Events' },
  { key: 'registrations', label: 'Registrations' },
  { key: 'attendees', label: 'Attendees' },
  { key: 'participants', label: 'People who took part' },
  { key: 'demo_requests', label: 'Demo requests' },
] as const;

export const reportMessages = {
  noEvents: 'No events start in these dates.',
  noSavedReports: 'No saved reports yet.',
  costSaved: 'Cost saved.',
  reportSaved: 'Report saved.',
  reportDeleted: 'Report deleted.',
  deleteReport: 'Delete this report?',
  run: 'Run report',
  save: 'Save report',
  costHint: 'Enter what the event cost; each cost per person follows.',
  datesInUtc: 'Events starting in these dates (UTC).',
  truncated: `Only the first ${CUSTOM_REPORT_MAX_EVENTS.toLocaleString('en-US')} events are counted.`,
} as const;

export const reportsPaths = {
  crossEvent: '/api/reports/cross-event/',
  crossEventCsv: '/api/reports/cross-event/csv/',
  roi: '/api/reports/roi/',
  roiCsv: '/api/reports/roi/csv/',
  eventCost: (eventId: string) => `/api/reports/roi/${eventId}/cost/`,
  customRun: '/api/reports/custom/run/',
  customRunCsv: '/api/reports/custom/run/csv/',
  saved: '/api/reports/custom/',
  savedReport: (id: string) => `/api/reports/custom/${id}/`,
  savedReportCsv: (id: string) => `/api/reports/custom/${id}/csv/`,
  series: (seriesId: string) => `/api/reports/series/${seriesId}/`,
  seriesCsv: (seriesId: string) => `/api/reports/series/${seriesId}/csv/`,
} as const;

/** The CSV cells of labelled rows, in the columns' order. */
export function reportCells(
  columns: readonly { key: string; label: string }[],
  rows: readonly Record<string, string | number | null>[],
): string[][] {
  return [
    columns.map((column) => column.label),
    ...rows.map((row) => columns.map((column) => String(row[column.key] ?? ''))),
  ];
}
