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
import { ActionIcon, Group, Paper, Stack } from '@mantine/core';
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
  /** Buttons moving the row one place, for phones and keyboards; undefined at either end. */
  move: { up?: (() => void) | undefined; down?: (() => void) | undefined };
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      component="li"
      style={{ transform: CSS.Transform.toString(transform), transition, listStyle: 'none' }}
    >
      <Group wrap="nowrap" align="center">
        <ActionIcon variant="subtle" color="gray" aria-label={`Move ${label}`} {...attributes} {...listeners}>
          <IconGripVertical size={18} aria-hidden />
        </ActionIcon>
        {children}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} up`}
          disabled={!move.up}
          onClick={move.up}
        >
          <IconArrowUp size={16} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Move ${label} down`}
          disabled={!move.down}
          onClick={move.down}
        >
          <IconArrowDown size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/**
 * A list reordered by dragging (pointer or keyboard: space, arrows, space) or with its move buttons. `onReorder` receives the
 * whole list in its new order, to be saved as ranks 0…n−1.
 */
export function SortableList<T extends { id: string }>({
  items,
  label,
  labelOf,
  onReorder,
  renderItem,
}: {
  items: T[];
  label: string;
  labelOf: (item: T) => string;
  onReorder: (ordered: T[]) => void;
  renderItem: (item: T) => ReactNode;
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
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              id={item.id}
              label={labelOf(item)}
              move={{
                up: index > 0 ? () => move(index, index - 1) : undefined,
                down: index < items.length - 1 ? () => move(index, index + 1) : undefined,
              }}
            >
              {renderItem(item)}
            </SortableRow>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

/** The ranks a reordered list is saved with. */
export const ranksOf = (ordered: { id: string }[]) => ({
  object_list: ordered.map((item, rank) => ({ pk: item.id, rank })),
});
