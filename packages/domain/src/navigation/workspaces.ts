import type { Permission } from '../access/roles.ts';
import { workspaceAreas, type PageNode, type WorkspaceKind } from './routes.ts';

/** One entry of a workspace's navigation, its address filled in with the object's id. */
export interface WorkspaceNavItem {
  title: string;
  href: string;
  children: WorkspaceNavItem[];
}

export interface WorkspaceMatch {
  kind: WorkspaceKind;
  /** The route parameter naming the object: eventId, templateId or seriesId. */
  param: string;
}

const paramOf = (base: string) => base.slice(base.lastIndexOf('$') + 1);

/** The workspace a route pattern belongs to (its base or a page under it), or null. */
export function workspaceOfRoute(pattern: string): WorkspaceMatch | null {
  for (const [kind, area] of Object.entries(workspaceAreas) as [WorkspaceKind, { base: string }][]) {
    if (pattern === area.base || pattern.startsWith(`${area.base}/`))
      return { kind, param: paramOf(area.base) };
  }
  return null;
}

/** The workspace's base address for one object, e.g. /events/{id}. */
export function workspaceBase(kind: WorkspaceKind, id: string): string {
  return workspaceAreas[kind].base.replace(/\$\w+$/, encodeURIComponent(id));
}

/** Pages that need another parameter (an integration type, a report's id) are reached from their area, not listed. */
function navItems(nodes: readonly PageNode[], prefix: string): WorkspaceNavItem[] {
  return nodes
    .filter((node) => !node.segment.includes('$'))
    .map((node) => {
      const href = `${prefix}/${node.segment}`;
      return { title: node.title, href, children: navItems(node.children, href) };
    });
}

/** Every child page spec 001 §2.3 lists for the workspace, as a navigation keeping the object's id. */
export function workspaceNav(kind: WorkspaceKind, id: string): WorkspaceNavItem[] {
  const base = workspaceBase(kind, id);
  const pages = navItems(workspaceAreas[kind].pages, base);
  // A recording's own page is its base address (001 §2.3 recording-event/{eventId}), listed first.
  return kind === 'recording' ? [{ title: 'Overview', href: base, children: [] }, ...pages] : pages;
}

/** Where a workspace opens: its dashboard (a webinar's details; a recording's own page). */
export function workspaceHome(kind: WorkspaceKind, id: string): string {
  const base = workspaceBase(kind, id);
  if (kind === 'recording') return base;
  return `${base}/${kind === 'webinar' ? 'details' : 'dashboard'}`;
}

/** Whether `segments` name one of `nodes`' pages or a page under it (`$param` stands for any value). */
function hasPage(nodes: readonly PageNode[], segments: readonly string[]): boolean {
  return nodes.some((node) => {
    const parts = node.segment.split('/');
    const matches = parts.every(
      (part, index) => index < segments.length && (part.startsWith('$') || part === segments[index]),
    );
    const rest = segments.slice(parts.length);
    return matches && (rest.length === 0 || hasPage(node.children, rest));
  });
}

/**
 * Where an object opened at another kind's workspace address (a webinar under /recording-event/…, a
 * repeating event under /series/…) belongs: the same page in its own workspace, its query and hash
 * kept (/series/s/registration/registrants?search=ada → /repeating-event/s/registration/registrants?search=ada),
 * or its home when its kind has no such page.
 */
export function workspaceAddressAs(kind: WorkspaceKind, id: string, href: string): string {
  const [, path = '', tail = ''] = /^([^?#]*)(.*)$/s.exec(href) ?? [];
  const page = path.split('/').filter(Boolean).slice(2);
  return page.length > 0 && hasPage(workspaceAreas[kind].pages, page)
    ? `${workspaceBase(kind, id)}/${page.join('/')}${tail}`
    : workspaceHome(kind, id);
}

/** What a workspace says when its object does not exist (or is another organisation's). */
export const workspaceNotFound: Record<
  WorkspaceKind,
  { title: string; back: { href: string; label: string } }
> = {
  event: { title: 'Event not found', back: { href: '/events', label: 'Back to Events' } },
  webinar: { title: 'Event not found', back: { href: '/events', label: 'Back to Events' } },
  recording: { title: 'Event not found', back: { href: '/events', label: 'Back to Events' } },
  template: { title: 'Template not found', back: { href: '/templates', label: 'Back to Templates' } },
  series: { title: 'Series not found', back: { href: '/series', label: 'Back to Series' } },
  'repeating-event': { title: 'Series not found', back: { href: '/series', label: 'Back to Series' } },
};

/**
 * The workspace pages offered only to a member holding one of their rights (what their server
 * routes demand), by the page's segment: the others would open on the no-access state.
 */
export const WORKSPACE_PAGE_RIGHTS: Readonly<Record<string, readonly Permission[]>> = {
  'look-and-feel': ['branding:update'],
};

/** The workspace navigation without the pages the member (by `can`) may not use. */
export function offeredWorkspaceNav(
  nav: readonly WorkspaceNavItem[],
  can: (permission: Permission) => boolean,
): WorkspaceNavItem[] {
  return nav
    .filter(
      (item) => WORKSPACE_PAGE_RIGHTS[item.href.slice(item.href.lastIndexOf('/') + 1)]?.some(can) ?? true,
    )
    .map((item) => ({ ...item, children: offeredWorkspaceNav(item.children, can) }));
}

/** Whether `pathname` is the page at `href` or a page under it. */
export const isWithin = (pathname: string, href: string): boolean =>
  pathname === href || pathname.startsWith(`${href}/`);

/**
 * The one entry of a navigation row the open page belongs to: the most specific (longest) address
 * the page is at or under, so a builder under its page marks the builder only; null when none.
 */
export function activeNavHref(hrefs: readonly string[], pathname: string): string | null {
  return hrefs
    .filter((href) => isWithin(pathname, href))
    .reduce<string | null>((best, href) => (best === null || href.length > best.length ? href : best), null);
}
