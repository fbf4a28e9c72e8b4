import { Button, Group, MultiSelect, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { ACTIONS_COLUMN, ListTable } from '../../ui/list-table.tsx';
import {
  customReportColumns,
  plural,
  REPORT_DIMENSIONS,
  REPORT_METRICS,
  REPORT_TITLES,
  reportMessages,
  SAVED_REPORTS_PAGE_SIZE,
  type CustomReportDefinition,
  type CustomReportResult,
} from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isNotFound } from '../../api/api-error.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { NotFound } from '../../ui/empty-state.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { ListSearchInput } from '../../ui/server-list.tsx';
import { namedPill } from '../../ui/multi-select-field.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import {
  downloadCustomReportCsv,
  downloadSavedReportCsv,
  useDeleteReport,
  useOpenedReport,
  useRunCustomReport,
  useSavedReports,
  useSaveReport,
} from './reports-api.ts';
import { ReportStates } from './report-states.tsx';
import { ReportChart, ReportTable } from './report-table.tsx';

const CUSTOM_REPORT = '/reports-new/custom-report';
export const savedReportHref = (id: string) => `${CUSTOM_REPORT}/${id}`;
const SAVED_REPORTS = `${CUSTOM_REPORT}/saved-reports`;

const metricOptions = REPORT_METRICS.map((metric) => ({ value: metric.key, label: metric.label }));
const dimensionOptions = REPORT_DIMENSIONS.map((dimension) => ({
  value: dimension.key,
  label: dimension.label,
}));

/** A custom report's result: its chart over the metrics picked, and its table with CSV. */
function CustomReportResultView({
  result,
  title,
  csv,
  fileName,
}: {
  result: CustomReportResult;
  title: string;
  csv: () => Promise<Blob>;
  fileName: string;
}) {
  const metrics = result.columns.slice(1).map((column) => column.key);
  return (
    <Stack gap="md">
      {result.truncated && <Text c="dimmed">{reportMessages.truncated}</Text>}
      <ReportChart columns={result.columns} rows={result.rows} series={metrics} />
      <ReportTable
        title={title}
        columns={result.columns}
        rows={result.rows}
        empty={reportMessages.noEvents}
        csv={csv}
        fileName={fileName}
      />
    </Stack>
  );
}

/** /reports-new/custom-report/search: pick metrics, rows and events, run, and save with a name. */
export function CustomReportBuilderPage() {
  const navigate = useNavigate();
  const [definition, setDefinition] = useState<CustomReportDefinition>({
    metrics: ['registrations', 'attendees'],
    dimension: 'event',
    filters: {},
  });
  const [name, setName] = useState('');
  const run = useRunCustomReport();
  const save = useSaveReport((id) => navigate({ href: savedReportHref(id) }));
  const filters = definition.filters;
  const setFilter = (key: 'from' | 'to' | 'title', value: string) =>
    setDefinition({ ...definition, filters: { ...filters, [key]: value || undefined } });
  return (
    <Stack gap="lg">
      <PageHeader
        title={REPORT_TITLES['custom-report']}
        description="Pick the figures and what each row is, choose the events, run and save."
        actions={<HrefLink href={SAVED_REPORTS}>Saved Reports</HrefLink>}
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <MultiSelect
          label="Metrics"
          data={metricOptions}
          value={definition.metrics}
          onChange={(metrics) => setDefinition({ ...definition, metrics })}
          renderPill={namedPill}
          miw={260}
        />
        <Select
          label="Rows"
          data={dimensionOptions}
          value={definition.dimension}
          allowDeselect={false}
          onChange={(dimension) => dimension && setDefinition({ ...definition, dimension })}
          w={140}
        />
        <TextInput
          type="date"
          label="From"
          value={filters.from ?? ''}
          onChange={(change) => setFilter('from', change.currentTarget.value)}
        />
        <TextInput
          type="date"
          label="To"
          value={filters.to ?? ''}
          onChange={(change) => setFilter('to', change.currentTarget.value)}
        />
        <TextInput
          label="Event title"
          value={filters.title ?? ''}
          onChange={(change) => setFilter('title', change.currentTarget.value)}
        />
        <Button
          onClick={() => run.mutate(definition)}
          loading={run.isPending}
          disabled={definition.metrics.length === 0}
        >
          {reportMessages.run}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {reportMessages.datesInUtc}
      </Text>
      {run.data && (
        <>
          <CustomReportResultView
            result={run.data}
            title="Result"
            csv={() => downloadCustomReportCsv(definition)}
            fileName="custom-report.csv"
          />
          <Group align="flex-end" gap="sm">
            <TextInput
              label="Report name"
              value={name}
              onChange={(change) => setName(change.currentTarget.value)}
              maxLength={120}
            />
            <Button
              variant="light"
              disabled={name.trim() === ''}
              loading={save.isPending}
              onClick={() => save.mutate({ ...definition, name })}
            >
              {reportMessages.save}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** /reports-new/custom-report/saved-reports: the organisation's saved reports, by name. */
export function SavedReportsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<string | null>(null);
  const reports = useSavedReports({ search, page });
  const remove = useDeleteReport(() => setDeleting(null));
  const metricLabel = (key: string) => REPORT_METRICS.find((metric) => metric.key === key)?.label ?? key;
  return (
    <Stack gap="lg">
      <PageHeader title="Saved Reports" description="The custom reports saved in your organization." />
      <ListSearchInput
        value={search}
        onChange={(text) => {
          setSearch(text);
          setPage(1);
        }}
        placeholder="Report name"
      />
      <ReportStates query={reports} loadingLabel="Loading saved reports">
        <ListStates
          pending={false}
          loadingLabel="Loading saved reports"
          empty={(reports.data?.results.length ?? 0) === 0}
          emptyState={search ? 'No saved report matches this search.' : reportMessages.noSavedReports}
        >
          <ListTable
            minWidth={480}
            striped
            withTableBorder
            label="Saved reports"
            columns={['Name', 'Metrics', 'Rows', ACTIONS_COLUMN]}
          >
            {reports.data?.results.map((report) => (
              <Table.Tr key={report.id}>
                <Table.Td>
                  <HrefLink href={savedReportHref(report.id)}>{report.name}</HrefLink>
                </Table.Td>
                <Table.Td>{report.metrics.map(metricLabel).join(', ')}</Table.Td>
                <Table.Td>{customReportColumns(report)[0]?.label}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="subtle"
                    onClick={() => setDeleting(report.id)}
                    aria-label={`Delete ${report.name}`}
                  >
                    Delete
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
          <ListPagination
            total={reports.data?.count ?? 0}
            pageSize={SAVED_REPORTS_PAGE_SIZE}
            page={page}
            onChange={setPage}
          />
        </ListStates>
      </ReportStates>
      <ConfirmDialog
        opened={deleting !== null}
        message={reportMessages.deleteReport}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** /reports-new/custom-report/{liveboardID}: a saved report opened by id, run now. */
export function SavedReportPage({ reportId }: { reportId: string }) {
  const navigate = useNavigate();
  const opened = useOpenedReport(reportId);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteReport(() => navigate({ href: SAVED_REPORTS }));
  const report = opened.data?.report;
  if (isNotFound(opened.error))
    return (
      <NotFound title="Report not found" back={{ href: SAVED_REPORTS, label: 'Back to Saved Reports' }} />
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title={report?.name ?? REPORT_TITLES['custom-report']}
        description={
          report &&
          `${plural(report.metrics.length, 'metric')} by ${customReportColumns(report)[0]?.label.toLowerCase()}.`
        }
        actions={
          report && (
            <Button color="red" variant="light" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          )
        }
      />
      <ReportStates query={opened} loadingLabel="Loading the report">
        {opened.data && (
          <CustomReportResultView
            result={opened.data.result}
            title="Result"
            csv={() => downloadSavedReportCsv(reportId)}
            fileName={`custom-report-${reportId}.csv`}
          />
        )}
      </ReportStates>
      <ConfirmDialog
        opened={deleting}
        message={reportMessages.deleteReport}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => remove.mutate(reportId)}
        onCancel={() => setDeleting(false)}
      />
    </Stack>
  );
}
