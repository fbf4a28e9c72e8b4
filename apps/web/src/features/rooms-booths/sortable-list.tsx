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
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

function SortableRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
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
      </Group>
    </Paper>
  );
}

/**
 * A list reordered by dragging (pointer or keyboard: space, arrows, space). `onReorder` receives the
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
  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    onReorder(arrayMove(items, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dragEnd}>
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} id={item.id} label={labelOf(item)}>
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
