import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onPhone, onWideScreen } from '../../testing/narrow-screen.ts';

afterEach(onWideScreen);

interface Axis {
  allowDecimals?: boolean;
  interval?: number;
  tickFormatter?: (value: string) => string;
}
const drawn = vi.hoisted(
  () => [] as { h?: number; orientation?: string; xAxisProps?: Axis; yAxisProps?: Axis }[],
);

// The chart's props as recharts gets them (jsdom lays out no SVG to read ticks from).
vi.mock('@mantine/charts', () => {
  const record = (props: (typeof drawn)[number]) => {
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

/** The chart of events' registrations (a bar chart of names), as recharts gets it. */
function chartOfEvents(titles: string[]) {
  drawn.length = 0;
  render(
    <AnalyticsChart
      chart={{ table: 'events', kind: 'bar', series: ['registrations'] }}
      columns={[
        { key: 'title', label: 'Event' },
        { key: 'registrations', label: 'Registrations' },
      ]}
      rows={titles.map((title, index) => ({ title, registrations: index }))}
    />,
  );
  return drawn.at(-1);
}

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

  it('lays bars of names down, every name on its own line (a long one shortened), counts whole', () => {
    const events = ['Northwind Summit 2027: the partner keynote', 'Spring launch', 'Autumn launch'];
    const chart = chartOfEvents(events);
    expect(chart?.orientation).toBe('vertical');
    // Every name is a tick (recharts would otherwise skip some), the value axis counts in whole numbers.
    expect(chart?.yAxisProps?.interval).toBe(0);
    expect(chart?.xAxisProps?.allowDecimals).toBe(false);
    expect(events.map((title) => chart?.yAxisProps?.tickFormatter?.(title))).toEqual([
      'Northwind Summit 2027: th…',
      'Spring launch',
      'Autumn launch',
    ]);
  });

  it('keeps names apart on a phone, where they wrap: shorter names, taller rows', () => {
    const events = ['Customer Stories: Onboarding at scale', 'Product Office Hours', 'Spring launch'];
    const twelve = [...events, ...events, ...events, ...events];
    const wide = chartOfEvents(twelve);
    onPhone();
    const phone = chartOfEvents(twelve);
    expect(events.map((title) => phone?.yAxisProps?.tickFormatter?.(title))).toEqual([
      'Customer Stories: O…',
      'Product Office Hours',
      'Spring launch',
    ]);
    expect(phone?.h).toBeGreaterThan(wide?.h ?? Infinity);
  });

  it('keeps a bar chart of days upright', () => {
    drawn.length = 0;
    render(
      <AnalyticsChart
        chart={{ table: 'daily', kind: 'bar', series: ['attended'] }}
        columns={columns}
        rows={[{ day: '2026-11-21', attended: 2 }]}
      />,
    );
    expect(drawn.at(-1)?.orientation).toBeUndefined();
  });
});
