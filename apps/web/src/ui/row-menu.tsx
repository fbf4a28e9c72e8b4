import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useNarrowScreen } from './narrow-screen.ts';
import { TAP_ICON_SIZE } from './tap-target.ts';

/** One action of a row's menu; a `danger` one (Delete) shows in red. */
export interface RowMenuItem {
  label: string;
  onClick: () => void;
  danger?: boolean;
}

/**
 * A row's menu of actions behind one button named for the row (`label`): a "More" button, or
 * with `dots` a dots icon (small, or of the usual size) opening under its right edge. The small one
 * keeps a tap target of `TAP_ICON_SIZE`; the menu is named as its button is.
 */
export function RowMenu({
  label,
  items,
  dots,
}: {
  label: string;
  items: readonly RowMenuItem[];
  dots?: 'sm' | 'md';
}) {
  return (
    <Menu {...(dots && { position: 'bottom-end' as const })}>
      <Menu.Target>
        {dots ? (
          <ActionIcon variant="subtle" size={TAP_ICON_SIZE} aria-label={label}>
            <IconDots size={dots === 'sm' ? 14 : 16} aria-hidden />
          </ActionIcon>
        ) : (
          <Button size="xs" variant="default" aria-label={label}>
            More
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown aria-label={label}>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.danger ? 'red' : undefined} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * A list row's actions in its pinned last column: buttons, or on a phone — where two buttons or
 * more would cover the row's name — one dots menu named `label` (e.g. 'More actions for Sales').
 */
export function RowActions({ label, actions }: { label: string; actions: readonly RowMenuItem[] }) {
  const narrow = useNarrowScreen();
  if (narrow && actions.length > 1)
    return (
      <Group justify="flex-end" wrap="nowrap">
        <RowMenu dots="md" label={label} items={actions} />
      </Group>
    );
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {actions.map((action) => (
        <Button
          key={action.label}
          size="xs"
          variant={action.danger ? 'light' : 'default'}
          {...(action.danger && { color: 'red' })}
          onClick={action.onClick}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}
