import type { AnalyticsTab } from '@studio/domain';
import { AnalyticsPage } from '../features/analytics/analytics-page.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

const tabRoute = (tab: AnalyticsTab) =>
  function AnalyticsTabRoute() {
    return <AnalyticsPage key={tab} eventId={useRouteParam('eventId')} tab={tab} />;
  };

/** /events/$eventId/analytics-new/*: the event's analytics tabs. */
export const AnalyticsSummaryRoute = tabRoute('summary');
export const PreEventAnalyticsRoute = tabRoute('pre-event');
export const EngagementAnalyticsRoute = tabRoute('engagement');
export const SessionsAnalyticsRoute = tabRoute('sessions');
export const BoothsAnalyticsRoute = tabRoute('booths');
export const RoomsAnalyticsRoute = tabRoute('rooms');
export const EmailsAnalyticsRoute = tabRoute('emails');
