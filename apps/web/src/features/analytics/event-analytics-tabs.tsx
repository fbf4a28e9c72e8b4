import { SegmentedControl, Stack } from '@mantine/core';
import { ANALYTICS_TAB_TITLES, type AnalyticsTab } from '@studio/domain';
import { useState } from 'react';
import { AnalyticsPage } from './analytics-page.tsx';

/**
 * One page over an event's analytics tabs (a webinar's analytics, an event of a series' report):
 * the same reports as the event's analytics-new pages, switched in place.
 */
export function EventAnalyticsTabs({ eventId, tabs }: { eventId: string; tabs: readonly AnalyticsTab[] }) {
  const [tab, setTab] = useState<AnalyticsTab>(tabs[0] ?? 'summary');
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Analytics"
        data={tabs.map((value) => ({ value, label: ANALYTICS_TAB_TITLES[value] }))}
        value={tab}
        onChange={(value) => setTab(value)}
        style={{ overflowX: 'auto', maxWidth: '100%' }}
      />
      <AnalyticsPage key={tab} eventId={eventId} tab={tab} />
    </Stack>
  );
}
