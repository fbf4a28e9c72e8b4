import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  EVENT_FIGURES,
  EVENT_REPORT_PAGE_SIZE,
  REPORT_TITLES,
  reportMessages,
  ROI_FIGURES,
  type RoiRow,
} from '@studio/domain';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  downloadEventReportCsv,
  useEventReport,
  useSetEventCost,
  type EventReportFilter,
  type EventReportKind,
  type EventReportRow,
} from './reports-api.ts';
import { ReportStates } from './report-states.tsx';
import { EventsReport } from './report-table.tsx';

type Filter = Omit<EventReportFilter, 'page'>;

/** Events starting between two days (UTC) and whose title contains the search. */
function EventFilter({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  // A field of the filter: cleared, it no longer narrows the events.
  const field = (key: keyof Filter) => ({
    value: filter[key] ?? '',
    onChange: (change: ChangeEvent<HTMLInputElement>) =>
      onChange({ ...filter, [key]: change.currentTarget.value || undefined }),
  });
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <TextInput type="date" label="From" max={filter.to} {...field('from')} />
        <TextInput type="date" label="To" min={filter.from} {...field('to')} />
        <TextInput label="Search" placeholder="Event title" {...field('title')} />
      </Group>
      <Text size="xs" c="dimmed">
        {reportMessages.datesInUtc}
      </Text>
    </Stack>
  );
}

/** /reports-new/cross-event: the organisation's events compared, a page at a time. */
export function CrossEventReportPage() {
  return (
    <EventReportPage
      kind="cross-event"
      description="Registrations, attendance, engagement and demo requests of each event."
    />
  );
}

/** /reports-new/roi: each event's figures against the cost the organiser enters. */
export function RoiReportPage() {
  return (
    <EventReportPage
      kind="roi"
      description={reportMessages.costHint}
      cell={(row, column) => (column === 'cost' ? <CostInput row={row} /> : undefined)}
    />
  );
}

/**
 * A report of the organisation's events: the filter (a new one goes back to the first page), then
 * the events' chart and table a page at a time, with the whole filter's CSV.
 */
function EventReportPage<Kind extends EventReportKind>({
  kind,
  description,
  cell,
}: {
  kind: Kind;
  description: string;
  cell?: (row: EventReportRow<Kind>, column: string) => ReactNode;
}) {
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  const report = useEventReport(kind, { ...filter, page });
  return (
    <Stack gap="lg">
      <PageHeader title={REPORT_TITLES[kind]} description={description} />
      <EventFilter
        filter={filter}
        onChange={(next) => {
          setFilter(next);
          setPage(1);
        }}
      />
      <ReportStates query={report} loadingLabel="Loading the report">
        {report.data && (
          <>
            <EventsReport
              columns={kind === 'roi' ? ROI_FIGURES : EVENT_FIGURES}
              rows={report.data.results}
              csv={() => downloadEventReportCsv(kind, filter)}
              fileName={`${kind}-report.csv`}
              {...(cell ? { cell } : {})}
            />
            <ListPagination
              total={report.data.count}
              pageSize={EVENT_REPORT_PAGE_SIZE}
              page={page}
              onChange={setPage}
            />
          </>
        )}
      </ReportStates>
    </Stack>
  );
}

/** The event's cost, saved when the field is left with a changed value (empty clears it). */
function CostInput({ row }: { row: RoiRow }) {
  const setCost = useSetEventCost();
  const [value, setValue] = useState<string | number>(row.cost ?? '');
  return (
    <NumberInput
      aria-label={`Cost of ${row.name}`}
      size="xs"
      w={120}
      min={0}
      decimalScale={2}
      value={value}
      onChange={setValue}
      onBlur={() => {
        const cost = value === '' ? null : Number(value);
        if (cost !== row.cost) setCost.mutate({ eventId: row.id, cost });
      }}
    />
  );
}
