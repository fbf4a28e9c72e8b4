import type { WorkspaceNavItem } from '../navigation/workspaces.ts';
import type { Reorder } from './api.ts';
import { SEAT_OPTIONS_MAX, SEAT_OPTIONS_MIN } from './constants.ts';

/** 002 §9: seat options' labels, '{n} seats' or '1 seat'. */
export const seatLabel = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/** 002 §9: the seats a room may have, 1 to 50, each with its label. */
export const ROOM_SEAT_OPTIONS: readonly { seats: number; label: string }[] = Array.from(
  { length: SEAT_OPTIONS_MAX - SEAT_OPTIONS_MIN + 1 },
  (_, index) => ({ seats: SEAT_OPTIONS_MIN + index, label: seatLabel(SEAT_OPTIONS_MIN + index) }),
);

/** A reorder names each of the objects exactly once (no unknown, missing or repeated pk). */
export function isCompleteReorder(objectIds: readonly string[], list: Reorder['object_list']): boolean {
  const named = new Set(list.map((entry) => entry.pk));
  return (
    named.size === list.length && named.size === objectIds.length && objectIds.every((id) => named.has(id))
  );
}

/** 002 §9: rooms and booths are not offered for webinars. */
export const offersRoomsAndBooths = (eventType: string): boolean => eventType !== 'Webinar';

/** A workspace of webinars (a webinar, a repeating event or template of webinars) without rooms and booths pages. */
export function withoutWebinarHiddenPages(nav: WorkspaceNavItem[], eventType: string): WorkspaceNavItem[] {
  if (offersRoomsAndBooths(eventType)) return nav;
  const hidden = (href: string) => href.endsWith('/programs/rooms') || href.endsWith('/programs/booths');
  return nav
    .filter((item) => !hidden(item.href))
    .map((item) => ({ ...item, children: withoutWebinarHiddenPages(item.children, eventType) }));
}
