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
import { ActionIcon, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { FormComponent } from '@studio/domain';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import { TYPE_LABELS } from './field-palette.ts';

interface SortableFieldsProps {
  components: readonly FormComponent[];
  selected: string | null;
  onSelect: (key: string) => void;
  onRemove: (index: number) => void;
  onReorder: (components: FormComponent[]) => void;
}

/** The form's fields, dragged (or moved with the keyboard) into their order. */
export function SortableFields({ components, selected, onSelect, onRemove, onReorder }: SortableFieldsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = components.map((component, index) => `${index}:${component.key}`);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove([...components], ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack gap={6} role="list" aria-label="Form fields">
          {components.map((component, index) => (
            <SortableField
              key={ids[index]}
              id={ids[index] ?? component.key}
              component={component}
              selected={selected === component.key}
              onSelect={() => onSelect(component.key)}
              onRemove={() => onRemove(index)}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function SortableField({
  id,
  component,
  selected,
  onSelect,
  onRemove,
}: {
  id: string;
  component: FormComponent;
  selected: boolean;
  onSelect: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Paper
      ref={setNodeRef}
      role="listitem"
      withBorder
      p="xs"
      radius="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Drag to reorder ${component.label}`}
          style={{ cursor: 'grab' }}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={16} aria-hidden />
        </ActionIcon>
        <UnstyledButton onClick={onSelect} style={{ flex: 1, minWidth: 0 }} aria-pressed={selected}>
          <Text size="sm" fw={500} truncate>
            {component.label}
            {component.validate?.required && component.type !== 'hidden' ? ' *' : ''}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {component.key}
          </Text>
        </UnstyledButton>
        <Badge variant="light" size="sm">
          {component.type === 'select' && component.multiple ? 'Multi-select' : TYPE_LABELS[component.type]}
        </Badge>
        <ActionIcon variant="subtle" color="red" aria-label={`Remove ${component.label}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
