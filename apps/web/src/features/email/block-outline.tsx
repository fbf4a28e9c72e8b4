import { Button, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { SortableList } from '../../ui/sortable-list.tsx';
import { blockLabels, type EmailBlock, type EmailBlockType } from './email-document.ts';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

/** What the outline says of a block beside its type. */
function summaryOf(block: EmailBlock): string {
  switch (block.type) {
    case 'text':
    case 'html':
      return block.html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
    case 'image':
      return block.alt || (block.src ? 'Image' : 'No image yet');
    case 'button':
    case 'magic_link':
      return block.label;
    case 'columns':
      return `${block.columns.length} columns`;
    case 'spacer':
      return `${block.height} px`;
    case 'event_location':
      return block.heading;
    case 'divider':
    case 'checkin_qrcode':
      return '';
  }
}

/**
 * A list of blocks: add one from the palette, select one to edit it, reorder by drag or the move
 * buttons, delete one. `name` names the list ('Email blocks', 'Column 1 blocks').
 */
export function BlockOutline<Block extends EmailBlock>({
  name,
  blocks,
  types,
  selectedId,
  onSelect,
  onChange,
  onAdd,
}: {
  name: string;
  blocks: Block[];
  types: Block['type'][];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onChange: (blocks: Block[]) => void;
  onAdd: (type: Block['type']) => void;
}) {
  const label = (block: Block) => `${blockLabels[block.type]} ${blocks.indexOf(block) + 1}`;
  return (
    <Stack gap="xs">
      <Menu position="bottom-start">
        <Menu.Target>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            aria-label={`Add block to ${name}`}
          >
            Add block
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {types.map((type: EmailBlockType) => (
            <Menu.Item key={type} onClick={() => onAdd(type)}>
              {blockLabels[type]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          No blocks yet. Add one to start.
        </Text>
      ) : (
        <SortableList
          compact
          items={blocks}
          label={name}
          labelOf={label}
          selectedId={selectedId}
          onReorder={onChange}
          renderItem={(block) => (
            <Group flex={1} wrap="nowrap" gap="xs" miw={0}>
              <UnstyledButton
                flex={1}
                miw={0}
                onClick={() => onSelect(block.id)}
                aria-pressed={block.id === selectedId}
                aria-label={`Edit ${label(block)}`}
              >
                <Text size="sm" fw={500}>
                  {blockLabels[block.type]}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {summaryOf(block)}
                </Text>
              </UnstyledButton>
              <DeleteIconButton
                label={`Delete ${label(block)}`}
                onClick={() => onChange(blocks.filter((other) => other.id !== block.id))}
              />
            </Group>
          )}
        />
      )}
    </Stack>
  );
}
