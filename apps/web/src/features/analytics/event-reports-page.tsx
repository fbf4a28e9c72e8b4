import { Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  EVENT_FIGURES,
  EVENT_REPORT_PAGE_SIZE,
  REPORT_TITLES,
  reportMessages,
  ROI_FIGURES,
  type EventFiguresRow,
  type RoiRow,
} from '@studio/domain';
import { useState, type ReactNode } from 'react';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  downloadEventReportCsv,
  useCrossEventReport,
  useRoiReport,
  useSetEventCost,
  type EventReportFilter,
  type EventReportKind,
} from './reports-api.ts';
import { ReportStates } from './report-states.tsx';
import { ReportChart, ReportTable } from './report-table.tsx';

type Filter = Omit<EventReportFilter, 'page'>;

/** Events starting between two days (UTC) and whose title contains the search. */
function EventFilter({ filter, onChange }: { filter: Filter; onChange: (filter: Filter) => void }) {
  return (
    <Stack gap={4}>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="date"
          label="From"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(change) => onChange({ ...filter, from: change.currentTarget.value || undefined })}
        />
        <TextInput
          type="date"
          label="To"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(change) => onChange({ ...filter, to: change.currentTarget.value || undefined })}
        />
        <TextInput
          label="Search"
          placeholder="Event title"
          value={filter.title ?? ''}
          onChange={(change) => onChange({ ...filter, title: change.currentTarget.value || undefined })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {reportMessages.datesInUtc}
      </Text>
    </Stack>
  );
}

function useEventFilter() {
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState(1);
  return {
    filter,
    page,
    setPage,
    setFilter: (next: Filter) => {
      setFilter(next);
      setPage(1);
    },
  };
}

/** /reports-new/cross-event: the organisation's events compared, a page at a time. */
export function CrossEventReportPage() {
  const { filter, page, setPage, setFilter } = useEventFilter();
  const report = useCrossEventReport({ ...filter, page });
  return (
    <Stack gap="lg">
      <PageHeader
        title={REPORT_TITLES['cross-event']}
        description="Registrations, attendance, engagement and demo requests of each event."
      />
      <EventFilter filter={filter} onChange={setFilter} />
      <ReportStates query={report} loadingLabel="Loading the report">
        {report.data && (
          <EventRowsReport
            kind="cross-event"
            filter={filter}
            rows={report.data.results}
            count={report.data.count}
            page={page}
            onPage={setPage}
          />
        )}
      </ReportStates>
    </Stack>
  );
}

/** /reports-new/roi: each event's figures against the cost the organiser enters. */
export function RoiReportPage() {
  const { filter, page, setPage, setFilter } = useEventFilter();
  const report = useRoiReport({ ...filter, page });
  return (
    <Stack gap="lg">
      <PageHeader title={REPORT_TITLES.roi} description={reportMessages.costHint} />
      <EventFilter filter={filter} onChange={setFilter} />
      <ReportStates query={report} loadingLabel="Loading the report">
        {report.data && (
          <EventRowsReport
            kind="roi"
            filter={filter}
            rows={report.data.results}
            count={report.data.count}
            page={page}
            onPage={setPage}
            cell={(row, column) => (column === 'cost' ? <CostInput row={row} /> : undefined)}
          />
        )}
      </ReportStates>
    </Stack>
  );
}

function EventRowsReport<Row extends EventFiguresRow>({
  kind,
  filter,
  rows,
  count,
  page,
  onPage,
  cell,
}: {
  kind: EventReportKind;
  filter: Filter;
  rows: readonly Row[];
  count: number;
  page: number;
  onPage: (page: number) => void;
  cell?: (row: Row, column: string) => ReactNode;
}) {
  const columns = kind === 'roi' ? ROI_FIGURES : EVENT_FIGURES;
  return (
    <>
      <ReportChart columns={columns} rows={rows} series={['registrations', 'attendees', 'demo_requests']} />
      <ReportTable
        title="Events"
        columns={columns}
        rows={rows}
        empty={reportMessages.noEvents}
        csv={() => downloadEventReportCsv(kind, filter)}
        fileName={`${kind}-report.csv`}
        {...(cell ? { cell } : {})}
      />
      <ListPagination total={count} pageSize={EVENT_REPORT_PAGE_SIZE} page={page} onChange={onPage} />
    </>
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
