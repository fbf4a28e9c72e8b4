import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import type { AnalyticsRow, AnalyticsTabDefinition } from '@studio/domain';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { cellText } from './cell-text.ts';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6'];
const shortened = (length: number) => (name: string) =>
  name.length > length ? `${name.slice(0, length - 1)}…` : name;
/**
 * Lying bars on a wide and a narrow screen: a bar's row and the names' column (px), and each name
 * written whole up to a length (a longer one ends in '…'; the tooltip has it whole). On a phone the
 * column is narrow, so names wrap; shorter names in taller rows keep neighbours apart.
 */
const LYING_BARS = {
  wide: { row: 32, nameWidth: 180, name: shortened(26) },
  narrow: { row: 40, nameWidth: 110, name: shortened(20) },
};

interface AnalyticsChartProps {
  chart: NonNullable<AnalyticsTabDefinition['chart']>;
  /** The charted table's columns: the first names each point (a day or a name). */
  columns: readonly { key: string; label: string }[];
  rows: readonly AnalyticsRow[];
}

/** A tab's chart (its own chunk with recharts, loaded when a tab with figures shows). */
export function AnalyticsChart({ chart, columns, rows }: AnalyticsChartProps) {
  const bars = LYING_BARS[useNarrowScreen() ? 'narrow' : 'wide'];
  const dataKey = columns[0]?.key ?? 'name';
  const series = chart.series.map((key, index) => ({
    name: key,
    label: columns.find((column) => column.key === key)?.label ?? key,
    color: COLORS[index % COLORS.length] ?? 'blue.6',
  }));
  // Each point named as its table writes it (a day as 'Nov 21, 2026').
  const data = rows.map((row) => ({ ...row, [dataKey]: cellText(dataKey, row[dataKey]) }));
  // Counts (every charted value whole) get whole-number ticks: 0, 1, 2, not 0, 0.25, 0.5.
  const counts = data.every((row) =>
    series.every(({ name }) => {
      const value = row[name];
      return typeof value !== 'number' || Number.isInteger(value);
    }),
  );
  const valueAxis = { allowDecimals: !counts };
  const drawn = { h: 240, data, dataKey, series, withLegend: true };
  if (chart.kind === 'area') return <AreaChart {...drawn} curveType="monotone" yAxisProps={valueAxis} />;
  if (dataKey === 'day') return <BarChart {...drawn} yAxisProps={valueAxis} />;
  // Bars of names (events, sessions, booths) lie down, every name on its own line, where columns
  // would thin many long names out to every other one.
  return (
    <BarChart
      {...drawn}
      h={Math.max(240, data.length * bars.row + 60)}
      orientation="vertical"
      xAxisProps={valueAxis}
      yAxisProps={{ width: bars.nameWidth, interval: 0, tickFormatter: bars.name }}
    />
  );
}
