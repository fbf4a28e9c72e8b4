import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { EVENT_FIGURES, SERIES_FIGURES } from '@studio/domain';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { downloadSeriesReportCsv, useSeriesReport } from './reports-api.ts';
import { ReportStates } from './report-states.tsx';
import { EventsReport } from './report-table.tsx';

interface SeriesReportPageProps {
  seriesId: string;
  /** The report of one of the series' events (the route's `reports/event/$id`). */
  eventReportHref: (eventId: string) => string;
}

/** A series' or repeating event's report summary: figures over its events, and each event's. */
export function SeriesReportPage({ seriesId, eventReportHref }: SeriesReportPageProps) {
  const report = useSeriesReport(seriesId);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Report Summary"
        description="Registrations, attendance, engagement and demo requests over the events."
      />
      <ReportStates query={report} loadingLabel="Loading the report">
        {report.data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
              {SERIES_FIGURES.map((figure) => (
                <Paper key={figure.key} withBorder p="md">
                  <Text size="sm" c="dimmed">
                    {figure.label}
                  </Text>
                  <Text fw={700} fz="xl">
                    {(report.data.figures[figure.key] ?? 0).toLocaleString()}
                  </Text>
                </Paper>
              ))}
            </SimpleGrid>
            <EventsReport
              columns={EVENT_FIGURES}
              rows={report.data.events}
              csv={() => downloadSeriesReportCsv(seriesId)}
              fileName={`series-report-${seriesId}.csv`}
              cell={(row, column) =>
                column === 'name' ? <HrefLink href={eventReportHref(row.id)}>{row.name}</HrefLink> : undefined
              }
            />
          </>
        )}
      </ReportStates>
    </Stack>
  );
}
