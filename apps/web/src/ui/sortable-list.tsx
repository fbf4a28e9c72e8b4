import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Paper, Stack, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { TAP_GAP, TAP_ICON_SIZE } from './tap-target.ts';

/** Moves of one item by one place, for phones and keyboards; undefined at either end. */
interface Moves {
  up?: (() => void) | undefined;
  down?: (() => void) | undefined;
}

interface ItemProps {
  id: string;
  label: string;
  moves: Moves;
  children: ReactNode;
}

/** An item's node and style while dragged, its drag handle and its move buttons. */
function useSortableItem({ id, label, moves }: Omit<ItemProps, 'children'>, compact: boolean) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  const moveButton = (direction: 'up' | 'down') => (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={TAP_ICON_SIZE}
      aria-label={`Move ${label} ${direction}`}
      disabled={!moves[direction]}
      onClick={moves[direction]}
    >
      {direction === 'up' ? (
        <IconArrowUp size={compact ? 14 : 16} aria-hidden />
      ) : (
        <IconArrowDown size={compact ? 14 : 16} aria-hidden />
      )}
    </ActionIcon>
  );
  return {
    ref: setNodeRef,
    style: {
      transform: CSS.Translate.toString(transform),
      transition,
      position: 'relative' as const,
      zIndex: isDragging ? 1 : undefined,
    },
    handle: (
      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label}`} {...attributes} {...listeners}>
        <IconGripVertical size={18} aria-hidden />
      </ActionIcon>
    ),
    up: moveButton('up'),
    down: moveButton('down'),
  };
}

function TableRowItem({ children, ...item }: ItemProps) {
  const { ref, style, handle, up, down } = useSortableItem(item, true);
  return (
    <Table.Tr ref={ref} style={style}>
      <Table.Td>
        <Group gap={TAP_GAP} wrap="nowrap">
          {handle}
          {up}
          {down}
        </Group>
      </Table.Td>
      {children}
    </Table.Tr>
  );
}

function ListItem({
  children,
  compact,
  selected,
  ...item
}: ItemProps & { compact: boolean; selected: boolean }) {
  const { ref, style, handle, up, down } = useSortableItem(item, compact);
  return (
    <Paper
      ref={ref}
      withBorder
      p={compact ? 'xs' : 'sm'}
      component="li"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ ...style, listStyle: 'none' }}
    >
      <Group wrap="nowrap" align="center" gap={compact ? 'xs' : undefined}>
        {handle}
        {/* What the card shows wraps under itself on a narrow screen; the move controls stay put. */}
        <Group flex={1} miw={0} wrap="wrap" align="center" gap={compact ? 'xs' : undefined}>
          {children}
        </Group>
        {up}
        {down}
      </Group>
    </Paper>
  );
}

/**
 * Items reordered by dragging a handle (pointer, or keyboard: space, arrows, space) or with their
 * move buttons; `onReorder` receives every item in its new order. Each item is rendered with its
 * moves, for its row to show.
 */
function SortableItems<T extends { id: string }>({
  items,
  onReorder,
  children,
}: {
  items: T[];
  onReorder: (ordered: T[]) => void;
  children: (item: T, moves: Moves) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onReorder(arrayMove(items, from, to));
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.id === active.id),
      items.findIndex((item) => item.id === over.id),
    );
  };
  return (
    // The screen reader's instructions and announcements go to the body: a table or a list holds
    // no divs.
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ container: document.body }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        {items.map((item, index) =>
          children(item, {
            up: index > 0 ? () => move(index, index - 1) : undefined,
            down: index < items.length - 1 ? () => move(index, index + 1) : undefined,
          }),
        )}
      </SortableContext>
    </DndContext>
  );
}

/**
 * A list of cards reordered by drag or by their move buttons; `selectedId` highlights one card,
 * `compact` fits a narrow column.
 */
export function SortableList<T extends { id: string }>({
  items,
  label,
  labelOf,
  onReorder,
  renderItem,
  selectedId = null,
  compact = false,
}: {
  items: T[];
  label: string;
  labelOf: (item: T) => string;
  onReorder: (ordered: T[]) => void;
  renderItem: (item: T) => ReactNode;
  selectedId?: string | null;
  compact?: boolean;
}) {
  return (
    <Stack component="ul" gap={compact ? 6 : 'xs'} p={0} m={0} aria-label={label}>
      <SortableItems items={items} onReorder={onReorder}>
        {(item, moves) => (
          <ListItem
            key={item.id}
            id={item.id}
            label={labelOf(item)}
            moves={moves}
            compact={compact}
            selected={item.id === selectedId}
          >
            {renderItem(item)}
          </ListItem>
        )}
      </SortableItems>
    </Stack>
  );
}

/** A table body whose rows are reordered by drag or by their move buttons, in a first column. */
export function SortableTableBody<T extends { id: string }>({
  rows,
  labelOf,
  onReorder,
  renderCells,
}: {
  rows: T[];
  labelOf: (row: T) => string;
  onReorder: (ordered: T[]) => void;
  renderCells: (row: T) => ReactNode;
}) {
  return (
    <Table.Tbody>
      <SortableItems items={rows} onReorder={onReorder}>
        {(row, moves) => (
          <TableRowItem key={row.id} id={row.id} label={labelOf(row)} moves={moves}>
            {renderCells(row)}
          </TableRowItem>
        )}
      </SortableItems>
    </Table.Tbody>
  );
}
