import { Box, Divider, NavLink, Text } from '@mantine/core';
import { activeNavHref, isWithin, type WorkspaceNavItem } from '@studio/domain';
import { Link } from '@tanstack/react-router';
import { useWorkspacePages } from './workspace-pages.ts';

/**
 * The ☰ drawer's part on a phone inside an event (series, template): the workspace's title and
 * every one of its pages, an area's pages folded under it (the open area unfolded) — the tab rows
 * above the page scroll sideways and hide most of them on a phone.
 */
export function WorkspaceDrawerPages({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const pages = useWorkspacePages();
  if (!pages || pages.items.length === 0) return null;
  const hrefs = (items: WorkspaceNavItem[]): string[] =>
    items.flatMap((item) => [item.href, ...hrefs(item.children)]);
  const active = activeNavHref(hrefs(pages.items), pathname);
  const link = (item: WorkspaceNavItem) => (
    <NavLink
      key={item.href}
      component={Link}
      to={item.href}
      label={item.title}
      active={item.href === active}
      aria-current={item.href === pathname ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
  return (
    <Box hiddenFrom="sm" role="group" aria-label={`${pages.title}: pages`} mb="xs">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4} pb={4} lineClamp={2}>
        {pages.title}
      </Text>
      {pages.items.map((item) =>
        item.children.length > 0 ? (
          <NavLink
            key={item.href}
            label={item.title}
            defaultOpened={isWithin(pathname, item.href)}
            active={isWithin(pathname, item.href)}
            variant="subtle"
          >
            {item.children.map(link)}
          </NavLink>
        ) : (
          link(item)
        ),
      )}
      <Divider mt="xs" />
    </Box>
  );
}
