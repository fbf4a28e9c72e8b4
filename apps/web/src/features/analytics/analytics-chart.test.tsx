import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

const drawn = vi.hoisted(() => [] as { yAxisProps?: { allowDecimals?: boolean } }[]);

// The chart's props as recharts gets them (jsdom lays out no SVG to read ticks from).
vi.mock('@mantine/charts', () => {
  const record = (props: { yAxisProps?: { allowDecimals?: boolean } }) => {
    drawn.push(props);
    return null;
  };
  return { AreaChart: record, BarChart: record };
});

const { AnalyticsChart } = await import('./analytics-chart.tsx');

const columns = [
  { key: 'day', label: 'Day' },
  { key: 'attended', label: 'Attended' },
];

describe("an analytics tab's chart", () => {
  it('gives whole counts whole-number ticks on the y-axis', () => {
    drawn.length = 0;
    render(
      <AnalyticsChart
        chart={{ table: 'daily', kind: 'area', series: ['attended'] }}
        columns={columns}
        rows={[
          { day: '2026-11-21', attended: 0 },
          { day: '2026-11-22', attended: 1 },
        ]}
      />,
    );
    expect(drawn.at(-1)?.yAxisProps?.allowDecimals).toBe(false);
  });

  it('keeps decimal ticks for figures with fractions', () => {
    drawn.length = 0;
    render(
      <AnalyticsChart
        chart={{ table: 'daily', kind: 'bar', series: ['attended'] }}
        columns={columns}
        rows={[{ day: '2026-11-21', attended: 0.5 }]}
      />,
    );
    expect(drawn.at(-1)?.yAxisProps?.allowDecimals).toBe(true);
  });
});
