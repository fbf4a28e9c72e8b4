import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import {
  connectorLabel,
  studioRoutes,
  workspaceAreas,
  workspaceOfRoute,
  type WorkspaceKind,
} from '@studio/domain';
import { Link, useMatches } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useOpenedReport } from '../features/analytics/reports-api.ts';
import { useHubPage } from '../features/hub-pages/hub-pages-api.ts';
import { useRegistrationFormOf } from '../features/registration-forms/forms-api.ts';
import { useWorkspaceSubject } from './workspace/workspace-subject.ts';

const titleOf = new Map(studioRoutes.map((route) => [route.path, route.title]));

/** A workspace's crumb: its object's title once loaded (shared with the header's query), else its kind. */
function WorkspaceCrumb({ kind, id }: { kind: WorkspaceKind; id: string }) {
  return <>{useWorkspaceSubject(kind, id).subject?.title ?? workspaceAreas[kind].title}</>;
}

type CrumbProps = { id: string; fallback: string };

// Crumbs of pages about one object: its name once loaded (the page's own query, so no second
// request), else the route's title.
function HubPageCrumb({ id, fallback }: CrumbProps) {
  return <>{useHubPage(id).data?.name ?? fallback}</>;
}
function FormCrumb({ id, fallback }: CrumbProps) {
  return <>{useRegistrationFormOf(id).data?.name ?? fallback}</>;
}
function SavedReportCrumb({ id, fallback }: CrumbProps) {
  return <>{useOpenedReport(id).data?.report.name ?? fallback}</>;
}

/** The routes whose crumb names their object, with the parameter that is its id. */
const objectCrumbs = new Map<string, { param: string; Crumb: (props: CrumbProps) => ReactNode }>([
  ['/pages/$pageId', { param: 'pageId', Crumb: HubPageCrumb }],
  ['/settings-new/forms/$formId', { param: 'formId', Crumb: FormCrumb }],
  ['/reports-new/custom-report/$liveboardID', { param: 'liveboardID', Crumb: SavedReportCrumb }],
]);

/** The trail of route-table pages above the one on screen, e.g. Events › Spring Summit › Programs › Agenda. */
export function ShellBreadcrumbs() {
  const match = useMatches({
    select: (matches) => matches.findLast((found) => found.staticData.studioRoute),
  });
  const pattern = match?.staticData.studioRoute?.path;
  if (!match || !pattern) return null;
  const params = match.params as Readonly<Record<string, string>>;
  const segments = pattern.split('/').filter(Boolean);
  const workspace = workspaceOfRoute(pattern);
  const trail = segments.flatMap((_, index) => {
    const prefix = `/${segments.slice(0, index + 1).join('/')}`;
    const routeTitle = titleOf.get(prefix);
    if (!routeTitle) return [];
    // A workspace's own list is its parent (Events above an event, Templates above a template).
    const href = prefix.replace(/\$(\w+)/g, (_name, key: string) => encodeURIComponent(params[key] ?? ''));
    const object = objectCrumbs.get(prefix);
    let title: ReactNode = routeTitle;
    if (workspace && prefix === workspaceAreas[workspace.kind].base)
      title = <WorkspaceCrumb kind={workspace.kind} id={params[workspace.param] ?? ''} />;
    else if (object) title = <object.Crumb id={params[object.param] ?? ''} fallback={routeTitle} />;
    else if (prefix.endsWith('/$integrationType'))
      title = connectorLabel(params.integrationType ?? '') ?? routeTitle;
    return [{ title, href }];
  });
  const listOf: Record<string, { title: ReactNode; href: string }> = {
    webinar: { title: 'Events', href: '/events' },
    'repeating-event': { title: 'Series', href: '/series' },
    'recording-event': { title: 'Recordings', href: '/recordings' },
  };
  const parent = listOf[segments[0] ?? ''];
  const crumbs = parent ? [parent, ...trail] : trail;
  if (crumbs.length < 2) return null;
  return (
    <Breadcrumbs
      component="nav"
      mb="sm"
      separatorMargin={6}
      aria-label="Breadcrumbs"
      fz="sm"
      // A long unbroken title (an event named with 255 letters) wraps within the page's width.
      style={{ flexWrap: 'wrap', overflowWrap: 'anywhere' }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Text key={crumb.href} size="sm" c="dimmed" aria-current="page">
            {crumb.title}
          </Text>
        ) : (
          // Exact: the router would mark every crumb above the page as the current page too.
          <Anchor key={crumb.href} component={Link} to={crumb.href} activeOptions={{ exact: true }} size="sm">
            {crumb.title}
          </Anchor>
        ),
      )}
    </Breadcrumbs>
  );
}
