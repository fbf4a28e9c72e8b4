import { AppShell, Burger, Button, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { studioRoutes } from '@studio/domain';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useSignOut } from '../session/use-sign-out.ts';

const menuRoutes = [
  '/home',
  '/events',
  '/recordings',
  '/series',
  '/pages',
  '/templates',
  '/videos',
  '/brand-kit',
  '/metadata',
  '/reports-new',
  '/integrations',
  '/settings-new',
  '/content/$',
];
const menu = menuRoutes
  .flatMap((path) => studioRoutes.filter((route) => route.path === path))
  .map((route) => ({ path: route.path.replace(/\/\$$/, ''), title: route.title }));

/** The organisation shell: header, navigation and the page. */
export function ShellLayout() {
  const [menuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure();
  const pathname = useLocation({ select: (location) => location.pathname });
  const signOut = useSignOut();

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !menuOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={menuOpen}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label="Navigation"
            />
            <Text fw={700}>Event Studio</Text>
          </Group>
          <Button variant="default" size="xs" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Studio">
        {menu.map(({ path, title }) => (
          <NavLink
            key={path}
            component={Link}
            to={path}
            label={title}
            active={pathname === path || pathname.startsWith(`${path}/`)}
            onClick={closeMenu}
          />
        ))}
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
