import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  analyticsMessages,
  reportMessages,
  type AnalyticsRow,
  type AnalyticsTabDefinition,
  type EventFiguresRow,
} from '@studio/domain';
import { lazy, Suspense, type ReactNode } from 'react';
import { cellText } from './cell-text.ts';
import { saveFile } from '../../ui/save-file.ts';
import { TableScroll } from '../../ui/table-scroll.tsx';

// The charts (recharts) are their own chunk, shared with the event's analytics tabs.
const AnalyticsChart = lazy(async () => ({
  default: (await import('./analytics-chart.tsx')).AnalyticsChart,
}));

interface Column {
  key: string;
  label: string;
}

/** A report's chart over its rows (named by their first column), loaded in its own chunk. */
export function ReportChart({
  columns,
  rows,
  series,
  kind = 'bar',
}: {
  columns: readonly Column[];
  rows: readonly AnalyticsRow[];
  series: readonly string[];
  kind?: NonNullable<AnalyticsTabDefinition['chart']>['kind'];
}) {
  if (rows.length === 0 || series.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Suspense fallback={<div style={{ height: 240 }} />}>
        <AnalyticsChart chart={{ table: '', series, kind }} columns={columns} rows={rows} />
      </Suspense>
    </Paper>
  );
}

/** A report's table with its CSV export, and the empty sentence when it has no rows. */
export function ReportTable<Row extends Record<string, string | number | null>>({
  title,
  columns,
  rows,
  empty,
  csv,
  fileName,
  cell,
}: {
  title: string;
  columns: readonly Column[];
  rows: readonly Row[];
  empty: string;
  /** The whole table as the server writes it. */
  csv: () => Promise<Blob>;
  fileName: string;
  /** A cell drawn otherwise than its value (a link, an input); undefined: the value. */
  cell?: (row: Row, column: string) => ReactNode;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Button
          variant="default"
          size="xs"
          onClick={() => void csv().then((file) => saveFile(file, fileName))}
        >
          {analyticsMessages.exportCsv}
        </Button>
      </Group>
      <TableScroll label={title} minWidth={560}>
        <Table striped withTableBorder aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.key}>{column.label}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={String(row.id ?? index)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>
                    {cell?.(row, column.key) ?? cellText(column.key, row[column.key])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {rows.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Stack>
  );
}

/**
 * The events of a report (the cross-event and ROI reports, a series' summary): their chart of
 * registrations, attendees and demo requests, then their table (start days as the studio writes
 * dates) with its CSV.
 */
export function EventsReport<Row extends EventFiguresRow>({
  columns,
  rows,
  cell,
  ...table
}: {
  columns: readonly Column[];
  rows: readonly Row[];
} & Pick<Parameters<typeof ReportTable<Row>>[0], 'csv' | 'fileName' | 'cell'>) {
  return (
    <>
      <ReportChart columns={columns} rows={rows} series={['registrations', 'attendees', 'demo_requests']} />
      <ReportTable
        title="Events"
        columns={columns}
        rows={rows}
        empty={reportMessages.noEvents}
        cell={cell}
        {...table}
      />
    </>
  );
}
