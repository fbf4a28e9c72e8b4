import './shell-styles.ts';
import { ActionIcon, AppShell, Burger, Group, NavLink, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { CONTENT_LAB_HREF, isContentLabOpen, paths } from '@studio/domain';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSignedInOrganization } from '../api/identity.ts';
import { useAccess } from '../session/use-access.ts';
import { CreateEventAction } from './create-event-action.tsx';
import { ProductMark } from './product-mark.tsx';
import { ShellBreadcrumbs } from './shell-breadcrumbs.tsx';
import { activeMenuHref, menuEntryOffered, shellMenu } from './shell-menu.ts';
import { TeamSwitcher } from './team-switcher.tsx';
import { UserMenu } from './user-menu.tsx';
import { WorkspaceDrawerPages } from './workspace/workspace-drawer.tsx';

const NavTooltip = lazy(() => import('./nav-tooltip.tsx').then((module) => ({ default: module.NavTooltip })));

/** The organisation shell: top bar, side navigation (a drawer on a phone, collapsible on a desktop) and the page. */
export function ShellLayout() {
  const [drawerOpen, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure();
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'studio.menu-collapsed', defaultValue: false });
  const pathname = useLocation({ select: (location) => location.pathname });
  const active = activeMenuHref(pathname);
  const { organization, organizationId } = useSignedInOrganization();
  const access = useAccess(organizationId);
  // Content Lab follows the organisation's switch (Settings › Organization); some entries the member's rights.
  const contentLabOpen = isContentLabOpen(false, organization);
  const menu = shellMenu.filter(
    (entry) =>
      (contentLabOpen || entry.href !== CONTENT_LAB_HREF) &&
      menuEntryOffered(entry.href, (permission) => access.can(permission)),
  );

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: collapsed ? 68 : 240, breakpoint: 'sm', collapsed: { mobile: !drawerOpen } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpen}
              onClick={toggleDrawer}
              hiddenFrom="sm"
              size="sm"
              aria-label="Navigation"
              aria-expanded={drawerOpen}
            />
            <ProductMark />
          </Group>
          <TopBarEnd pathname={pathname} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="Studio">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {/* In the ☰ drawer (a phone's), the open event's own pages come first, under its title; a
                wide screen has them as tabs and does not list them twice. */}
          {drawerOpen && <WorkspaceDrawerPages pathname={pathname} onNavigate={closeDrawer} />}
          {menu.map(({ href, title, icon: Icon }) => {
            const link = (
              <NavLink
                key={href}
                component={Link}
                to={href}
                label={collapsed ? undefined : title}
                aria-label={collapsed ? title : undefined}
                leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
                active={href === active}
                aria-current={href === active ? 'page' : undefined}
                onClick={closeDrawer}
              />
            );
            return collapsed ? (
              <Suspense key={href} fallback={link}>
                <NavTooltip label={title}>{link}</NavTooltip>
              </Suspense>
            ) : (
              link
            );
          })}
        </AppShell.Section>
        <AppShell.Section visibleFrom="sm">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setCollapsed(!collapsed)}
            aria-label={collapsed ? 'Expand the menu' : 'Collapse the menu'}
          >
            {collapsed ? (
              <IconLayoutSidebarLeftExpand aria-hidden />
            ) : (
              <IconLayoutSidebarLeftCollapse aria-hidden />
            )}
          </ActionIcon>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <ShellBreadcrumbs />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/** The organisation's name, the team switcher, the global "Create event" and the account menu. */
function TopBarEnd({ pathname }: { pathname: string }) {
  const { user, organizationId, organization } = useSignedInOrganization();
  const access = useAccess(organizationId);
  const isAdmin = user.is_admin || access.can('organization:update');
  return (
    <Group gap="sm" wrap="nowrap">
      <Text size="sm" fw={600} visibleFrom="md" data-testid="organization-name" truncate maw={220}>
        {organization.name}
      </Text>
      {organization.is_workspace_enabled && <TeamSwitcher teams={user.workspaces} />}
      {/* Events and Home carry the same action in their own header. */}
      {pathname !== paths.events && pathname !== paths.orgHome && <CreateEventAction />}
      <UserMenu user={user} isAdmin={isAdmin} />
    </Group>
  );
}
