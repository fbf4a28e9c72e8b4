import { Stack } from '@mantine/core';
import { REPORT_TITLES, type ReportKind } from '@studio/domain';
import { LinkCards, type LinkCard } from '../../ui/link-cards.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FeatureNotEnabled } from '../../ui/plan-gate.tsx';
import { useReportsAvailable } from './reports-api.ts';
import { Loading } from '../../ui/list-states.tsx';

const REPORTS: (LinkCard & { kind: ReportKind })[] = [
  {
    kind: 'cross-event',
    href: '/reports-new/cross-event',
    title: REPORT_TITLES['cross-event'],
    text: 'Registrations, attendance, engagement and demo requests compared across your events.',
  },
  {
    kind: 'roi',
    href: '/reports-new/roi',
    title: REPORT_TITLES.roi,
    text: 'What each event cost against the people it brought: per registrant, attendee and demo request.',
  },
  {
    kind: 'custom-report',
    href: '/reports-new/custom-report/search',
    title: REPORT_TITLES['custom-report'],
    text: 'Pick the figures and rows you need, then save the report to open it again.',
  },
  {
    kind: 'custom-report',
    href: '/reports-new/custom-report/saved-reports',
    title: 'Saved Reports',
    text: 'The custom reports saved in your organization.',
  },
];

/** /reports-new: the organisation's reports, those its plan and flags turn off hidden. */
export function ReportsHomePage() {
  const available = useReportsAvailable();
  const shown = REPORTS.filter((report) => available?.[report.kind]);
  return (
    <Stack gap="lg">
      <PageHeader title="Reports" description="Reports across the events of your organization." />
      {!available && <Loading label="Loading reports" />}
      {available && shown.length === 0 && <FeatureNotEnabled />}
      <LinkCards cards={shown} />
    </Stack>
  );
}
