import { Button, Stack } from '@mantine/core';
import { activeNavHref, isWithin, type WorkspaceNavItem } from '@studio/domain';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';

function NavRow({ items, pathname, label }: { items: WorkspaceNavItem[]; pathname: string; label: string }) {
  // On a laptop a row wraps, every page in sight; on a phone it scrolls on one line (wrapped, the
  // tabs filled the screen before the page), the open page's tab brought into view.
  const narrow = useNarrowScreen();
  const row = useRef<HTMLUListElement>(null);
  // Which ends hide more tabs: those fade out, the hint that the row scrolls (not a word cut short).
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const list = row.current;
    const next =
      narrow && list
        ? {
            before: list.scrollLeft > 1,
            after: list.scrollLeft + list.clientWidth < list.scrollWidth - 1,
          }
        : { before: false, after: false };
    setMore((shown) => (shown.before === next.before && shown.after === next.after ? shown : next));
  }, [narrow]);
  useLayoutEffect(() => {
    const list = row.current;
    const tab = list?.querySelector<HTMLElement>('[data-active]');
    if (narrow && list && tab) list.scrollLeft = tab.offsetLeft - (list.clientWidth - tab.offsetWidth) / 2;
    measure();
  }, [narrow, pathname, measure]);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);
  const fade = (hidden: boolean) => (hidden ? 'transparent' : '#000');
  const active = activeNavHref(
    items.map((item) => item.href),
    pathname,
  );
  return (
    <ul
      ref={row}
      aria-label={label}
      onScroll={measure}
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
      style={{
        display: 'flex',
        flexWrap: narrow ? 'nowrap' : 'wrap',
        gap: 4,
        listStyle: 'none',
        padding: 0,
        margin: 0,
        position: 'relative',
        ...(narrow && { overflowX: 'auto', scrollbarWidth: 'none' }),
        ...((more.before || more.after) && {
          maskImage: `linear-gradient(to right, ${fade(more.before)}, #000 40px, #000 calc(100% - 40px), ${fade(more.after)})`,
        }),
      }}
    >
      {items.map((item) => {
        const current = pathname === item.href;
        const isActive = item.href === active;
        return (
          <li key={item.href} data-active={isActive || undefined} style={{ flexShrink: 0 }}>
            <Button
              component={Link}
              to={item.href}
              activeOptions={{ exact: true }}
              size="compact-sm"
              variant={isActive ? 'light' : 'subtle'}
              color={isActive ? undefined : 'gray'}
              aria-current={current ? 'page' : undefined}
            >
              {item.title}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Every page of the workspace (spec 001 §2.3), two levels: the areas, then the pages of the area
 * on screen, set apart by a line so the two rows do not read as one. Each address carries the
 * object's id, so moving never loses it.
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
  const open = items.find((item) => item.children.length > 0 && isWithin(pathname, item.href));
  return (
    <Stack component="nav" gap="xs" aria-label={`${title} pages`}>
      <NavRow items={items} pathname={pathname} label={`${title} areas`} />
      {open && (
        <div
          style={{
            borderTop: '1px solid var(--mantine-color-default-border)',
            paddingTop: 'var(--mantine-spacing-xs)',
          }}
        >
          <NavRow items={open.children} pathname={pathname} label={`${open.title} pages`} />
        </div>
      )}
    </Stack>
  );
}
