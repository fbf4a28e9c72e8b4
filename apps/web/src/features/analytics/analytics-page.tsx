import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  ANALYTICS_TAB_DEFINITIONS,
  ANALYTICS_TAB_TITLES,
  analyticsMessages as messages,
  type AnalyticsReport,
  type AnalyticsTab,
} from '@studio/domain';
import { lazy, Suspense, useState, type ChangeEvent } from 'react';
import { saveFile } from '../../ui/save-file.ts';
import { downloadAnalyticsCsv, useAnalyticsReport, type AnalyticsRange } from './analytics-api.ts';
import { ViewersNow } from './viewers-now.tsx';

// The charts (recharts) are their own chunk: the figures and tables show while they load.
const AnalyticsChart = lazy(async () => ({
  default: (await import('./analytics-chart.tsx')).AnalyticsChart,
}));

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
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{ANALYTICS_TAB_TITLES[tab]}</Title>
        {data && <DateRange report={data} onChange={setRange} />}
      </Group>
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
  // A day of the range: the other one stays; a cleared field changes nothing.
  const day = (key: 'from' | 'to') => ({
    value: report[key],
    onChange: (change: ChangeEvent<HTMLInputElement>) =>
      change.currentTarget.value &&
      onChange({ from: report.from, to: report.to, [key]: change.currentTarget.value }),
  });
  return (
    <Stack gap={4}>
      <Group gap="sm">
        <TextInput type="date" label="From" max={report.to} {...day('from')} />
        <TextInput type="date" label="To" min={report.from} {...day('to')} />
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
  const charted =
    definition.chart && definition.tables.find((table) => table.key === definition.chart?.table);
  const chartRows = charted ? (report.tables[charted.key] ?? []) : [];
  const sessions = (report.tables.sessions ?? []).map((row) => ({
    id: String(row.id),
    title: String(row.name),
  }));
  return (
    <>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: definition.figures.length > 4 ? 4 : definition.figures.length }}
      >
        {definition.figures.map((figure) => (
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
      {report.tab === 'sessions' && <ViewersNow eventId={eventId} sessions={sessions} />}
      {definition.chart && charted && chartRows.length > 0 && (
        <Paper withBorder p="md">
          <Suspense fallback={<div style={{ height: 240 }} />}>
            <AnalyticsChart chart={definition.chart} columns={charted.columns} rows={chartRows} />
          </Suspense>
        </Paper>
      )}
      {definition.tables.map((table) => (
        <Stack key={table.key} gap="xs">
          <Group justify="space-between">
            <Title order={4}>{table.title}</Title>
            <Button
              variant="default"
              size="xs"
              onClick={() =>
                void downloadAnalyticsCsv(eventId, report.tab, table.key, range).then((file) =>
                  saveFile(file, `${report.tab}-${table.key}-${eventId}.csv`),
                )
              }
            >
              {messages.exportCsv}
            </Button>
          </Group>
          <Table striped withTableBorder aria-label={table.title}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column.key}>{column.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(report.tables[table.key] ?? []).map((row, index) => (
                <Table.Tr key={index}>
                  {table.columns.map((column) => (
                    <Table.Td key={column.key}>{row[column.key] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {(report.tables[table.key] ?? []).length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={table.columns.length}>
                    <Text c="dimmed" size="sm">
                      {messages.nothingYet}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </>
  );
}
