import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { eventMessages, SERIES_NAME_MAX_LENGTH, type Series } from '@studio/domain';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../api/api-error.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { showToast } from '../../ui/toast.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import {
  RecurrenceFields,
  recurrenceRuleOf,
  recurrenceValues,
  REQUIRED,
  validateRecurrence,
  type RecurrenceErrors,
} from './recurrence-fields.tsx';
import { SERIES_KEY, seriesEventsQuery, tagOptionsQuery, updateSeries, useSeries } from './series-api.ts';

/** /series/$seriesId/dashboard and /repeating-event/$seriesId/dashboard. */
export function SeriesDashboardPage() {
  const seriesId = useRouteParam('seriesId');
  const series = useSeries(seriesId);
  useEffect(() => {
    if (series.isError) showToast(eventMessages.errorLoadingSeries, 'error');
  }, [series.isError]);
  if (series.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading series" />
      </Center>
    );
  if (series.isError) return <Alert color="red">{eventMessages.errorLoadingSeries}</Alert>;
  return <SeriesDashboard key={series.data.updated_at} series={series.data} />;
}

const tagIds = (series: Series) => series.tags.map((tag) => (typeof tag === 'string' ? tag : tag.id));

function SeriesDashboard({ series }: { series: Series }) {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const organizationId = user.organization ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const events = useQuery(seriesEventsQuery(organizationId, series.id));
  const tags = useQuery(tagOptionsQuery(organizationId));
  const [name, setName] = useState(series.name);
  const [selectedTags, setSelectedTags] = useState(() => tagIds(series));
  const [recurrence, setRecurrence] = useState(() =>
    series.recurrence ? recurrenceValues(series.recurrence) : null,
  );
  const [errors, setErrors] = useState<{ name?: string; recurrence: RecurrenceErrors }>({ recurrence: {} });
  const save = useMutation({
    mutationFn: () =>
      updateSeries(series.id, {
        name: name.trim(),
        tags: selectedTags,
        ...(recurrence && { recurrence: recurrenceRuleOf(recurrence) }),
      }),
    onSuccess: async () => {
      showToast('Series updated successfully.', 'success');
      await queryClient.invalidateQueries({ queryKey: [SERIES_KEY] });
    },
    onError: (error) => showToast(failureMessage(error), 'error'),
  });
  const submit = () => {
    const found = {
      name: name.trim() ? undefined : REQUIRED,
      recurrence: recurrence ? validateRecurrence(recurrence) : {},
    };
    setErrors(found);
    if (!found.name && Object.keys(found.recurrence).length === 0) save.mutate();
  };
  const eventList = events.data?.results ?? [];
  return (
    <Stack>
      <Stack gap={2}>
        <Anchor
          size="sm"
          href="/series"
          onClick={(e) => (e.preventDefault(), void navigate({ href: '/series' }))}
        >
          ← Series
        </Anchor>
        <Group gap="xs">
          <Title order={1} size="h2">
            {series.name}
          </Title>
          {series.is_repeating && <Badge variant="light">Repeating event</Badge>}
        </Group>
        {series.cached_data && (
          <Text size="sm" c="dimmed">
            {series.cached_data.upcoming_events_count} upcoming, {series.cached_data.past_events_count} past
          </Text>
        )}
      </Stack>
      <Card withBorder maw={760}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <TextField
              label="Name"
              required
              value={name}
              onChange={setName}
              maxLength={SERIES_NAME_MAX_LENGTH}
              error={errors.name}
            />
            <MultiSelectField
              label="Tags"
              options={tags.data ?? []}
              value={selectedTags}
              onChange={setSelectedTags}
            />
            {recurrence && (
              <RecurrenceFields values={recurrence} errors={errors.recurrence} onChange={setRecurrence} />
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Title order={2} size="h4">
        Events
      </Title>
      {events.isPending ? (
        <Loader size="sm" aria-label="Loading events" />
      ) : eventList.length === 0 ? (
        <Text c="dimmed">No events in this series yet.</Text>
      ) : (
        <Table aria-label="Series events">
          <Table.Tbody>
            {eventList.map((event) => (
              <Table.Tr key={event.id}>
                <Table.Td>
                  <HrefLink href={`/events/${encodeURIComponent(event.id)}/dashboard`}>
                    {event.title}
                  </HrefLink>
                </Table.Td>
                <Table.Td>{formatDateTime(event.start_time, event.timezone)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
