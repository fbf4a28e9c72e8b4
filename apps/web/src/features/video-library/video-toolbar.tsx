import { Button, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { messages, NO_TEAM, videoLibraryMessages } from '@studio/domain';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { ListFilters } from '../../ui/list-filters.tsx';
import { MultiSelectField } from '../../ui/multi-select-field.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { showToast } from '../../ui/toast.ts';
import { activeFilterCount, changeFilters, hasFilters, type LibrarySearch } from './library-search.ts';
import type { LibrarySettings } from './use-library-settings.ts';
import {
  eventsSearchQuery,
  eventTitleQuery,
  myWorkspacesQuery,
  organizationUsersQuery,
  seriesNameQuery,
  seriesSearchQuery,
  tagsQuery,
  type FilterOption,
} from './video-filters-api.ts';

/** Typing in the title search waits this long before the list follows. */
export const TITLE_SEARCH_DEBOUNCE_MS = 300;
/** Filter searches against the server wait this long. */
const FILTER_SEARCH_DEBOUNCE_MS = 300;
const ALL_TEAMS = 'all';

const mergeOptions = (...lists: readonly (readonly FilterOption[])[]) => {
  const byValue = new Map<string, FilterOption>();
  for (const list of lists)
    for (const option of list) if (!byValue.has(option.value)) byValue.set(option.value, option);
  return [...byValue.values()];
};

interface VideoToolbarProps {
  settings: LibrarySettings;
  state: LibrarySearch;
  onChange: (next: LibrarySearch, options?: { replace?: boolean }) => void;
  /** Creators seen in the list, offered while the server cannot list the organisation's people. */
  knownCreators: readonly FilterOption[];
}

/**
 * Spec 000 §2 toolbar: 'Search by title...', Source, Created By, Event, Tag and Series filters
 * (searching the server, 25 at a time) and the team workspace filter (all, none, the user's teams).
 */
export function VideoToolbar({ settings, state, onChange, knownCreators }: VideoToolbarProps) {
  const { organizationId } = settings;
  const [title, setTitle] = useState(state.search);
  // The address changed under the box (back, forward, a link): the box follows it.
  const [addressSearch, setAddressSearch] = useState(state.search);
  if (addressSearch !== state.search) {
    setAddressSearch(state.search);
    if (state.search.trim() !== title.trim()) setTitle(state.search);
  }
  const [debouncedTitle] = useDebouncedValue(title, TITLE_SEARCH_DEBOUNCE_MS);
  const followTitle = useEffectEvent((term: string) => {
    if (term.trim() !== state.search.trim())
      onChange(changeFilters(state, { search: term.trim() }), { replace: true });
  });
  useEffect(() => followTitle(debouncedTitle), [debouncedTitle]);

  const [eventSearch, setEventSearch] = useState('');
  const [debouncedEventSearch] = useDebouncedValue(eventSearch.trim(), FILTER_SEARCH_DEBOUNCE_MS);
  const [seriesSearch, setSeriesSearch] = useState('');
  const [debouncedSeriesSearch] = useDebouncedValue(seriesSearch.trim(), FILTER_SEARCH_DEBOUNCE_MS);

  const events = useQuery(eventsSearchQuery(organizationId, debouncedEventSearch));
  const pickedEvents = useQueries({
    queries: state.eventIds.map((id) => ({ ...eventTitleQuery(id), retry: false })),
  });
  const series = useQuery(seriesSearchQuery(organizationId, debouncedSeriesSearch));
  const pickedSeries = useQuery({
    ...seriesNameQuery(state.seriesId),
    enabled: Boolean(state.seriesId),
    retry: false,
  });
  const tags = useQuery(tagsQuery(organizationId));
  const users = useQuery(organizationUsersQuery(organizationId));
  const workspaces = useQuery({ ...myWorkspacesQuery(organizationId), enabled: settings.workspacesEnabled });

  useEffect(() => {
    if (workspaces.isError) showToast(videoLibraryMessages.fetchWorkspacesFailed, 'error');
  }, [workspaces.isError]);

  const me: FilterOption = {
    value: settings.user.id,
    label: `${settings.user.first_name} ${settings.user.last_name}`.trim(),
  };
  const creatorOptions = users.data ?? mergeOptions([me], knownCreators);
  const eventOptions = mergeOptions(
    pickedEvents.flatMap((query, index) =>
      query.data ? [query.data] : [{ value: state.eventIds[index]!, label: 'Selected event' }],
    ),
    events.data ?? [],
  );
  const seriesOptions = mergeOptions(
    state.seriesId ? [pickedSeries.data ?? { value: state.seriesId, label: 'Selected series' }] : [],
    series.data ?? [],
  );
  const tagOptions = mergeOptions(
    tags.data ?? [],
    state.eventTag && !tags.data?.some((tag) => tag.value === state.eventTag)
      ? [{ value: state.eventTag, label: state.eventTag }]
      : [],
  );
  const set = (change: Partial<Omit<LibrarySearch, 'page'>>) => onChange(changeFilters(state, change));

  return (
    <ListFilters
      activeCount={activeFilterCount(state)}
      search={
        <TextInput
          aria-label="Search videos"
          placeholder={videoLibraryMessages.searchPlaceholder}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          w={240}
        />
      }
      footer={
        hasFilters(state) && (
          <Button
            variant="subtle"
            onClick={() =>
              onChange(
                changeFilters(state, {
                  source: [],
                  createdBy: [],
                  eventIds: [],
                  eventTag: '',
                  seriesId: '',
                  workspace: '',
                }),
              )
            }
          >
            Clear filters
          </Button>
        )
      }
    >
      {(width) => (
        <>
          <MultiSelectField
            aria-label="Source"
            placeholder={state.source.length ? undefined : 'Source'}
            options={settings.sourceOptions(false)}
            value={state.source}
            onChange={(source) => set({ source })}
            w={width(200)}
          />
          <MultiSelectField
            aria-label="Created By"
            placeholder={state.createdBy.length ? undefined : 'Created By'}
            options={creatorOptions}
            value={state.createdBy}
            onChange={(createdBy) => set({ createdBy })}
            w={width(200)}
          />
          <MultiSelect
            aria-label="Event"
            placeholder={state.eventIds.length ? undefined : 'Event'}
            searchable
            clearable
            data={eventOptions}
            value={state.eventIds}
            onChange={(eventIds) => set({ eventIds })}
            searchValue={eventSearch}
            onSearchChange={setEventSearch}
            filter={({ options }) => options}
            nothingFoundMessage={messages.selectEmpty}
            maxDropdownHeight={300}
            w={width(220)}
          />
          <SelectField
            aria-label="Tag"
            placeholder="Tag"
            options={tagOptions}
            value={state.eventTag || null}
            onChange={(value) => set({ eventTag: value ?? '' })}
            clearable
            w={width(180)}
          />
          <SelectField
            aria-label="Series"
            placeholder="Series"
            options={seriesOptions}
            value={state.seriesId || null}
            onChange={(value) => set({ seriesId: value ?? '' })}
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
                ...(workspaces.data ?? []).map((workspace) => ({
                  value: workspace.id,
                  label: workspace.name,
                })),
              ]}
              value={state.workspace || ALL_TEAMS}
              onChange={(value) => set({ workspace: !value || value === ALL_TEAMS ? '' : value })}
              allowDeselect={false}
              w={width(180)}
            />
          )}
        </>
      )}
    </ListFilters>
  );
}
