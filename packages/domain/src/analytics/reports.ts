import { z } from 'zod';
import { isScheduled } from '../events/enums.ts';
import { catalogueKeys } from '../records.ts';

/**
 * The event's analytics pages (issue 35 §3; spec routes `events/{id}/analytics-new/*`). The spec
 * shows no metric definitions: these are ours, from the tracked actions, the programme and the
 * email delivery log. Every tab answers figures (cards), tables (each exportable as CSV) and the
 * table its chart draws, all labelled here so the page and the CSV say the same words.
 * Each tab with its title, as the route table names its page.
 */
export const ANALYTICS_TAB_TITLES = {
  summary: 'Analytics Summary',
  'pre-event': 'Pre-Event Analytics',
  engagement: 'Engagement',
  sessions: 'Sessions',
  booths: 'Booths',
  rooms: 'Rooms',
  emails: 'Emails',
};
export type AnalyticsTab = keyof typeof ANALYTICS_TAB_TITLES;
export const ANALYTICS_TABS = catalogueKeys(ANALYTICS_TAB_TITLES);

/**
 * The analytics tabs an event has: a webinar no rooms or booths (002 §8 hides them); a recording,
 * its video rather than a programme, no sessions either.
 */
export function analyticsTabsOf(eventType: string): readonly AnalyticsTab[] {
  const without = (left: readonly AnalyticsTab[]) => ANALYTICS_TABS.filter((tab) => !left.includes(tab));
  if (!isScheduled(eventType)) return without(['sessions', 'booths', 'rooms']);
  return eventType === 'Webinar' ? without(['booths', 'rooms']) : ANALYTICS_TABS;
}

interface ColumnDefinition {
  key: string;
  label: string;
}
interface TableDefinition {
  key: string;
  title: string;
  columns: readonly ColumnDefinition[];
}
export interface AnalyticsTabDefinition {
  figures: readonly ColumnDefinition[];
  tables: readonly TableDefinition[];
  /** The table drawn as a chart over its first column (a day or a name), if any. */
  chart?: { table: string; series: readonly string[]; kind: 'area' | 'bar' };
}

const column = (key: string, label: string): ColumnDefinition => ({ key, label });
const day = column('day', 'Day');
const byTarget = (key: string, title: string, name: string): TableDefinition => ({
  key,
  title,
  columns: [column('name', name), column('visits', 'Visits'), column('visitors', 'Unique visitors')],
});

export const ANALYTICS_TAB_DEFINITIONS: Record<AnalyticsTab, AnalyticsTabDefinition> = {
  summary: {
    figures: [
      column('attendees', 'Attendees'),
      column('registrations', 'Registrations'),
      column('live_attendees', 'Watched live'),
      column('on_demand_viewers', 'Watched on demand'),
      column('watch_minutes', 'Minutes watched'),
      column('live_minutes', 'Minutes watched live'),
      column('on_demand_minutes', 'Minutes watched on demand'),
      column('average_watch_minutes', 'Average minutes per viewer'),
      column('page_views', 'Registration page views'),
      column('cta_clicks', 'Call-to-action clicks'),
    ],
    tables: [
      {
        key: 'daily',
        title: 'Attendance by day',
        columns: [day, column('attendees', 'Attendees'), column('watch_minutes', 'Minutes watched')],
      },
    ],
    chart: { table: 'daily', series: ['attendees', 'watch_minutes'], kind: 'area' },
  },
  'pre-event': {
    figures: [column('page_views', 'Registration page views'), column('visitors', 'Unique visitors')],
    tables: [
      {
        key: 'daily',
        title: 'Registration page views by day',
        columns: [day, column('page_views', 'Page views'), column('visitors', 'Unique visitors')],
      },
      {
        key: 'sources',
        title: 'Sources',
        columns: [
          column('source', 'Source'),
          column('medium', 'Medium'),
          column('campaign', 'Campaign'),
          column('page_views', 'Page views'),
          column('visitors', 'Unique visitors'),
        ],
      },
    ],
    chart: { table: 'daily', series: ['page_views', 'visitors'], kind: 'area' },
  },
  engagement: {
    figures: [
      column('chat_messages', 'Chat messages'),
      column('questions', 'Questions'),
      column('poll_votes', 'Poll votes'),
      column('participants', 'People who took part'),
      column('demo_requests', 'Demo requests'),
    ],
    tables: [
      {
        key: 'daily',
        title: 'Participation by day',
        columns: [
          day,
          column('chat_messages', 'Chat messages'),
          column('questions', 'Questions'),
          column('poll_votes', 'Poll votes'),
        ],
      },
      {
        key: 'cta',
        title: 'Calls to action',
        columns: [column('name', 'Call to action'), column('clicks', 'Clicks'), column('people', 'People')],
      },
    ],
    chart: { table: 'daily', series: ['chat_messages', 'questions', 'poll_votes'], kind: 'bar' },
  },
  sessions: {
    figures: [
      column('sessions', 'Sessions'),
      column('viewers', 'Viewers'),
      column('watch_minutes', 'Minutes watched'),
    ],
    tables: [
      {
        key: 'sessions',
        title: 'Sessions',
        columns: [
          column('name', 'Session'),
          column('viewers', 'Viewers'),
          column('live_minutes', 'Minutes live'),
          column('on_demand_minutes', 'Minutes on demand'),
          column('average_minutes', 'Average minutes per viewer'),
        ],
      },
    ],
    chart: { table: 'sessions', series: ['viewers'], kind: 'bar' },
  },
  booths: {
    figures: [column('visits', 'Booth visits'), column('visitors', 'Unique visitors')],
    tables: [byTarget('booths', 'Booths', 'Booth')],
    chart: { table: 'booths', series: ['visits', 'visitors'], kind: 'bar' },
  },
  rooms: {
    figures: [column('visits', 'Room visits'), column('visitors', 'Unique visitors')],
    tables: [byTarget('rooms', 'Rooms', 'Room')],
    chart: { table: 'rooms', series: ['visits', 'visitors'], kind: 'bar' },
  },
  emails: {
    figures: [
      column('sent', 'Sent'),
      column('failed', 'Failed'),
      column('opened', 'Opened'),
      column('clicked', 'Clicked'),
    ],
    tables: [
      {
        key: 'statuses',
        title: 'Deliveries by status',
        columns: [column('name', 'Status'), column('count', 'Emails')],
      },
    ],
    chart: { table: 'statuses', series: ['count'], kind: 'bar' },
  },
};

/** The summary's figures of live watching: a recording, watched on demand only, has none. */
const LIVE_FIGURES: readonly string[] = ['live_attendees', 'live_minutes'];

/** The figures a tab shows for an event of this type (a recording's summary without the live ones). */
export const analyticsFiguresOf = (tab: AnalyticsTab, eventType: string | undefined) =>
  ANALYTICS_TAB_DEFINITIONS[tab].figures.filter(
    (figure) => isScheduled(eventType) || !LIVE_FIGURES.includes(figure.key),
  );

export const analyticsMessages = {
  nothingYet: 'Nothing tracked in these dates yet.',
  datesIn: (timezone: string) => `Dates in the event's time zone (${timezone}).`,
  exportCsv: 'Export CSV',
  /** The summary's basis: the one attendance rule (ATTENDANCE_ACTIONS). */
  attendeesBasis:
    'Attendees: registrants marked Attended (present in the event app, or checked in at the desk) and, at an event open without registration, the people present in its app. Registrations: the registrants holding a seat.',
  /** The emails tab when the organisation does not track opens and clicks: where the switch is. */
  emailTrackingOff:
    'Opened and Clicked are not counted: open and click tracking is off for your organization’s emails (turn on “Track opens and clicks” in the Delivery log of the event’s Email Schedule).',
  /** The sessions tab: watch time of no session is in the summary only. */
  sessionsBasis:
    'Viewers and minutes of each session come from its own players; watch time of no known session (the public on-demand replay of the event) counts in the Summary only.',
} as const;

/** The custom CTA's and the demo request's names in the engagement tab's table. */
export const ANALYTICS_CTA_LABELS = {
  custom: 'Custom call to action',
  demo_request: 'Demo request',
} as const;

export const analyticsCell = z.union([z.string(), z.number(), z.null()]);
export type AnalyticsCell = z.infer<typeof analyticsCell>;
export const analyticsRow = z.record(z.string(), analyticsCell);
export type AnalyticsRow = z.infer<typeof analyticsRow>;

/** A tab's answer: the figures by key and each table's rows by the table's key. */
export const analyticsReport = z.object({
  tab: z.enum(ANALYTICS_TABS),
  /** The days counted, in the event's time zone (both ends included). */
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  figures: z.record(z.string(), z.number()),
  tables: z.record(z.string(), z.array(analyticsRow)),
  /** What the figures are counted on, or why some are not (analyticsMessages). */
  notes: z.array(z.string()).optional(),
});
export type AnalyticsReport = z.infer<typeof analyticsReport>;

const isoDayMessage = 'Enter a date as YYYY-MM-DD.';
/**
 * A day of the calendar as YYYY-MM-DD, the reports' ranges: zod's ISO date (no 13th month, no
 * February 30th) from year 1 (year 0000 is no year; the databases refuse it).
 */
export const isoDay = z.iso.date(isoDayMessage).refine((day) => day >= '0001-01-01', isoDayMessage);
/** A range of days whose start is on or before its end (either may be left to its default). */
export const fromNotAfterTo = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to;
export const startAfterEndMessage = 'The start date must be on or before the end date.';
/** The refusal of a range whose start is after its end, on its end field (a new object each: zod's refine keeps it). */
export const fromNotAfterToIssue = () => ({ message: startAfterEndMessage, path: ['to'] });
/** ?from=&to= (days in the event's time zone; by default from its creation to its end or today). */
export const analyticsReportQuery = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .refine(fromNotAfterTo, fromNotAfterToIssue());
export type AnalyticsReportQuery = z.infer<typeof analyticsReportQuery>;
export const analyticsCsvQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  table: z.string().min(1),
});

export const analyticsPath = (eventId: string, tab: AnalyticsTab | ':tab') =>
  `/api/event/${eventId}/analytics/${tab}/`;
export const analyticsCsvPath = (eventId: string, tab: AnalyticsTab | ':tab') =>
  `/api/event/${eventId}/analytics/${tab}/csv/`;
export const viewersNowPath = (eventId: string) => `/api/event/${eventId}/analytics/viewers-now/`;

/** People present in the event's app now, and how many watch each session (engagement's presence). */
export const viewersNow = z.object({ present: z.number(), per_session: z.record(z.string(), z.number()) });
export type ViewersNow = z.infer<typeof viewersNow>;

/** The CSV file's header and lines of a tab's table, in its columns' order. */
export function analyticsTableCells(tab: AnalyticsTab, table: string, rows: readonly AnalyticsRow[]) {
  const definition = ANALYTICS_TAB_DEFINITIONS[tab].tables.find((candidate) => candidate.key === table);
  if (!definition) return undefined;
  return [
    definition.columns.map((entry) => entry.label),
    ...rows.map((row) => definition.columns.map((entry) => String(row[entry.key] ?? ''))),
  ];
}
