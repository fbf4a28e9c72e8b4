import { Button, Menu } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconUsersGroup } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';

export type TeamScope = 'all' | 'mine';
const labels: Record<TeamScope, string> = { all: 'All teams', mine: 'My teams' };
/** The lists that take a team scope (`workspace=all|mine`, spec 002 §3.18). */
const scopedLists = ['/events', '/templates'];

/** The team scope chosen in the top bar, remembered on this device. */
export function useTeamScope() {
  return useLocalStorage<TeamScope>({ key: 'studio.team-scope', defaultValue: 'all' });
}

/**
 * Shown when workspaces are enabled: all teams or only the member's own teams. The choice applies
 * at once to a list that takes a team scope, and is remembered for the next one.
 */
export function TeamSwitcher({ teams }: { teams: readonly { id: string; name: string }[] }) {
  const [scope, setScope] = useTeamScope();
  const navigate = useNavigate();
  const pathname = useLocation({ select: (location) => location.pathname });
  const choose = (next: TeamScope) => {
    setScope(next);
    if (scopedLists.includes(pathname))
      void navigate({
        to: pathname,
        search: (old: Record<string, unknown>) => ({ ...old, workspace: next, page: undefined }),
      });
  };
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconUsersGroup size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={`Team: ${labels[scope]}`}
        >
          {labels[scope]}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(['all', 'mine'] as const).map((value) => (
          <Menu.Item
            key={value}
            onClick={() => choose(value)}
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
