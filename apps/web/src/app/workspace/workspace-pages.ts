import {
  offeredWorkspaceNav,
  withoutWebinarHiddenPages,
  workspaceNav,
  type WorkspaceKind,
  type WorkspaceNavItem,
} from '@studio/domain';
import { useMatches } from '@tanstack/react-router';
import { useSignedInOrganization } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { useWorkspaceSubject } from './workspace-subject.ts';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The event-like workspace whose layout a route is. */
    workspaceKind?: WorkspaceKind;
  }
}

const paramOf: Record<WorkspaceKind, string> = {
  event: 'eventId',
  webinar: 'eventId',
  recording: 'eventId',
  template: 'templateId',
  series: 'seriesId',
  'repeating-event': 'seriesId',
};

/** The workspace the page on screen belongs to (its kind and its object's id), or null outside one. */
export function useWorkspaceRoute(): { kind: WorkspaceKind; id: string } | null {
  const kind = useMatches({
    select: (matches) =>
      matches.findLast((match) => match.staticData.workspaceKind)?.staticData.workspaceKind,
  });
  const id = useMatches({
    select: (matches) => {
      const match = matches.findLast((candidate) => candidate.staticData.workspaceKind);
      const found = match?.staticData.workspaceKind;
      return found
        ? ((match.params as Readonly<Record<string, string | undefined>>)[paramOf[found]] ?? '')
        : '';
    },
  });
  return kind ? { kind, id } : null;
}

/** The open workspace as its navigation lists it: its title and the pages the member may use. */
export interface WorkspacePages {
  title: string;
  items: WorkspaceNavItem[];
}

/**
 * The pages of the workspace on screen — the layout's tab rows and the ☰ drawer's list alike:
 * every page of its kind, a webinar's hidden pages left out and the member's rights applied.
 * Null outside a workspace and until its object has loaded. The object is read from the cache
 * the layout fills (no second request).
 */
export function useWorkspacePages(): WorkspacePages | null {
  const route = useWorkspaceRoute();
  const kind = route?.kind ?? 'event';
  const id = route?.id ?? '';
  const { subject } = useWorkspaceSubject(kind, id, undefined, { enabled: route !== null, cached: true });
  const access = useAccess(useSignedInOrganization().organizationId);
  if (!route || !subject) return null;
  return {
    title: subject.title,
    items: offeredWorkspaceNav(
      withoutWebinarHiddenPages(workspaceNav(kind, id), subject.eventType),
      (right) => access.can(right),
    ),
  };
}
