import type { AnalyticsEventKind, ANALYTICS_CTA_KINDS, WATCH_MODES } from '@studio/domain';
import type { Generated } from 'kysely';

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

export interface AnalyticsTables {
  analytics_events: AnalyticsEventTable;
}
