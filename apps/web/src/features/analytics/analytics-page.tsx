import { Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  ANALYTICS_TAB_DEFINITIONS,
  ANALYTICS_TAB_TITLES,
  analyticsFiguresOf,
  analyticsMessages as messages,
  fromNotAfterTo,
  startAfterEndMessage,
  type AnalyticsReport,
  type AnalyticsTab,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { eventQuery } from '../../api/studio-event.ts';
import { ReportChart, ReportTable } from './report-table.tsx';
import { downloadAnalyticsCsv, useAnalyticsReport, type AnalyticsRange } from './analytics-api.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ViewersNow } from './viewers-now.tsx';

interface AnalyticsPageProps {
  eventId: string;
  tab: AnalyticsTab;
}

/** One of the event's analytics tabs: figures, its chart, and every table with its CSV export. */
export function AnalyticsPage({ eventId, tab }: AnalyticsPageProps) {
  const [range, setRange] = useState<AnalyticsRange>({});
  const report = useAnalyticsReport(eventId, tab, range);
  const data = report.data;
  return (
    <Stack gap="lg">
      <PageHeader
        title={ANALYTICS_TAB_TITLES[tab]}
        actions={data && <DateRange report={data} onChange={setRange} />}
      />
      {report.isError && <Text c="red">{report.error.message}</Text>}
      {data && <ReportBody eventId={eventId} report={data} range={range} />}
    </Stack>
  );
}

function DateRange({
  report,
  onChange,
}: {
  report: AnalyticsReport;
  onChange: (range: AnalyticsRange) => void;
}) {
  // A day of the range: the other one stays; a cleared field changes nothing, and a start after
  // the end is refused here with the server's words (the report shown stays).
  const [refused, setRefused] = useState(false);
  const day = (key: 'from' | 'to') => ({
    value: report[key],
    onChange: (change: ChangeEvent<HTMLInputElement>) => {
      const range = { from: report.from, to: report.to, [key]: change.currentTarget.value };
      if (!change.currentTarget.value) return;
      const ordered = fromNotAfterTo(range);
      setRefused(!ordered);
      if (ordered) onChange(range);
    },
  });
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <TextInput type="date" label="From" max={report.to} {...day('from')} />
        <TextInput
          type="date"
          label="To"
          min={report.from}
          {...day('to')}
          error={refused && startAfterEndMessage}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {messages.datesIn(report.timezone)}
      </Text>
    </Stack>
  );
}

function ReportBody({
  eventId,
  report,
  range,
}: {
  eventId: string;
  report: AnalyticsReport;
  range: AnalyticsRange;
}) {
  const definition = ANALYTICS_TAB_DEFINITIONS[report.tab];
  // The event as its workspace read it (the cache it shares): its type decides the figures shown.
  const figures = analyticsFiguresOf(report.tab, useQuery(eventQuery(eventId)).data?.event_type);
  const charted =
    definition.chart && definition.tables.find((table) => table.key === definition.chart?.table);
  const chartRows = charted ? (report.tables[charted.key] ?? []) : [];
  const sessions = (report.tables.sessions ?? []).map((row) => ({
    id: String(row.id),
    title: String(row.name),
  }));
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: Math.min(figures.length, 4) }}>
        {figures.map((figure) => (
          <Paper key={figure.key} withBorder p="md">
            <Text size="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} fz="xl">
              {(report.figures[figure.key] ?? 0).toLocaleString()}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {(report.notes ?? []).map((note) => (
        <Text key={note} size="sm" c="dimmed">
          {note}
        </Text>
      ))}
      {report.tab === 'sessions' && <ViewersNow eventId={eventId} sessions={sessions} />}
      {definition.chart && charted && (
        <ReportChart
          columns={charted.columns}
          rows={chartRows}
          series={definition.chart.series}
          kind={definition.chart.kind}
        />
      )}
      {definition.tables.map((table) => (
        <ReportTable
          key={table.key}
          title={table.title}
          columns={table.columns}
          rows={report.tables[table.key] ?? []}
          empty={messages.nothingYet}
          csv={() => downloadAnalyticsCsv(eventId, report.tab, table.key, range)}
          fileName={`${report.tab}-${table.key}-${eventId}.csv`}
        />
      ))}
    </>
  );
}
