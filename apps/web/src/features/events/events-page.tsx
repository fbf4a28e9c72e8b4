import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import { EVENT_TYPE_FILTERS, eventListAddressSchema, eventMessages, paths } from '@studio/domain';
import { useState } from 'react';
import { useSeriesOptions, useTagOptions } from '../../api/entity-options.ts';
import { useAccess } from '../../session/use-access.ts';
import { useListPage } from '../../ui/list-page.ts';
import { EmptyList, ListStates } from '../../ui/list-states.tsx';
import { ListPagination } from '../../ui/list-pagination.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { labelledOptions, ListToolbar, sortChoice } from '../../ui/list-toolbar.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { CreateEventDialog } from './create-event-dialog.tsx';
import { eventListParams } from './event-search.ts';
import { useEventList } from './events-api.ts';
import { useEventSettings } from './use-event-settings.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { useClock } from '../../ui/use-clock.ts';
import { EventLeadCells, RegistrantsCell, registrantsColumn } from '../../ui/event-cells.tsx';

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

const WORKSPACE_LABELS = { all: 'All', mine: 'My team workspaces' } as const;

/** /events: the organisation's events (spec 001 §2.5). */
export function EventsPage() {
  const settings = useEventSettings();
  const page = useListPage(paths.events, eventListAddressSchema);
  const { state, setPage } = page;
  const list = useEventList(eventListParams(state, settings.organizationId, settings.pageSize));
  const series = useSeriesOptions(settings.organizationId);
  const tags = useTagOptions(settings.organizationId);
  const now = useClock();
  const [creating, setCreating] = useState(false);
  const canCreate = useAccess(settings.organizationId).can('event:create');

  useFailureToast(list.isError, eventMessages.errorLoadingEvents);

  const events = list.data?.results ?? [];
  return (
    <Stack>
      <PageHeader
        title="Events"
        actions={canCreate && <Button onClick={() => setCreating(true)}>Create Event</Button>}
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Search by title"
        choices={[
          { key: 'filter', label: 'Show', width: 190, options: labelledOptions(FILTER_LABELS) },
          {
            key: 'type',
            label: 'Type',
            width: 260,
            options: labelledOptions(TYPE_LABELS, EVENT_TYPE_FILTERS),
          },
          sortChoice(200, labelledOptions(SORT_LABELS)),
          {
            key: 'series',
            label: 'Series',
            width: 190,
            options: series.data ?? [],
            placeholder: 'All series',
          },
          { key: 'tag', label: 'Tag', width: 170, options: tags.data ?? [], placeholder: 'All tags' },
          settings.workspacesEnabled && {
            key: 'workspace',
            label: 'Workspace',
            width: 190,
            options: labelledOptions(WORKSPACE_LABELS),
          },
          {
            key: 'repeating',
            label: 'Repeating events',
            width: 210,
            options: labelledOptions(REPEATING_LABELS),
          },
        ]}
      />
      <ListStates
        pending={list.isPending}
        loadingLabel="Loading events"
        empty={events.length === 0}
        emptyState={
          <EmptyList
            title="No events found"
            hint={state.search.trim() ? 'No event matches your search.' : 'Create an event to get started.'}
          />
        }
      >
        <ListTable
          minWidth={settings.registrantCounts ? 820 : 720}
          highlightOnHover
          label="Events"
          // Title, then when and whether live: on a phone the first screen shows those before scrolling sideways.
          columns={[
            'Title',
            'Starts',
            'Status',
            'Type',
            // Spec 001 §9: counted unless the organisation's not-use-registrant-counts flag is on.
            settings.registrantCounts && registrantsColumn,
            'Series',
            'Tags',
          ]}
        >
          {events.map((event) => (
            <Table.Tr key={event.id} className="studio-event-row">
              <EventLeadCells event={event} now={now} />
              <Table.Td>{event.event_type}</Table.Td>
              {settings.registrantCounts && <RegistrantsCell counts={event.registrant_counts} />}
              <Table.Td>{event.series?.name ?? '-'}</Table.Td>
              <Table.Td miw={160}>
                <Group gap={4}>
                  {event.tags.map((tag) => (
                    // Tag names keep their case; a long one ends in an ellipsis with the whole name on hover.
                    <Badge key={tag.id} size="sm" variant="light" maw={200} title={tag.tag_name}>
                      {tag.tag_name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
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
          organizationId={settings.organizationId}
          workspacesEnabled={settings.workspacesEnabled}
          onClose={() => setCreating(false)}
        />
      )}
    </Stack>
  );
}
