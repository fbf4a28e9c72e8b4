import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import type { TeamScope } from './team-switcher.tsx';

/** The team switcher's menu around its button, opened (team-switcher.tsx loads it on the first click). */
export function TeamMenu({
  teams,
  scope,
  labels,
  onChoose,
  button,
}: {
  teams: readonly { id: string; name: string }[];
  scope: TeamScope;
  labels: Record<TeamScope, string>;
  onChoose: (scope: TeamScope) => void;
  button: ReactElement;
}) {
  return (
    <Menu position="bottom-start" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        {(['all', 'mine'] as const).map((value) => (
          <Menu.Item
            key={value}
            onClick={() => onChoose(value)}
            rightSection={scope === value ? <IconCheck size={14} aria-label="Chosen" /> : null}
          >
            {labels[value]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Label>Your teams</Menu.Label>
        {teams.length === 0 ? (
          <Menu.Item disabled>You are not in a team yet</Menu.Item>
        ) : (
          teams.map((team) => (
            <Menu.Item key={team.id} disabled>
              {team.name}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
