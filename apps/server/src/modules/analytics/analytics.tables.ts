import type {
  AnalyticsEventKind,
  ANALYTICS_CTA_KINDS,
  CustomReportDefinition,
  WATCH_MODES,
} from '@studio/domain';
import type { ColumnType, Generated } from 'kysely';

/** Migration 0041 (issue 35): tracked actions, appended only. */
export interface AnalyticsEventTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  user_id: string | null;
  visitor: string | null;
  kind: AnalyticsEventKind;
  target_id: string | null;
  seconds: Generated<number>;
  mode: (typeof WATCH_MODES)[number] | null;
  cta: (typeof ANALYTICS_CTA_KINDS)[number] | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  referrer: string | null;
  occurred_at: Generated<Date>;
}

/**
 * Migration 0057: the summary's figures per event, quarter hour (UTC) and viewer — the person's
 * id, else the anonymous visitor's, else '' — kept by the statement that appends tracked rows.
 */
export interface AnalyticsRollupTable {
  event_id: string;
  organization_id: string;
  bucket: Date;
  viewer: string;
  user_id: string | null;
  presences: number;
  cta_clicks: number;
  page_views: number;
  live_watches: number;
  on_demand_watches: number;
  watch_seconds: number;
  live_seconds: number;
  on_demand_seconds: number;
}

/** Migration 0046: the cost an organiser entered for an event (the ROI report). */
export interface AnalyticsEventCostTable {
  event_id: string;
  organization_id: string;
  /** numeric(14, 2): read as a number with `::float8`. */
  cost: string | number;
  updated_at: Generated<Date>;
}

/** Migration 0046: an organisation's saved custom report. */
export interface AnalyticsSavedReportTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string | null;
  name: string;
  /** jsonb: read as a value, written as JSON text. */
  definition: ColumnType<CustomReportDefinition, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface AnalyticsTables {
  analytics_events: AnalyticsEventTable;
  analytics_rollups: AnalyticsRollupTable;
  analytics_event_costs: AnalyticsEventCostTable;
  analytics_saved_reports: AnalyticsSavedReportTable;
}
