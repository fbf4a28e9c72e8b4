import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import {
  eventMessages,
  offeredWorkspaceNav,
  withoutWebinarHiddenPages,
  workspaceNav,
  workspaceNotFound,
  type WorkspaceKind,
} from '@studio/domain';
import { Outlet, useLocation, useMatches, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { useEventRoom } from '../../api/event-room.ts';
import { currentUserQuery, useSignedInOrganization } from '../../api/identity.ts';
import { useAccess } from '../../session/use-access.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDateTimeRange } from '../../ui/formats.ts';
import { HrefLink } from '../../ui/href-link.tsx';
import { EventStatusBadge } from '../../ui/event-status-badge.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { showToast } from '../../ui/toast.ts';
import { useClock } from '../../ui/use-clock.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { PublicLinksMenu } from '../../features/public-links/public-links-menu.tsx';
import { AlertCentre } from '../../features/readiness/alert-centre.tsx';
import { WorkspaceNav } from './workspace-nav.tsx';
import { isEventKind, useWorkspaceSubject } from './workspace-subject.ts';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

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

/** The frame of /events/{id}/…, /webinar/{id}/…, /templates/{id}/…, /series/{id}/… and /repeating-event/{id}/…. */
export function WorkspaceLayout() {
  const kind =
    useMatches({ select: (matches) => matches.findLast((match) => match.staticData.workspaceKind) })
      ?.staticData.workspaceKind ?? 'event';
  const id = useRouteParam(paramOf[kind]);
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const { subject, error, isPending } = useWorkspaceSubject(kind, id, useClock());
  const userId = useQuery({ ...currentUserQuery, select: (user) => user.id }).data ?? null;
  // Every page of an event tells the server which event it shows (001 §7 setEventId).
  useEventRoom(subject?.eventRoom ?? null, pathname, userId);
  const access = useAccess(useSignedInOrganization().organizationId);
  const status = error instanceof ApiRequestError ? error.status : null;

  useEffect(() => {
    if (!error || status === 404) return;
    if (status === 403 && isEventKind(kind)) {
      // Spec 001 §2.4: a 403 when loading an event sends the user to Events.
      showToast(eventMessages.noEventPermission, 'error');
      void navigate({ href: '/events', replace: true });
    } else showToast(isEventKind(kind) ? eventMessages.errorLoadingEvent : failureMessage(error), 'error');
  }, [error, status, kind, navigate]);

  if (isPending) return <Loading label="Loading" />;
  if (status === 404) {
    const notFound = workspaceNotFound[kind];
    return (
      <EmptyState
        title={notFound.title}
        message="It may have been deleted, or the address is wrong."
        action={<HrefLink href={notFound.back.href}>{notFound.back.label}</HrefLink>}
      />
    );
  }
  if (!subject)
    return (
      <ErrorAlert>{isEventKind(kind) ? eventMessages.errorLoadingEvent : failureMessage(error)}</ErrorAlert>
    );

  const nav = offeredWorkspaceNav(withoutWebinarHiddenPages(workspaceNav(kind, id), subject.type), (right) =>
    access.can(right),
  );
  return (
    <Stack gap="sm">
      <PageHeader
        title={subject.title}
        badges={
          <>
            <Badge variant="outline">{subject.type}</Badge>
            {subject.status && <EventStatusBadge status={subject.status} />}
          </>
        }
        description={
          subject.dates && (
            <Text span size="sm" data-testid="workspace-dates">
              {formatDateTimeRange(subject.dates.start, subject.dates.end, subject.dates.timezone)}
            </Text>
          )
        }
        actions={
          kind !== 'template' && (
            <Group gap="xs">
              {kind !== 'recording' && (
                <AlertCentre subject={{ kind: isEventKind(kind) ? 'event' : 'series', id }} />
              )}
              <PublicLinksMenu kind={kind} id={id} hostType={subject.hostType} />
            </Group>
          )
        }
      />
      {nav.length > 0 && <WorkspaceNav items={nav} pathname={pathname} title={subject.type} />}
      <Divider />
      <div data-testid="workspace-page">
        <Outlet />
      </div>
    </Stack>
  );
}
