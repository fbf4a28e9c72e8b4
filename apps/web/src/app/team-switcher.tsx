import { Button } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronDown, IconUsersGroup } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { LoadOnFirstClick } from '../ui/load-on-first-click.tsx';

const TeamMenu = lazy(() => import('./team-menu.tsx').then((module) => ({ default: module.TeamMenu })));

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
  const button = (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconUsersGroup size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      aria-label={`Team: ${labels[scope]}`}
      aria-haspopup="menu"
    >
      {labels[scope]}
    </Button>
  );
  return (
    <LoadOnFirstClick button={button}>
      <TeamMenu teams={teams} scope={scope} labels={labels} onChoose={choose} button={button} />
    </LoadOnFirstClick>
  );
}
