import type { WorkspaceNavItem } from '../navigation/workspaces.ts';
import type { Reorder } from './api.ts';

/** A reorder names each of the objects exactly once (no unknown, missing or repeated pk). */
export function isCompleteReorder(objectIds: readonly string[], list: Reorder['object_list']): boolean {
  const named = new Set(list.map((entry) => entry.pk));
  return (
    named.size === list.length && named.size === objectIds.length && objectIds.every((id) => named.has(id))
  );
}

/** 002 §9: rooms and booths are not offered for webinars. */
export const offersRoomsAndBooths = (eventType: string): boolean => eventType !== 'Webinar';

/** A webinar's workspace without its rooms and booths pages. */
export function withoutWebinarHiddenPages(nav: WorkspaceNavItem[], eventType: string): WorkspaceNavItem[] {
  if (offersRoomsAndBooths(eventType)) return nav;
  const hidden = (href: string) => href.endsWith('/programs/rooms') || href.endsWith('/programs/booths');
  return nav
    .filter((item) => !hidden(item.href))
    .map((item) => ({ ...item, children: withoutWebinarHiddenPages(item.children, eventType) }));
}
