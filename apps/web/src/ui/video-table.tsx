import {
  ActionIcon,
  Box,
  Checkbox,
  Group,
  Loader,
  Popover,
  Radio,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import type { VideoAsset, VideoOrdering } from '@studio/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Avatar } from './avatar.tsx';
import { ACTIONS_COLUMN, ListTable } from './list-table.tsx';
import { formatDate, teamNameOf } from './formats.ts';
import { useNarrowScreen } from './narrow-screen.ts';
import { TAP_ICON_SIZE, TAP_MIN_PX } from './tap-target.ts';
import {
  canPick,
  creatorLabel,
  durationLabel,
  isReadyToPublish,
  nextOrdering,
  ROW_PREFETCH_DELAY_MS,
  selectionDisabled,
  sortDirection,
  statusCell,
  toggleSelection,
  tooltipSide,
  warningLevel,
  warningMessages,
  type SelectionRules,
  type SortField,
} from './video-table-rules.ts';
import { VideoThumbnail } from './video-thumbnail.tsx';

export interface VideoTableSelection extends SelectionRules {
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

export interface VideoTableProps {
  videos: readonly VideoAsset[];
  ordering: VideoOrdering;
  onOrderingChange: (ordering: VideoOrdering) => void;
  /** The Source column (hidden in legacy mode). */
  showSource: boolean;
  sourceLabel: (source: string) => string;
  /** The Team Workspace column (only with workspaces enabled): the team's name the server answers. */
  showWorkspace: boolean;
  /** With a selection the select column appears (spec 000 §2). */
  selection?: VideoTableSelection;
  /** The row's quick actions; `position` is where their tooltips open. */
  renderActions?: (video: VideoAsset, position: 'top' | 'bottom') => ReactNode;
  /** Opening a row, by a click or by Enter on the focused row (modifier keys open a new tab). */
  onRowClick?: (video: VideoAsset, event: Pick<MouseEvent, 'ctrlKey' | 'metaKey'>) => void;
  /** Called once the pointer rested on a row for 500 ms. */
  onRowPrefetch?: (video: VideoAsset) => void;
  /** A refresh is under way: the rows stay, a spinner shows. */
  refreshing?: boolean;
}

const INTERACTIVE = 'button, a, input, label, [role="menu"], [role="menuitem"], [data-no-row-click]';

function SortHeader({
  label,
  field,
  ordering,
  onChange,
}: {
  label: string;
  field: SortField;
  ordering: VideoOrdering;
  onChange: (ordering: VideoOrdering) => void;
}) {
  const direction = sortDirection(ordering, field);
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        onClick={() => onChange(nextOrdering(ordering, field))}
        fw={600}
        fz="sm"
        mih={TAP_MIN_PX}
        display="inline-flex"
        style={{ alignItems: 'center' }}
      >
        {label} {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The row's ⚠ (spec 000: red with errors, amber with warnings only) and its panel of messages:
 * shown while a mouse rests on it, and held open by a click or a tap (a touch screen has no hover)
 * until a second one, Escape or a click elsewhere. A button named for the video, 28 px square.
 */
function WarningIcon({ video }: { video: VideoAsset }) {
  const [hovered, setHovered] = useState(false);
  const [pinned, setPinned] = useState(false);
  const level = warningLevel(video);
  if (!level) return null;
  const dismiss = () => {
    setHovered(false);
    setPinned(false);
  };
  return (
    <Popover width={320} shadow="md" withinPortal opened={hovered || pinned} onDismiss={dismiss}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color={level === 'error' ? 'red.7' : 'yellow.7'}
          size={TAP_ICON_SIZE}
          aria-label={`${level === 'error' ? 'Errors' : 'Warnings'} of ${video.name}`}
          data-level={level}
          data-no-row-click
          onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(true)}
          onPointerLeave={() => setHovered(false)}
          onClick={() => setPinned((held) => !held)}
        >
          <IconAlertTriangle size={18} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4} component="ul" style={{ margin: 0, paddingLeft: 16 }}>
          {warningMessages(video).map((message) => (
            <Text component="li" size="sm" key={message}>
              {message}
            </Text>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** On a phone a smaller thumbnail, for the title's sake. */
function Thumbnail({ video, inProgress }: { video: VideoAsset; inProgress: boolean }) {
  const narrow = useNarrowScreen();
  return <VideoThumbnail url={video.urls.thumbnail} width={narrow ? 64 : 96} processing={inProgress} />;
}

function VideoRow({
  video,
  index,
  count,
  props,
}: {
  video: VideoAsset;
  index: number;
  count: number;
  props: VideoTableProps;
}) {
  const { selection, showSource, showWorkspace, sourceLabel, renderActions, onRowClick, onRowPrefetch } =
    props;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const status = statusCell(video);
  const dimmed = isReadyToPublish(video);
  const side = tooltipSide(index, count);
  const picked = selection?.selected.includes(video.id) ?? false;
  const pickDisabled = selection ? selectionDisabled(video, selection.selected, selection) : true;
  const creator = creatorLabel(video);
  // A phone's title column is narrow: its title may take a third line before it is cut short.
  const narrow = useNarrowScreen();

  return (
    <Table.Tr
      data-video-id={video.id}
      data-status={status.label}
      data-dimmed={dimmed || undefined}
      aria-selected={selection ? picked : undefined}
      className="studio-video-row"
      style={{ opacity: dimmed ? 0.5 : 1, cursor: onRowClick ? 'pointer' : undefined }}
      onMouseEnter={() => {
        if (!onRowPrefetch) return;
        timer.current = setTimeout(() => onRowPrefetch(video), ROW_PREFETCH_DELAY_MS);
      }}
      onMouseLeave={() => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
      }}
      onClick={(event) => {
        if ((event.target as HTMLElement).closest(INTERACTIVE)) return;
        onRowClick?.(video, event);
      }}
      tabIndex={onRowClick ? 0 : undefined}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick?.(video, event);
      }}
    >
      {selection && (
        <Table.Td w={40}>
          {selection.mode === 'single' ? (
            <Radio
              aria-label={`Select ${video.name}`}
              checked={picked}
              disabled={pickDisabled}
              onChange={() => selection.onChange(toggleSelection(video.id, selection.selected, selection))}
            />
          ) : (
            <Checkbox
              aria-label={`Select ${video.name}`}
              checked={picked}
              disabled={pickDisabled && !picked}
              onChange={() => selection.onChange(toggleSelection(video.id, selection.selected, selection))}
            />
          )}
        </Table.Td>
      )}
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Thumbnail video={video} inProgress={status.inProgress} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={500} lineClamp={narrow ? 3 : 2} data-testid="video-name">
                {video.name}
              </Text>
              <WarningIcon video={video} />
            </Group>
            <Text size="xs" c="dimmed" aria-label="Duration">
              {durationLabel(video)}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>{formatDate(video.created_at)}</Table.Td>
      <Table.Td>
        {status.tooltip ? (
          <Tooltip label={status.tooltip} position={side} multiline w={260} withArrow>
            <Text
              size="sm"
              component="span"
              style={{ textDecoration: 'underline dotted' }}
              tabIndex={0}
              data-testid="video-status"
            >
              {status.label}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" component="span" data-testid="video-status">
            {status.label}
          </Text>
        )}
      </Table.Td>
      {showSource && <Table.Td>{sourceLabel(video.source)}</Table.Td>}
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {creator !== '-' && <Avatar name={creator} size="xs" />}
          <Text size="sm">{creator}</Text>
        </Group>
      </Table.Td>
      {showWorkspace && <Table.Td>{teamNameOf(video.workspace_name)}</Table.Td>}
      <Table.Td className="studio-video-row-actions">
        {renderActions && !dimmed ? renderActions(video, side) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Spec 000 §2 "Video Library table": select (only when selectable), Title and Created At sortable,
 * Status, Source, Created By, Team Workspace and quick actions shown on hover. No data fetching:
 * the screen hands in its rows and handlers.
 */
export function VideoTable(props: VideoTableProps) {
  const { videos, ordering, onOrderingChange, selection, showSource, showWorkspace, refreshing } = props;
  const allPickable = videos.filter(canPick);
  return (
    <Box pos="relative">
      <style>{`.studio-video-row .studio-video-row-actions > * { opacity: 0; transition: opacity 120ms; }
.studio-video-row:hover .studio-video-row-actions > *, .studio-video-row:focus-within .studio-video-row-actions > * { opacity: 1; }
@media (hover: none) { .studio-video-row .studio-video-row-actions > * { opacity: 1; } }`}</style>
      <ListTable
        label="Videos"
        minWidth={760}
        highlightOnHover
        verticalSpacing="xs"
        aria-busy={refreshing || undefined}
        columns={[
          selection && (
            <Table.Th key="select" w={40}>
              {selection.mode === 'multiple' && selection.max === undefined && allPickable.length > 0 ? (
                <Checkbox
                  aria-label="Select all"
                  checked={allPickable.every((video) => selection.selected.includes(video.id))}
                  onChange={(event) =>
                    selection.onChange(
                      event.currentTarget.checked
                        ? [...new Set([...selection.selected, ...allPickable.map((video) => video.id)])]
                        : selection.selected.filter((id) => !allPickable.some((video) => video.id === id)),
                    )
                  }
                />
              ) : null}
            </Table.Th>
          ),
          <SortHeader
            key="title"
            label="Title"
            field="name"
            ordering={ordering}
            onChange={onOrderingChange}
          />,
          {
            header: (
              <SortHeader
                key="created"
                label="Created At"
                field="created_at"
                ordering={ordering}
                onChange={onOrderingChange}
              />
            ),
            visibleFrom: 'sm',
          },
          'Status',
          showSource && { header: 'Source', visibleFrom: 'md' },
          { header: 'Created By', visibleFrom: 'md' },
          showWorkspace && { header: 'Team Workspace', visibleFrom: 'lg' },
          ACTIONS_COLUMN,
        ]}
      >
        {videos.map((video, index) => (
          <VideoRow key={video.id} video={video} index={index} count={videos.length} props={props} />
        ))}
      </ListTable>
      {refreshing && <Loader size="sm" pos="absolute" top={8} right={8} aria-label="Refreshing" />}
    </Box>
  );
}
