import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  EVENT_TYPE_FILTERS,
  eventHref,
  eventListAddressSchema,
  eventMessages,
  eventTimeStatus,
  paths,
  type EventListAddress,
} from '@studio/domain';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSeriesOptions, useTagOptions } from '../../api/entity-options.ts';
import { EventStatusBadge } from '../../ui/event-status-badge.tsx';
import { ListFilters } from '../../ui/list-filters.tsx';
import { useListPage } from '../../ui/list-page.ts';
import { ListStates } from '../../ui/list-states.tsx';
import { formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { showToast } from '../../ui/toast.ts';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { eventListParams } from './event-search.ts';
import { useEventList } from './events-api.ts';
import { useEventSettings } from './use-event-settings.ts';

export const FILTER_LABELS = {
  UpcomingEvents: 'Upcoming',
  PastEvents: 'Past',
  UpcomingNonLiveEvents: 'Upcoming (not live)',
  AllEvents: 'All',
} as const;

const TYPE_LABELS = {
  All: 'All (Webinar + Conference)',
  Webinar: 'Webinar',
  Conference: 'Conference',
  Recording: 'Recording',
} as const;
const SORT_LABELS = {
  '-start_time': 'Date (newest first)',
  start_time: 'Date (oldest first)',
  title: 'Title (A–Z)',
  '-title': 'Title (Z–A)',
} as const;
const REPEATING_LABELS = {
  show: 'Show repeating events',
  hide: 'Hide repeating events',
  only: 'Only repeating events',
} as const;

/** What the Filters button counts (the sort is an order, not a filter). */
const EVENT_FILTER_KEYS = ['filter', 'type', 'series', 'tag', 'workspace', 'repeating'] as const;

const options = <T extends string>(labels: Record<T, string>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

/** /events: the organisation's events (spec 001 §2.5). */
export function EventsPage() {
  const settings = useEventSettings();
  const navigate = useNavigate();
  const { state, show, setPage, searchText, setSearchText, activeFilters } = useListPage(
    paths.events,
    eventListAddressSchema,
  );
  const list = useEventList(eventListParams(state, settings.organizationId, settings.pageSize));
  const series = useSeriesOptions(settings.organizationId);
  const tags = useTagOptions(settings.organizationId);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (list.isError) showToast(eventMessages.errorLoadingEvents, 'error');
  }, [list.isError]);

  const events = list.data?.results ?? [];
  return (
    <Stack>
      <PageHeader title="Events" actions={<Button onClick={() => setCreating(true)}>Create Event</Button>} />
      <ListFilters
        activeCount={activeFilters(EVENT_FILTER_KEYS)}
        search={
          <TextInput
            label="Search"
            placeholder="Search by title"
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={220}
          />
        }
      >
        {(width) => (
          <>
            <SelectField
              label="Show"
              w={width(190)}
              allowDeselect={false}
              searchable={false}
              options={options(FILTER_LABELS)}
              value={state.filter}
              onChange={(value) => value && show({ filter: value as EventListAddress['filter'] })}
            />
            <SelectField
              label="Type"
              w={width(220)}
              allowDeselect={false}
              searchable={false}
              options={EVENT_TYPE_FILTERS.map((value) => ({ value, label: TYPE_LABELS[value] }))}
              value={state.type}
              onChange={(value) => value && show({ type: value as EventListAddress['type'] })}
            />
            <SelectField
              label="Sort by"
              w={width(200)}
              allowDeselect={false}
              searchable={false}
              options={options(SORT_LABELS)}
              value={state.sort}
              onChange={(value) => value && show({ sort: value as EventListAddress['sort'] })}
            />
            <SelectField
              label="Series"
              w={width(190)}
              clearable
              placeholder="All series"
              options={series.data ?? []}
              value={state.series || null}
              onChange={(value) => show({ series: value ?? '' })}
            />
            <SelectField
              label="Tag"
              w={width(170)}
              clearable
              placeholder="All tags"
              options={tags.data ?? []}
              value={state.tag || null}
              onChange={(value) => show({ tag: value ?? '' })}
            />
            {settings.workspacesEnabled && (
              <SelectField
                label="Workspace"
                w={width(190)}
                allowDeselect={false}
                searchable={false}
                options={[
                  { value: 'all', label: 'All' },
                  { value: 'mine', label: 'My team workspaces' },
                ]}
                value={state.workspace}
                onChange={(value) => value && show({ workspace: value as EventListAddress['workspace'] })}
              />
            )}
            <SelectField
              label="Repeating events"
              w={width(210)}
              allowDeselect={false}
              searchable={false}
              options={options(REPEATING_LABELS)}
              value={state.repeating}
              onChange={(value) => value && show({ repeating: value as EventListAddress['repeating'] })}
            />
          </>
        )}
      </ListFilters>
      <ListStates
        pending={list.isPending}
        loadingLabel="Loading events"
        empty={events.length === 0}
        emptyState={
          <Stack align="center" py="xl" gap="xs">
            <Text fw={600}>No events found</Text>
            <Text c="dimmed">
              {state.search.trim() ? 'No event matches your search.' : 'Create an event to get started.'}
            </Text>
          </Stack>
        }
      >
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover aria-label="Events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Starts</Table.Th>
                <Table.Th>Series</Table.Th>
                <Table.Th>Tags</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((event) => (
                <Table.Tr key={event.id} className="studio-event-row">
                  <Table.Td>
                    <HrefLink href={eventHref(event)}>{event.title}</HrefLink>
                  </Table.Td>
                  <Table.Td>{event.event_type}</Table.Td>
                  <Table.Td>
                    <EventStatusBadge status={eventTimeStatus(event)} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(event.start_time, event.timezone)}</Table.Td>
                  <Table.Td>{event.series?.name ?? '-'}</Table.Td>
                  <Table.Td miw={160}>
                    <Group gap={4}>
                      {event.tags.map((tag) => (
                        // Tag names keep their case; a long one ends in an ellipsis with the whole name on hover.
                        <Badge
                          key={tag.id}
                          size="sm"
                          variant="light"
                          tt="none"
                          maw={200}
                          title={tag.tag_name}
                        >
                          {tag.tag_name}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListStates>
      <ListPagination
        total={list.data?.count ?? 0}
        pageSize={settings.pageSize}
        page={state.page}
        onChange={setPage}
        estimated={list.data?.count_is_estimate}
      />
      {creating && (
        <CreateEventDialog
          opened
          organizationId={settings.organizationId}
          workspacesEnabled={settings.workspacesEnabled}
          onClose={() => setCreating(false)}
          onCreated={(event) => {
            setCreating(false);
            void navigate({ href: eventHref(event) });
          }}
        />
      )}
    </Stack>
  );
}
