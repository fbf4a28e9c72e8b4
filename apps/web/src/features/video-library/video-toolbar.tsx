import { Button, Checkbox, Group, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  messages,
  NO_TEAM,
  PICKER_SEARCH_DEBOUNCE_MS,
  videoLibraryMessages,
  videoListNarrowedToEvents,
} from '@studio/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { tagOptionsQuery, workspaceOptionsQuery } from '../../api/entity-options.ts';
import { ListToolbar, type ListToolbarList } from '../../ui/list-toolbar.tsx';
import { MultiSelectField, namedPill } from '../../ui/multi-select-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import type { LibrarySearch } from './library-search.ts';
import type { LibrarySettings } from './use-library-settings.ts';
import {
  eventsSearchQuery,
  eventTitleQuery,
  filterTitle,
  organizationUsersQuery,
  seriesNameQuery,
  seriesSearchQuery,
  type FilterOption,
} from './video-filters-api.ts';

const ALL_TEAMS = 'all';

const mergeOptions = (...lists: readonly (readonly FilterOption[])[]) => {
  const byValue = new Map<string, FilterOption>();
  for (const list of lists)
    for (const option of list) if (!byValue.has(option.value)) byValue.set(option.value, option);
  return [...byValue.values()];
};

/** The filters the toolbar sets, which Clear filters empties. */
const FILTER_KEYS = ['source', 'created_by', 'event_ids', 'event_tag', 'series_id', 'workspace'] as const;

interface VideoToolbarProps {
  settings: LibrarySettings;
  /** The library's list state (useListPage): its address, the title search box that it follows. */
  list: ListToolbarList<LibrarySearch>;
  /** Creators seen in the list, offered while the server cannot list the organisation's people. */
  knownCreators: readonly FilterOption[];
}

/**
 * Spec 000 §2 toolbar: 'Search by title...', Source, Created By, Event, Tag and Series filters
 * (searching the server, 25 at a time) and the team workspace filter (all, none, the user's teams).
 */
export function VideoToolbar({ settings, list, knownCreators }: VideoToolbarProps) {
  const { state } = list;
  const { organizationId } = settings;
  const [eventSearch, setEventSearch] = useState('');
  const [debouncedEventSearch] = useDebouncedValue(eventSearch.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const [seriesSearch, setSeriesSearch] = useState('');
  const [debouncedSeriesSearch] = useDebouncedValue(seriesSearch.trim(), PICKER_SEARCH_DEBOUNCE_MS);

  const events = useQuery(eventsSearchQuery(organizationId, debouncedEventSearch));
  const pickedEvents = useQueries({
    queries: state.event_ids.map((id) => ({ ...eventTitleQuery(id), retry: false })),
  });
  const series = useQuery(seriesSearchQuery(organizationId, debouncedSeriesSearch));
  const pickedSeries = useQuery({
    ...seriesNameQuery(state.series_id),
    enabled: Boolean(state.series_id),
    retry: false,
  });
  const tags = useQuery({
    ...tagOptionsQuery(organizationId),
    select: (options) => options.map((tag) => ({ ...tag, label: filterTitle(tag.label) })),
  });
  const users = useQuery(organizationUsersQuery(organizationId));
  const workspaces = useQuery({
    ...workspaceOptionsQuery(organizationId),
    enabled: settings.workspacesEnabled,
  });

  useFailureToast(workspaces.isError, videoLibraryMessages.fetchWorkspacesFailed);

  const me: FilterOption = {
    value: settings.user.id,
    label: `${settings.user.first_name} ${settings.user.last_name}`.trim(),
  };
  const creatorOptions = users.data ?? mergeOptions([me], knownCreators);
  const eventOptions = mergeOptions(
    pickedEvents.flatMap((query, index) =>
      query.data ? [query.data] : [{ value: state.event_ids[index]!, label: 'Selected event' }],
    ),
    events.data ?? [],
  );
  const seriesOptions = mergeOptions(
    state.series_id ? [pickedSeries.data ?? { value: state.series_id, label: 'Selected series' }] : [],
    series.data ?? [],
  );
  const tagOptions = mergeOptions(
    tags.data ?? [],
    state.event_tag && !tags.data?.some((tag) => tag.value === state.event_tag)
      ? [{ value: state.event_tag, label: state.event_tag }]
      : [],
  );
  const set = (change: Partial<LibrarySearch>) => list.show(change);

  return (
    <ListToolbar
      list={list}
      searchPlaceholder={videoLibraryMessages.searchPlaceholder}
      searchAriaLabel="Search videos"
      childKeys={FILTER_KEYS}
      footer={
        list.activeFilters(FILTER_KEYS) > 0 && (
          <Group gap="md">
            {videoListNarrowedToEvents(state) && (
              <Checkbox
                label="Include the videos these events use"
                checked={state.include === 'used'}
                onChange={(event) => set({ include: event.currentTarget.checked ? 'used' : '' })}
              />
            )}
            <Button
              variant="subtle"
              onClick={() =>
                set({
                  source: [],
                  created_by: [],
                  event_ids: [],
                  event_tag: '',
                  series_id: '',
                  workspace: '',
                  include: '',
                })
              }
            >
              Clear filters
            </Button>
          </Group>
        )
      }
    >
      {(width) => (
        <>
          <MultiSelectField
            aria-label="Source"
            placeholder="Source"
            options={settings.sourceOptions(false)}
            value={state.source}
            onChange={(source) => set({ source })}
            w={width(200)}
          />
          <MultiSelectField
            aria-label="Created By"
            placeholder="Created By"
            options={creatorOptions}
            value={state.created_by}
            onChange={(created_by) => set({ created_by })}
            w={width(200)}
          />
          <MultiSelect
            aria-label="Event"
            placeholder={state.event_ids.length ? undefined : 'Event'}
            searchable
            clearable
            data={eventOptions}
            value={state.event_ids}
            onChange={(event_ids) => set({ event_ids })}
            searchValue={eventSearch}
            onSearchChange={setEventSearch}
            filter={({ options }) => options}
            nothingFoundMessage={messages.selectEmpty}
            renderPill={namedPill}
            maxDropdownHeight={300}
            w={width(220)}
          />
          <SelectField
            aria-label="Tag"
            placeholder="Tag"
            options={tagOptions}
            value={state.event_tag || null}
            onChange={(value) => set({ event_tag: value ?? '' })}
            clearable
            w={width(180)}
          />
          <SelectField
            aria-label="Series"
            placeholder="Series"
            options={seriesOptions}
            value={state.series_id || null}
            onChange={(value) => set({ series_id: value ?? '' })}
            searchValue={seriesSearch}
            onSearchChange={setSeriesSearch}
            filter={({ options }) => options}
            clearable
            w={width(200)}
          />
          {settings.workspacesEnabled && (
            <Select
              aria-label="Team workspace"
              data={[
                { value: ALL_TEAMS, label: 'All teams' },
                { value: NO_TEAM, label: 'No team' },
                ...(workspaces.data ?? []),
              ]}
              value={state.workspace || ALL_TEAMS}
              onChange={(value) => set({ workspace: !value || value === ALL_TEAMS ? '' : value })}
              allowDeselect={false}
              w={width(180)}
            />
          )}
        </>
      )}
    </ListToolbar>
  );
}
