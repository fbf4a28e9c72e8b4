import { paths, studioRoutes, type Permission } from '@studio/domain';
import {
  IconCalendarEvent,
  IconChartBar,
  IconFlask,
  IconHome,
  IconLayoutGrid,
  IconPalette,
  IconPlayerRecord,
  IconPlug,
  IconSettings,
  IconStack2,
  IconTags,
  IconTemplate,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';

/** The side navigation: route table pages with their icons, in the menu's order. */
const entries: [path: string, icon: Icon][] = [
  [paths.orgHome, IconHome],
  [paths.events, IconCalendarEvent],
  ['/recordings', IconPlayerRecord],
  ['/series', IconStack2],
  [paths.pages, IconLayoutGrid],
  ['/templates', IconTemplate],
  ['/videos', IconVideo],
  ['/brand-kit', IconPalette],
  ['/metadata', IconTags],
  ['/reports-new', IconChartBar],
  ['/integrations', IconPlug],
  [paths.settings, IconSettings],
  [paths.contentLab, IconFlask],
];

/** Brand Kit is read by those who edit branding or create events (its server route's rights). */
export const BRAND_KIT_READERS: readonly Permission[] = ['branding:update', 'event:create'];

/**
 * The entries shown only to a member holding one of their rights (what their pages' server routes
 * demand): the others would open on a refusal.
 */
const entryRights: Record<string, readonly Permission[]> = {
  '/videos': ['video:read'],
  '/brand-kit': BRAND_KIT_READERS,
  '/reports-new': ['report:read'],
};

/** Whether the member (by `can`) is offered the entry. */
export const menuEntryOffered = (href: string, can: (permission: Permission) => boolean): boolean =>
  entryRights[href]?.some(can) ?? true;

export interface MenuEntry {
  href: string;
  title: string;
  icon: Icon;
}

export const shellMenu: readonly MenuEntry[] = entries.flatMap(([path, icon]) =>
  studioRoutes
    .filter((route) => route.path === path)
    .map((route) => ({ href: route.path.replace(/\/\$$/, ''), title: route.title, icon })),
);

/** The entry a path belongs to; an event workspace belongs to Events, a webinar's too. */
export function activeMenuHref(pathname: string): string | undefined {
  const owner: Record<string, string> = {
    webinar: paths.events,
    'recording-event': '/recordings',
    'repeating-event': '/series',
  };
  const first = pathname.split('/')[1] ?? '';
  const href = owner[first] ?? `/${first}`;
  return shellMenu.find((entry) => entry.href === href)?.href;
}
