import {
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Radio,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ASSET_PICKER_PAGE_SIZE,
  PICKER_SEARCH_DEBOUNCE_MS,
  videoLibraryMessages,
  resultCountLabel,
  widgetMessages,
} from '@studio/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { StudioDialog, type DialogSize } from './studio-dialog.tsx';
import { useFailureToast } from './toast.ts';
import { selectionMode } from './video-table-rules.ts';

export const INFINITE_SCROLL_THRESHOLD_PX = 150;
export const INFINITE_SCROLL_DEBOUNCE_MS = 500;

export interface AssetPage<T> {
  count: number;
  /** The server's flag for a count past 1,000 that is the planner's estimate. */
  count_is_estimate?: true;
  results: T[];
}

export interface AssetPickerQuery {
  search: string;
  offset: number;
  limit: number;
}

/** True when the scrolled box is within `threshold` px of its end. */
export const isNearBottom = (
  box: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = INFINITE_SCROLL_THRESHOLD_PX,
) => box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;

export interface AssetPickerListProps<T> {
  /** Tells the loaded lists of different pickers apart; the cache keys start with it. */
  listKey: readonly unknown[];
  loadPage: (query: AssetPickerQuery) => Promise<AssetPage<T>>;
  getId: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** 1: radio; more: checkboxes, others disabled at the maximum; absent: unlimited. */
  maxSelections?: number;
  selected: readonly T[];
  onSelectedChange: (selected: T[]) => void;
  isSelectable?: (item: T) => boolean;
  pageSize?: number;
  height?: number;
  /** Something above the list beside the search box (filters, an upload button). */
  toolbar?: ReactNode;
}

/**
 * Spec 000 §2 "Asset picker dialog" body: search (200 ms), 'No results' / '1 result' / 'N results',
 * infinite scroll (150 px from the bottom, 500 ms), pages of 20, radio or checkboxes with a maximum.
 */
export function AssetPickerList<T>({
  listKey,
  loadPage,
  getId,
  renderItem,
  maxSelections,
  selected,
  onSelectedChange,
  isSelectable = () => true,
  pageSize = ASSET_PICKER_PAGE_SIZE,
  height = 420,
  toolbar,
}: AssetPickerListProps<T>) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
  const pages = useInfiniteQuery({
    queryKey: [...listKey, 'asset-picker', debouncedSearch, pageSize],
    queryFn: ({ pageParam }) => loadPage({ search: debouncedSearch, offset: pageParam, limit: pageSize }),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((total, page) => total + page.results.length, 0);
      return loaded < last.count && last.results.length > 0 ? loaded : undefined;
    },
  });
  useFailureToast(pages.isError, videoLibraryMessages.resultsLoadFailed);
  useEffect(
    () => () => {
      if (scrollTimer.current) clearTimeout(scrollTimer.current);
    },
    [],
  );

  const items = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const count = pages.data?.pages[0]?.count ?? 0;
  const mode = selectionMode(maxSelections);
  const selectedIds = selected.map(getId);

  const onScroll = () => {
    if (scrollTimer.current) return;
    scrollTimer.current = setTimeout(() => {
      scrollTimer.current = null;
      const box = viewport.current;
      if (box && isNearBottom(box) && pages.hasNextPage && !pages.isFetchingNextPage)
        void pages.fetchNextPage();
    }, INFINITE_SCROLL_DEBOUNCE_MS);
  };

  const toggle = (item: T) => {
    const id = getId(item);
    if (mode === 'single') return onSelectedChange([item]);
    if (selectedIds.includes(id))
      return onSelectedChange(selected.filter((candidate) => getId(candidate) !== id));
    if (maxSelections !== undefined && selected.length >= maxSelections) return undefined;
    return onSelectedChange([...selected, item]);
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          aria-label="Search"
          placeholder="Search..."
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        {toolbar}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite" data-testid="result-count">
        {pages.isPending ? 'Loading…' : resultCountLabel(count)}
      </Text>
      <ScrollArea
        h={height}
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        type="auto"
        data-testid="asset-picker-scroll"
      >
        <Stack gap={4} role="list">
          {items.map((item) => {
            const id = getId(item);
            const picked = selectedIds.includes(id);
            const atMax =
              maxSelections !== undefined &&
              mode === 'multiple' &&
              selected.length >= maxSelections &&
              !picked;
            const disabled = !isSelectable(item) || atMax;
            return (
              <Box
                key={id}
                role="listitem"
                p="xs"
                style={{
                  borderRadius: 4,
                  border: '1px solid var(--mantine-color-gray-3)',
                  opacity: disabled && !picked ? 0.6 : 1,
                }}
              >
                <Group wrap="nowrap" gap="sm">
                  {mode === 'single' ? (
                    <Radio
                      aria-label={`Select ${id}`}
                      checked={picked}
                      disabled={disabled}
                      onChange={() => toggle(item)}
                    />
                  ) : (
                    <Checkbox
                      aria-label={`Select ${id}`}
                      checked={picked}
                      disabled={disabled && !picked}
                      onChange={() => toggle(item)}
                    />
                  )}
                  <Box style={{ flex: 1, minWidth: 0 }}>{renderItem(item)}</Box>
                </Group>
              </Box>
            );
          })}
          {pages.isFetchingNextPage && (
            <Center p="xs">
              <Loader size="sm" aria-label="Loading more" />
            </Center>
          )}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

export interface SelectionDialogProps<T> {
  opened: boolean;
  title: ReactNode;
  size?: DialogSize;
  initialSelected?: readonly T[];
  onCancel: () => void;
  onSave: (selected: T[]) => Promise<void> | void;
}

/**
 * A dialog that picks items: it keeps the selection its body changes, with Cancel and Save
 * ('Saving...' while it saves; Save needs one item at least).
 */
export function SelectionDialog<T>({
  opened,
  title,
  size = 'large',
  initialSelected = [],
  onCancel,
  onSave,
  children,
}: SelectionDialogProps<T> & {
  children: (selected: T[], onSelectedChange: (selected: T[]) => void) => ReactNode;
}) {
  const [selected, setSelected] = useState<T[]>([...initialSelected]);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await onSave(selected);
    } finally {
      setSaving(false);
    }
  };
  return (
    <StudioDialog
      opened={opened}
      onClose={onCancel}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {widgetMessages.cancel}
          </Button>
          <Button onClick={() => void save()} disabled={saving || selected.length === 0}>
            {saving ? widgetMessages.saving : widgetMessages.save}
          </Button>
        </>
      }
    >
      {children(selected, setSelected)}
    </StudioDialog>
  );
}

/** Spec 000 §2 "Asset picker dialog": the list above in a selection dialog. */
export function AssetPickerDialog<T>({
  opened,
  title,
  size,
  initialSelected,
  onCancel,
  onSave,
  ...list
}: SelectionDialogProps<T> & Omit<AssetPickerListProps<T>, 'selected' | 'onSelectedChange'>) {
  return (
    <SelectionDialog<T>
      opened={opened}
      title={title}
      {...(size ? { size } : {})}
      {...(initialSelected ? { initialSelected } : {})}
      onCancel={onCancel}
      onSave={onSave}
    >
      {(selected, onSelectedChange) => (
        <AssetPickerList {...list} selected={selected} onSelectedChange={onSelectedChange} />
      )}
    </SelectionDialog>
  );
}
