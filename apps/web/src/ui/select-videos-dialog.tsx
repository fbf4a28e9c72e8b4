import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  NO_TEAM,
  PICKER_SEARCH_DEBOUNCE_MS,
  VIDEO_DIALOG_PAGE_SIZE,
  VIDEO_DEFAULT_ORDERING,
  videoLibraryMessages,
  type VideoAsset,
  type VideoOrdering,
  widgetMessages,
} from '@studio/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { AssetPickerList, SelectionDialog, type AssetPage } from './asset-picker-dialog.tsx';
import { formatDate } from './formats.ts';
import { ListPagination } from './list-pagination.tsx';
import { VideoRowActions, type VideoActionHandlers } from './video-row-actions.tsx';
import { VideoTable } from './video-table.tsx';
import { canPick, durationLabel, selectionMode, statusCell } from './video-table-rules.ts';
import { workspaceScopeNote } from './widget-messages.ts';
import { ErrorAlert } from './error-alert.tsx';
import { VideoThumbnail } from './video-thumbnail.tsx';

export interface VideoListQuery {
  search: string;
  offset: number;
  limit: number;
  ordering: VideoOrdering;
  /** '' all, 'no-team', or a workspace id. */
  workspace: string;
}

/** Where the dialog gets its videos and what its item actions do; the screen that opens it supplies them. */
export interface VideoLibrarySource extends VideoActionHandlers {
  /** Where the dialog's lists sit in the query cache (the screen invalidates them after changes). */
  key: readonly unknown[];
  list: (query: VideoListQuery) => Promise<AssetPage<VideoAsset>>;
  /** Opens the upload; the list reloads when `reloadKey` changes. */
  onUpload?: () => void;
  sourceLabel: (source: string) => string;
  showSource: boolean;
  /** Workspaces enabled: the column and the filter. */
  /** The caller's teams as picker options (value: the workspace id), or null without teams. */
  workspaces: readonly { value: string; label: string }[] | null;
  /** Changes when videos changed (uploaded, renamed, deleted). */
  reloadKey?: number;
  legacyMode?: boolean;
}

/**
 * The library's 'Select Videos' dialog as another feature receives it from app/ (a feature never
 * imports another): the library supplies its source and variant.
 */
export type VideoPicker = ComponentType<Omit<SelectVideosDialogProps, 'source' | 'variant'>>;

export interface SelectVideosDialogProps {
  opened: boolean;
  onClose: () => void;
  source: VideoLibrarySource;
  /** 'asset-library' for EU organisations without recording-studio pricing, 'table' otherwise (spec 000 §2). */
  variant: 'table' | 'asset-library';
  /** Unlimited when absent; 1 is radio-style. */
  maxSelections?: number;
  initialSelected?: readonly VideoAsset[];
  /** Inside an event, series or template: only its workspace, and no workspace filter (spec 000 §6). */
  restrictToWorkspace?: string | null;
  /** Default 'Select Videos'; pickers name their purpose ('Select Buffer Video'). */
  title?: string;
  onSave: (videos: VideoAsset[]) => Promise<void> | void;
}

function workspaceOptions(workspaces: readonly { value: string; label: string }[]) {
  return [{ value: '', label: 'All teams' }, { value: NO_TEAM, label: 'No team' }, ...workspaces];
}

/**
 * Spec 000 §2 / 002 §2.6 video library dialog 'Select Videos': an Upload Video button, the library
 * (pages of 25, newest first, search and workspace filter) with preview, download, rename and delete
 * on each item, radio or checkboxes with a maximum, and Save ('Saving...').
 */
export function SelectVideosDialog({
  opened,
  onClose,
  source,
  variant,
  maxSelections,
  initialSelected = [],
  restrictToWorkspace,
  title = widgetMessages.selectVideosTitle,
  onSave,
}: SelectVideosDialogProps) {
  const restricted = restrictToWorkspace !== undefined;
  const workspace = restricted ? (restrictToWorkspace ?? NO_TEAM) : undefined;

  return (
    <SelectionDialog<VideoAsset>
      opened={opened}
      onCancel={onClose}
      title={title}
      size="xlarge"
      initialSelected={initialSelected}
      onSave={onSave}
    >
      {(selected, setSelected) => (
        <>
          {restricted && (
            <Text size="sm" c="dimmed" mb="sm">
              {workspaceScopeNote({
                id: restrictToWorkspace ?? null,
                name: source.workspaces?.find((entry) => entry.value === restrictToWorkspace)?.label,
              })}
            </Text>
          )}
          {variant === 'table' ? (
            <TableVariant
              source={source}
              workspace={workspace}
              maxSelections={maxSelections}
              selected={selected}
              onSelectedChange={setSelected}
            />
          ) : (
            <AssetPickerList<VideoAsset>
              listKey={[...source.key, workspace ?? '', source.reloadKey ?? 0]}
              loadPage={({ search, offset, limit }) =>
                source.list({
                  search,
                  offset,
                  limit,
                  ordering: VIDEO_DEFAULT_ORDERING,
                  workspace: workspace ?? '',
                })
              }
              getId={(video) => video.id}
              isSelectable={canPick}
              maxSelections={maxSelections}
              selected={selected}
              onSelectedChange={setSelected}
              toolbar={
                source.onUpload && <Button onClick={source.onUpload}>{widgetMessages.uploadVideo}</Button>
              }
              renderItem={(video) => (
                <AssetLibraryItem
                  video={video}
                  source={source}
                  selected={selected.some((entry) => entry.id === video.id)}
                />
              )}
            />
          )}
        </>
      )}
    </SelectionDialog>
  );
}

function AssetLibraryItem({
  video,
  source,
  selected,
}: {
  video: VideoAsset;
  source: VideoLibrarySource;
  selected: boolean;
}) {
  const status = statusCell(video);
  return (
    <Group wrap="nowrap" gap="sm">
      <VideoThumbnail url={video.urls.thumbnail} width={80} processing={status.inProgress} spinnerSize="xs" />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" truncate>
          {video.name}
        </Text>
        <Text size="xs" c="dimmed">
          {status.label} · {durationLabel(video)} · {formatDate(video.created_at)}
        </Text>
      </Stack>
      <VideoRowActions
        video={video}
        context={{ isSelected: selected, legacyMode: source.legacyMode ?? false, assetLibraryVariant: true }}
        onPreview={source.onPreview}
        onDownload={source.onDownload}
        onRename={source.onRename}
        onDelete={source.onDelete}
      />
    </Group>
  );
}

function TableVariant({
  source,
  workspace,
  maxSelections,
  selected,
  onSelectedChange,
}: {
  source: VideoLibrarySource;
  workspace: string | undefined;
  maxSelections: number | undefined;
  selected: VideoAsset[];
  onSelectedChange: (videos: VideoAsset[]) => void;
}) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [ordering, setOrdering] = useState<VideoOrdering>(VIDEO_DEFAULT_ORDERING);
  const [workspaceFilter, setWorkspaceFilter] = useState('');
  const effectiveWorkspace = workspace ?? workspaceFilter;
  const query = {
    search: debouncedSearch,
    offset: (page - 1) * VIDEO_DIALOG_PAGE_SIZE,
    limit: VIDEO_DIALOG_PAGE_SIZE,
    ordering,
    workspace: effectiveWorkspace,
  };
  const videos = useQuery({
    queryKey: [...source.key, 'select-videos', query, source.reloadKey ?? 0],
    queryFn: () => source.list(query),
    placeholderData: keepPreviousData,
  });
  const byId = new Map([...selected, ...(videos.data?.results ?? [])].map((video) => [video.id, video]));
  const rules = {
    mode: selectionMode(maxSelections),
    ...(maxSelections !== undefined ? { max: maxSelections } : {}),
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <TextInput
          aria-label="Search videos"
          placeholder={videoLibraryMessages.searchPlaceholder}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          style={{ flex: 1, minWidth: 200 }}
        />
        {source.workspaces && workspace === undefined && (
          <Select
            aria-label="Team workspace"
            data={workspaceOptions(source.workspaces)}
            value={workspaceFilter}
            onChange={(value) => {
              setWorkspaceFilter(value ?? '');
              setPage(1);
            }}
            allowDeselect={false}
            w={200}
          />
        )}
        {source.onUpload && <Button onClick={source.onUpload}>{widgetMessages.uploadVideo}</Button>}
      </Group>
      {maxSelections !== undefined && maxSelections > 1 && (
        <Text size="xs" c="dimmed">
          {selected.length} of {maxSelections} selected
        </Text>
      )}
      {videos.isPending && <Loader aria-label="Loading" />}
      {videos.isError && <ErrorAlert>{videoLibraryMessages.fetchVideosFailed}</ErrorAlert>}
      {videos.data && videos.data.count === 0 && (
        <Text c="dimmed">
          {debouncedSearch
            ? videoLibraryMessages.noVideosMatching.replace('{term}', debouncedSearch)
            : videoLibraryMessages.noVideosFound}
        </Text>
      )}
      {videos.data && videos.data.results.length > 0 && (
        <VideoTable
          videos={videos.data.results}
          ordering={ordering}
          onOrderingChange={setOrdering}
          showSource={source.showSource}
          sourceLabel={source.sourceLabel}
          showWorkspace={source.workspaces !== null}
          refreshing={videos.isFetching && !videos.isPending}
          selection={{
            ...rules,
            selected: selected.map((video) => video.id),
            onChange: (ids) => onSelectedChange(ids.flatMap((id) => byId.get(id) ?? [])),
          }}
          renderActions={(video, position) => (
            <VideoRowActions
              video={video}
              tooltipPosition={position}
              context={{
                isSelected: selected.some((entry) => entry.id === video.id),
                legacyMode: source.legacyMode ?? false,
                assetLibraryVariant: false,
              }}
              onPreview={source.onPreview}
              onDownload={source.onDownload}
              onRename={source.onRename}
              onDelete={source.onDelete}
            />
          )}
        />
      )}
      {videos.data && (
        <ListPagination
          total={videos.data.count}
          pageSize={VIDEO_DIALOG_PAGE_SIZE}
          page={page}
          onChange={setPage}
          estimated={videos.data.count_is_estimate}
        />
      )}
    </Stack>
  );
}
