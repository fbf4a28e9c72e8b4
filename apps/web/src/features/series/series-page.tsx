import { Badge, Button, Group, Stack, Table } from '@mantine/core';
import {
  eventMessages,
  SERIES_FILTERS,
  SERIES_ORDERINGS,
  SERIES_PAGE_SIZE,
  type Series,
  type SeriesOrdering,
  type SeriesFilter,
  seriesListAddressSchema,
  type SeriesListAddress,
} from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { tagOptionsQuery, useWorkspaceChoices } from '../../api/entity-options.ts';
import { useSignedInOrganization } from '../../api/identity.ts';
import { pageQuery, useListPage } from '../../ui/list-page.ts';
import { labelledOptions, ListToolbar, sortChoice } from '../../ui/list-toolbar.tsx';
import { formatDate, formatDateTime } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { ServerListTable } from '../../ui/server-list.tsx';
import { CreateSeriesDialog } from './create-series-dialog.tsx';
import { useSeriesList } from './series-api.ts';

export function seriesListParams(state: SeriesListAddress, organizationId: string): URLSearchParams {
  return pageQuery(state.page, SERIES_PAGE_SIZE, {
    organization: organizationId,
    ordering: state.sort,
    filtering: state.filter,
    get_tags: 'true',
    name: state.search.trim() || undefined,
    tag: state.tag || undefined,
  });
}

/** A series' dashboard: a repeating event has its own address. */
export const seriesDashboardHref = (series: Pick<Series, 'id' | 'is_repeating'>) =>
  `/${series.is_repeating ? 'repeating-event' : 'series'}/${encodeURIComponent(series.id)}/dashboard`;

const SORT_LABELS: Record<SeriesOrdering, string> = {
  '-updated_at': 'Updated (newest first)',
  updated_at: 'Updated (oldest first)',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  events__start_time: 'Event date (oldest first)',
  '-events__start_time': 'Event date (newest first)',
};
const FILTER_LABELS: Record<SeriesFilter, string> = { all: 'All', upcoming: 'Upcoming', past: 'Past' };

/** /series: series and repeating events (spec 001 §2.5, §7 "Series"). */
export function SeriesPage() {
  const { organizationId, organization } = useSignedInOrganization();
  const navigate = useNavigate();
  const page = useListPage('/series', seriesListAddressSchema);
  const list = useSeriesList(seriesListParams(page.state, organizationId));
  const tags = useQuery(tagOptionsQuery(organizationId));
  const workspaceOptions = useWorkspaceChoices(organizationId, organization.is_workspace_enabled);
  const [creating, setCreating] = useState<'series' | 'repeating' | null>(null);

  return (
    <Stack>
      <PageHeader
        title="Series"
        actions={
          <Group gap="xs">
            <Button variant="default" onClick={() => setCreating('repeating')}>
              Create Repeating Event
            </Button>
            <Button onClick={() => setCreating('series')}>Create Series</Button>
          </Group>
        }
      />
      <ListToolbar
        list={page}
        searchPlaceholder="Search by name"
        choices={[
          {
            key: 'filter',
            label: 'Show',
            width: 150,
            options: labelledOptions(FILTER_LABELS, SERIES_FILTERS),
          },
          sortChoice(230, labelledOptions(SORT_LABELS, SERIES_ORDERINGS)),
          { key: 'tag', label: 'Tag', width: 180, options: tags.data ?? [], placeholder: 'All tags' },
        ]}
      />
      <ServerListTable
        list={list}
        listPage={page}
        pageSize={SERIES_PAGE_SIZE}
        failure={eventMessages.errorLoadingSeries}
        label="Series"
        startHint="Create a series to run events under one name and one registration."
        columns={['Name', 'Kind', 'Events', 'First event', 'Updated']}
        minWidth={560}
      >
        {(series) => (
          <Table.Tr key={series.id} className="studio-series-row">
            <Table.Td>
              <HrefLink href={seriesDashboardHref(series)}>{series.name}</HrefLink>
            </Table.Td>
            <Table.Td>{series.is_repeating ? <Badge variant="light">Repeating</Badge> : 'Series'}</Table.Td>
            <Table.Td>{series.events_count}</Table.Td>
            <Table.Td>{series.start_time ? formatDateTime(series.start_time) : '-'}</Table.Td>
            <Table.Td>{formatDate(series.updated_at)}</Table.Td>
          </Table.Tr>
        )}
      </ServerListTable>
      {creating && (
        <CreateSeriesDialog
          organizationId={organizationId}
          repeating={creating === 'repeating'}
          tagOptions={tags.data ?? []}
          workspaceOptions={workspaceOptions}
          onClose={() => setCreating(null)}
          onCreated={(series) => {
            setCreating(null);
            void navigate({ href: seriesDashboardHref(series) });
          }}
        />
      )}
    </Stack>
  );
}
