import { createUsePuck, useGetPuck } from '@puckeditor/core';
import { ActionIcon, Group, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconLayoutSidebar,
  IconLayoutSidebarRight,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';

const usePuck = createUsePuck();

/**
 * The builder's header (Puck's `header` override): its title, and undo, redo and Publish always in
 * sight — Puck's own hides them on a phone behind a "Toggle menu bar" chevron. The sidebar toggles
 * stay on wider screens, as Puck's.
 */
export function BuilderHeader({ title, actions }: { title: string; actions: ReactNode }) {
  const getPuck = useGetPuck();
  const hasPast = usePuck((s) => s.history.hasPast);
  const hasFuture = usePuck((s) => s.history.hasFuture);
  const setUi = (ui: { leftSideBarVisible: boolean } | { rightSideBarVisible: boolean }) =>
    getPuck().dispatch({ type: 'setUi', ui });
  const left = usePuck((s) => s.appState.ui.leftSideBarVisible);
  const right = usePuck((s) => s.appState.ui.rightSideBarVisible);
  return (
    <Group
      component="header"
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      px="md"
      py="xs"
      style={{ gridArea: 'header', borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={4} wrap="nowrap" visibleFrom="sm">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Toggle left sidebar"
          aria-pressed={left}
          onClick={() => setUi({ leftSideBarVisible: !left })}
        >
          <IconLayoutSidebar size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Toggle right sidebar"
          aria-pressed={right}
          onClick={() => setUi({ rightSideBarVisible: !right })}
        >
          <IconLayoutSidebarRight size={18} />
        </ActionIcon>
      </Group>
      <Title order={2} size="h5" style={{ minWidth: 0 }} lineClamp={1}>
        {title}
      </Title>
      <Group gap={4} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Undo"
          disabled={!hasPast}
          onClick={() => getPuck().history.back()}
        >
          <IconArrowBackUp size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Redo"
          disabled={!hasFuture}
          onClick={() => getPuck().history.forward()}
        >
          <IconArrowForwardUp size={18} />
        </ActionIcon>
        {actions}
      </Group>
    </Group>
  );
}
