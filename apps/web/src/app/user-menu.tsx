import { Avatar, UnstyledButton, VisuallyHidden } from '@mantine/core';
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
    // The initials are a picture of the person (hidden from screen readers); the button's name is text
    // only they read, as an aria-label leaving out the visible 'DA' would not match what is on screen.
    <UnstyledButton aria-haspopup="menu">
      <Avatar radius="xl" size={32} color="indigo" aria-hidden>
        {initials(user)}
      </Avatar>
      <VisuallyHidden>Account of {name}</VisuallyHidden>
    </UnstyledButton>
  );
  return (
    <LoadOnFirstClick button={button}>
      <AccountMenu user={user} name={name} isAdmin={isAdmin} button={button} />
    </LoadOnFirstClick>
  );
}
