import { Avatar, UnstyledButton } from '@mantine/core';
import type { CurrentUser } from '@studio/domain';
import { lazy } from 'react';
import { LoadOnFirstClick } from '../ui/load-on-first-click.tsx';

const AccountMenu = lazy(() =>
  import('./account-menu.tsx').then((module) => ({ default: module.AccountMenu })),
);

const initials = (user: CurrentUser) =>
  `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';

/** The signed-in person's menu: profile, preferences, organisation settings (admins) and sign out. */
export function UserMenu({ user, isAdmin }: { user: CurrentUser; isAdmin: boolean }) {
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const button = (
    <UnstyledButton aria-label={`Account of ${name}`} aria-haspopup="menu">
      <Avatar radius="xl" size={32} color="indigo">
        {initials(user)}
      </Avatar>
    </UnstyledButton>
  );
  return (
    <LoadOnFirstClick button={button}>
      <AccountMenu user={user} name={name} isAdmin={isAdmin} button={button} />
    </LoadOnFirstClick>
  );
}
