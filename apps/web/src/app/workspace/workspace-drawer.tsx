import { Box, Divider, NavLink, Text } from '@mantine/core';
import { activeNavHref, isWithin, type WorkspaceNavItem } from '@studio/domain';
import { Link } from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** The workspace on screen, as the ☰ drawer lists it: its title and its pages. */
export interface WorkspacePages {
  title: string;
  items: WorkspaceNavItem[];
}

const Publish = createContext<(pages: WorkspacePages | null) => void>(() => undefined);
const Shown = createContext<WorkspacePages | null>(null);

/** Holds the open workspace's pages for the shell's drawer (the workspace is rendered inside the shell). */
export function WorkspaceDrawerProvider({ children }: { children: ReactNode }) {
  const [pages, setPages] = useState<WorkspacePages | null>(null);
  return (
    <Publish.Provider value={setPages}>
      <Shown.Provider value={pages}>{children}</Shown.Provider>
    </Publish.Provider>
  );
}

/** The workspace layout tells the shell its pages while it is open (and nothing once it closes). */
export function usePublishWorkspacePages(pages: WorkspacePages): void {
  const publish = useContext(Publish);
  // Keyed by content: a new array each render must not publish again (the shell re-renders the layout).
  const key = JSON.stringify(pages);
  useEffect(() => {
    publish(JSON.parse(key) as WorkspacePages);
    return () => publish(null);
  }, [publish, key]);
}

/**
 * The ☰ drawer's part on a phone inside an event (series, template): the workspace's title and
 * every one of its pages, an area's pages folded under it (the open area unfolded) — the tab rows
 * above the page scroll sideways and hide most of them on a phone.
 */
export function WorkspaceDrawerPages({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const pages = useContext(Shown);
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
