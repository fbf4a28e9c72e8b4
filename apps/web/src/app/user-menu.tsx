import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { paths, type CurrentUser } from '@studio/domain';
import { IconAdjustments, IconBuilding, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useSignOut } from '../session/use-sign-out.ts';

const initials = (user: CurrentUser) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';

/** The signed-in person's menu: profile, preferences, organisation settings (admins) and sign out. */
export function UserMenu({ user, isAdmin }: { user: CurrentUser; isAdmin: boolean }) {
  const signOut = useSignOut();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account of ${name}`}>
          <Avatar radius="xl" size={32} color="indigo">
            {initials(user)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
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
