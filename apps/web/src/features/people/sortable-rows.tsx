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
import { ActionIcon, Group, Table } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

function SortableRow({
  id,
  label,
  move,
  children,
}: {
  id: string;
  label: string;
  move: { up?: (() => void) | undefined; down?: (() => void) | undefined };
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <Table.Td>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Move ${label}`}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Move ${label} up`}
            disabled={!move.up}
            onClick={move.up}
          >
            <IconArrowUp size={14} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Move ${label} down`}
            disabled={!move.down}
            onClick={move.down}
          >
            <IconArrowDown size={14} aria-hidden />
          </ActionIcon>
        </Group>
      </Table.Td>
      {children}
    </Table.Tr>
  );
}

/**
 * A table body reordered by dragging a row's handle (pointer, or keyboard: space, arrows, space)
 * or with its move buttons (phones). `onReorder` receives the rows in their new order.
 */
export function SortableRows<T extends { id: string }>({
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
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => onReorder(arrayMove(rows, from, to));
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      rows.findIndex((row) => row.id === active.id),
      rows.findIndex((row) => row.id === over.id),
    );
  };
  return (
    // The screen reader's instructions and announcements go to the body: a table holds no divs.
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dragEnd}
      accessibility={{ container: document.body }}
    >
      <SortableContext items={rows.map((row) => row.id)} strategy={verticalListSortingStrategy}>
        <Table.Tbody>
          {rows.map((row, index) => (
            <SortableRow
              key={row.id}
              id={row.id}
              label={labelOf(row)}
              move={{
                up: index > 0 ? () => move(index, index - 1) : undefined,
                down: index < rows.length - 1 ? () => move(index, index + 1) : undefined,
              }}
            >
              {renderCells(row)}
            </SortableRow>
          ))}
        </Table.Tbody>
      </SortableContext>
    </DndContext>
  );
}

/**
 * The ranks a reordered page is saved with: the rows keep the ranks the page held, handed out in
 * the new order (so the other pages keep their place); ranks that do not tell the rows apart are
 * replaced by the page's positions.
 */
export function reorderedRanks(
  before: readonly { rank: number }[],
  ordered: readonly { id: string }[],
  firstPosition: number,
) {
  const ranks = before.map((row) => row.rank).sort((a, b) => a - b);
  const distinct = new Set(ranks).size === ranks.length;
  return ordered.map((row, index) => ({
    event_role: row.id,
    rank: distinct ? ranks[index]! : firstPosition + index,
  }));
}
