import { Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { SERIES_NAME_MAX_LENGTH, seriesFormSchema, type Series } from '@studio/domain';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { tagOptionsQuery } from '../../api/entity-options.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { RichTextField } from '../../ui/rich-text-field.tsx';
import { errorsUnder, fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import { TextField } from '../../ui/text-field.tsx';
import { useRouteParam } from '../../ui/use-route-param.ts';
import {
  RecurrenceFields,
  recurrenceRuleOf,
  recurrenceValues,
  type RecurrenceValues,
} from './recurrence-fields.tsx';
import { seriesEventsQuery, useSeries, useUpdateSeries } from './series-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { ListTable } from '../../ui/list-table.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { EventLeadCells, RegistrantsCell, registrantsColumn } from '../../ui/event-cells.tsx';
import { useClock } from '../../ui/use-clock.ts';

/** The series of the workspace; its layout shows the header and answers load failures. */
function useWorkspaceSeries() {
  const series = useSeries(useRouteParam('seriesId'));
  const pending = series.isPending ? <Loading label="Loading series" /> : null;
  return { series: series.data, pending };
}

/** /series/$seriesId/dashboard and /repeating-event/$seriesId/dashboard: the series' settings. */
export function SeriesDashboardPage() {
  const { series, pending } = useWorkspaceSeries();
  if (!series) return pending;
  return <SeriesDashboard key={series.updated_at} series={series} />;
}

/** /series/$seriesId/events and /repeating-event/$seriesId/events: the events of the series. */
export function SeriesEventsPage() {
  const { series, pending } = useWorkspaceSeries();
  if (!series) return pending;
  return (
    <Stack role="region" aria-label="Events">
      <PageHeader title="Events" description="The events of this series by start, and how each stands." />
      <SeriesEvents series={series} />
    </Stack>
  );
}

const tagIds = (series: Series) => series.tags.map((tag) => (typeof tag === 'string' ? tag : tag.id));

function SeriesDashboard({ series }: { series: Series }) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const tags = useQuery(tagOptionsQuery(organizationId));
  const form = useStudioForm<{
    name: string;
    description: string;
    tags: string[];
    recurrence: RecurrenceValues | null;
  }>(seriesFormSchema, {
    initialValues: {
      name: series.name,
      description: series.description ?? '',
      tags: tagIds(series),
      recurrence: series.recurrence ? recurrenceValues(series.recurrence) : null,
    },
  });
  const { recurrence } = form.values;
  const save = useUpdateSeries(series.id);
  const submit = form.onSubmit((values) =>
    save.mutate({
      name: values.name.trim(),
      description: values.description || null,
      tags: values.tags,
      ...(values.recurrence && { recurrence: recurrenceRuleOf(values.recurrence) }),
    }),
  );
  return (
    <Stack>
      {series.cached_data && (
        <Text size="sm" c="dimmed">
          {series.cached_data.upcoming_events_count} upcoming, {series.cached_data.past_events_count} past
        </Text>
      )}
      <Card withBorder maw={760} role="region" aria-label="Settings">
        <form noValidate onSubmit={submit}>
          <Stack>
            <TextField
              label="Name"
              required
              {...fieldProps(form, 'name')}
              maxLength={SERIES_NAME_MAX_LENGTH}
            />
            {/* Under the series' name on its registration page, and its pages' social description. */}
            <RichTextField
              label="Description"
              value={form.values.description}
              onChange={(description) => form.setFieldValue('description', description)}
            />
            <MultiSelectField label="Tags" options={tags.data ?? []} {...fieldProps(form, 'tags')} />
            {recurrence && (
              <RecurrenceFields
                values={recurrence}
                errors={errorsUnder(form.errors, 'recurrence')}
                onChange={(values) => form.setFieldValue('recurrence', values)}
              />
            )}
            <FormActions saving={save.isPending} />
          </Stack>
        </form>
      </Card>
      <Title order={2} size="h4">
        Events
      </Title>
      <SeriesEvents series={series} />
    </Stack>
  );
}

function SeriesEvents({ series }: { series: Series }) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const events = useQuery(seriesEventsQuery(user.organization ?? '', series.id));
  const now = useClock();
  const eventList = events.data?.results ?? [];
  if (events.isPending) return <Loader size="sm" aria-label="Loading events" />;
  if (eventList.length === 0) return <Text c="dimmed">No events in this series yet.</Text>;
  // Counted unless the organisation's not-use-registrant-counts flag is on (the list then has none).
  const counted = eventList.some((event) => event.registrant_counts);
  return (
    // As wide as its rows read on one line each; a phone scrolls it sideways.
    <ListTable
      label="Series events"
      minWidth={560}
      columns={['Title', 'Starts', 'Status', counted && registrantsColumn]}
    >
      {eventList.map((event) => (
        <Table.Tr key={event.id}>
          <EventLeadCells event={event} now={now} />
          {counted && <RegistrantsCell counts={event.registrant_counts} />}
        </Table.Tr>
      ))}
    </ListTable>
  );
}
