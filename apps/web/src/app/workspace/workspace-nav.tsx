import { Button, Group } from '@mantine/core';
import type { WorkspaceNavItem } from '@studio/domain';
import { Link } from '@tanstack/react-router';

const within = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

function NavRow({ items, pathname, label }: { items: WorkspaceNavItem[]; pathname: string; label: string }) {
  return (
    // Wraps rather than scrolls: every page stays in sight, on a phone as on a laptop.
    <Group gap={4} component="ul" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map((item) => {
        const current = pathname === item.href;
        const active = within(pathname, item.href);
        return (
          <li key={item.href}>
            <Button
              component={Link}
              to={item.href}
              activeOptions={{ exact: true }}
              size="compact-sm"
              variant={active ? 'light' : 'subtle'}
              color={active ? undefined : 'gray'}
              aria-current={current ? 'page' : undefined}
            >
              {item.title}
            </Button>
          </li>
        );
      })}
    </Group>
  );
}

/**
 * Every page of the workspace (spec 001 §2.3), two levels: the areas, then the pages of the area
 * on screen. Each address carries the object's id, so moving never loses it.
 */
export function WorkspaceNav({
  items,
  pathname,
  title,
}: {
  items: WorkspaceNavItem[];
  pathname: string;
  title: string;
}) {
  const open = items.find((item) => item.children.length > 0 && within(pathname, item.href));
  return (
    <nav aria-label={`${title} pages`}>
      <NavRow items={items} pathname={pathname} label={`${title} areas`} />
      {open && <NavRow items={open.children} pathname={pathname} label={`${open.title} pages`} />}
    </nav>
  );
}
