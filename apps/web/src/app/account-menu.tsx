import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import { Menu, Text } from '@mantine/core';
import { paths, type CurrentUser } from '@studio/domain';
import { IconAdjustments, IconBuilding, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useSignOut } from '../session/use-sign-out.ts';

/** The account menu around its button, opened (user-menu.tsx loads it on the first click). */
export function AccountMenu({
  user,
  name,
  isAdmin,
  button,
}: {
  user: CurrentUser;
  name: string;
  isAdmin: boolean;
  button: ReactElement;
}) {
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" withinPortal defaultOpened>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {name}
          </Text>
          <Text size="xs">{user.email}</Text>
        </Menu.Label>
        <Menu.Item component={Link} to={paths.preferences} leftSection={<IconUser size={16} aria-hidden />}>
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.preferences}
          leftSection={<IconAdjustments size={16} aria-hidden />}
        >
          Preferences
        </Menu.Item>
        {isAdmin && (
          <Menu.Item
            component={Link}
            to={paths.organizationSettings}
            leftSection={<IconBuilding size={16} aria-hidden />}
          >
            Organization settings
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
