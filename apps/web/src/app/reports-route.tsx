import { ANALYTICS_TABS, analyticsTabsOf } from '@studio/domain';
import type { ComponentType } from 'react';
import {
  CustomReportBuilderPage,
  SavedReportPage,
  SavedReportsPage,
} from '../features/analytics/custom-report-pages.tsx';
import { EventAnalyticsTabs } from '../features/analytics/event-analytics-tabs.tsx';
import { CrossEventReportPage, RoiReportPage } from '../features/analytics/event-reports-page.tsx';
import { ReportsHomePage } from '../features/analytics/reports-home-page.tsx';
import { SeriesReportPage } from '../features/analytics/series-report-page.tsx';
import { HrefLink } from '../ui/href-link.tsx';
import { AccessGate } from '../ui/no-access.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useRouteParam } from '../ui/use-route-param.ts';

/** A page of /reports-new/*: for members who may read reports (every route of it demands report:read). */
const organizationReport = (Page: ComponentType) =>
  function OrganizationReportRoute() {
    return (
      <AccessGate anyOf={['report:read']} what="Reports">
        <Page />
      </AccessGate>
    );
  };

/** /reports-new/*: the organisation's reports. */
export const CrossEventReportRoute = organizationReport(CrossEventReportPage);
export const RoiReportRoute = organizationReport(RoiReportPage);
export const ReportsRoute = organizationReport(ReportsHomePage);
export const CustomReportSearchRoute = organizationReport(CustomReportBuilderPage);
export const SavedReportsRoute = organizationReport(SavedReportsPage);
export const LiveboardRoute = organizationReport(function Liveboard() {
  const reportId = useRouteParam('liveboardID');
  return <SavedReportPage key={reportId} reportId={reportId} />;
});

/** /webinar/$eventId/analytics: the webinar's analytics tabs on one page. */
export function WebinarAnalyticsRoute() {
  return <EventAnalyticsTabs eventId={useRouteParam('eventId')} tabs={analyticsTabsOf('Webinar')} />;
}

/** /recording-event/$eventId/analytics: the recording's analytics tabs on one page. */
export function RecordingAnalyticsRoute() {
  return <EventAnalyticsTabs eventId={useRouteParam('eventId')} tabs={analyticsTabsOf('Recording')} />;
}

/** /series/$seriesId/reports/summary (and repeating-event): figures over the events, each linked. */
const seriesReportRoute = (base: '/series' | '/repeating-event') =>
  function SeriesReportRoute() {
    const seriesId = useRouteParam('seriesId');
    return (
      <SeriesReportPage
        seriesId={seriesId}
        eventReportHref={(eventId) => `${base}/${seriesId}/reports/event/${eventId}`}
      />
    );
  };
export const SeriesReportSummaryRoute = seriesReportRoute('/series');
export const RepeatingReportSummaryRoute = seriesReportRoute('/repeating-event');

/** /series/$seriesId/reports/event/$id: one event's analytics tabs. */
const seriesEventReportRoute = (base: '/series' | '/repeating-event') =>
  function SeriesEventReportRoute() {
    const seriesId = useRouteParam('seriesId');
    const eventId = useRouteParam('id');
    return (
      <>
        <PageHeader
          title="Event Report"
          actions={<HrefLink href={`${base}/${seriesId}/reports/summary`}>Report Summary</HrefLink>}
        />
        <EventAnalyticsTabs key={eventId} eventId={eventId} tabs={ANALYTICS_TABS} />
      </>
    );
  };
export const SeriesEventReportRoute = seriesEventReportRoute('/series');
export const RepeatingEventReportRoute = seriesEventReportRoute('/repeating-event');
