import { Badge, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { eventMessages, workspaceAddressAs, workspaceNotFound } from '@studio/domain';
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, failureMessage } from '../../api/api-error.ts';
import { useEventRoom } from '../../api/event-room.ts';
import { currentUserQuery } from '../../api/identity.ts';
import { NotFound } from '../../ui/empty-state.tsx';
import { dayjs, formatDateTime, formatDateTimeRange } from '../../ui/formats.ts';
import { EventStatusBadge } from '../../ui/event-status-badge.tsx';
import { PageHeader, PageHeadingLevelProvider } from '../../ui/page-header.tsx';
import { useNarrowScreen } from '../../ui/narrow-screen.ts';
import { showToast } from '../../ui/toast.ts';
import { useClock } from '../../ui/use-clock.ts';
import { PublicLinksMenu } from '../../features/public-links/public-links-menu.tsx';
import { AlertCentre } from '../../features/readiness/alert-centre.tsx';
import { useWorkspacePages, useWorkspaceRoute } from './workspace-pages.ts';
import { WorkspaceNav } from './workspace-nav.tsx';
import { isEventKind, useWorkspaceSubject } from './workspace-subject.ts';
import { Loading } from '../../ui/list-states.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';

/**
 * The dates on one line of a phone: the year once, the day once within one day and the zone once
 * ('Nov 30, 2026, 3:05 PM – 4:05 PM GMT', 'Jan 29, 2027, 9:00 AM – Jan 30, 5:00 PM GMT'); across
 * years both ends in full.
 */
export function compactDateRange(start: string, end: string, timezone?: string): string {
  const zone = timezone ?? dayjs.tz.guess();
  const day = (instant: string) => dayjs(instant).tz(zone).format('YYYY-MM-DD');
  const year = (instant: string) => dayjs(instant).tz(zone).format('YYYY');
  if (year(start) !== year(end)) return formatDateTimeRange(start, end, timezone);
  const endText = formatDateTime(end, timezone);
  // The end's time and zone, after its day and month when it ends on another day of the year.
  const endDate = dayjs(end).tz(zone).format('MMM D, YYYY, ');
  const endTime =
    day(start) === day(end)
      ? endText.slice(endDate.length)
      : `${dayjs(end).tz(zone).format('MMM D, ')}${endText.slice(endDate.length)}`;
  const startText = formatDateTime(start, timezone);
  const startZone = startText.slice(startText.lastIndexOf(' '));
  const endZone = endTime.slice(endTime.lastIndexOf(' '));
  // The zone once when both ends share it (no change of clocks within the day).
  return startZone === endZone
    ? `${startText.slice(0, -startZone.length)} – ${endTime}`
    : `${startText} – ${endTime}`;
}

/** The frame of /events/{id}/…, /webinar/{id}/…, /templates/{id}/…, /series/{id}/… and /repeating-event/{id}/…. */
export function WorkspaceLayout() {
  const { kind, id } = useWorkspaceRoute() ?? { kind: 'event', id: '' };
  const { pathname, href } = useLocation({
    select: (location) => ({ pathname: location.pathname, href: location.href }),
  });
  const navigate = useNavigate();
  const { subject, error, isPending } = useWorkspaceSubject(kind, id, useClock());
  const userId = useQuery({ ...currentUserQuery, select: (user) => user.id }).data ?? null;
  // Every page of an event tells the server which event it shows (001 §7 setEventId).
  useEventRoom(subject?.eventRoom ?? null, pathname, userId);
  const narrow = useNarrowScreen();
  const status = error instanceof ApiRequestError ? error.status : null;

  useEffect(() => {
    if (!error || status === 404) return;
    if (status === 403 && isEventKind(kind)) {
      // Spec 001 §2.4: a 403 when loading an event sends the user to Events.
      showToast(eventMessages.noEventPermission, 'error');
      void navigate({ href: '/events', replace: true });
    } else showToast(isEventKind(kind) ? eventMessages.errorLoadingEvent : failureMessage(error), 'error');
  }, [error, status, kind, navigate]);

  // The same page in the object's own workspace (or its home), instead of another kind's frame.
  const elsewhere = subject?.elsewhere ? workspaceAddressAs(subject.elsewhere, id, href) : null;
  useEffect(() => {
    if (elsewhere) void navigate({ href: elsewhere, replace: true });
  }, [elsewhere, navigate]);

  // The same pages the ☰ drawer lists on a phone.
  const nav = useWorkspacePages()?.items ?? [];

  if (isPending || elsewhere) return <Loading label="Loading" />;
  if (status === 404) return <NotFound {...workspaceNotFound[kind]} />;
  if (!subject)
    return (
      <ErrorAlert>{isEventKind(kind) ? eventMessages.errorLoadingEvent : failureMessage(error)}</ErrorAlert>
    );

  const badges = (
    <>
      <Badge variant="outline">{subject.type}</Badge>
      {subject.status && <EventStatusBadge status={subject.status} />}
    </>
  );
  const actions = kind !== 'template' && (
    <Group gap="xs" wrap="nowrap">
      {kind !== 'recording' && <AlertCentre subject={{ kind: isEventKind(kind) ? 'event' : 'series', id }} />}
      <PublicLinksMenu kind={kind} id={id} hostType={subject.hostType} />
    </Group>
  );
  const dates = subject.dates && (
    <Text span size={narrow ? 'xs' : 'sm'} data-testid="workspace-dates">
      {narrow
        ? compactDateRange(subject.dates.start, subject.dates.end, subject.dates.timezone)
        : formatDateTimeRange(subject.dates.start, subject.dates.end, subject.dates.timezone)}
    </Text>
  );
  return (
    <Stack gap={narrow ? 'xs' : 'sm'}>
      {narrow ? (
        // A phone: the title smaller on a line of its own; the badges and the links on one line
        // beneath, then the dates on one line.
        <Stack gap={6} miw={0}>
          <Title order={1} size="h4" maw="100%" style={{ overflowWrap: 'anywhere' }}>
            {subject.title}
          </Title>
          <Group gap="xs" justify="space-between" wrap="nowrap" miw={0}>
            <Group gap={6} wrap="wrap" miw={0}>
              {badges}
            </Group>
            {actions}
          </Group>
          {dates}
        </Stack>
      ) : (
        <PageHeader title={subject.title} badges={badges} description={dates} actions={actions} />
      )}
      {nav.length > 0 && <WorkspaceNav items={nav} pathname={pathname} title={subject.type} />}
      <Divider />
      <div data-testid="workspace-page">
        {/* The header above is the page's h1: each page's own title is an h2 beneath it. */}
        <PageHeadingLevelProvider level={2}>
          <Outlet />
        </PageHeadingLevelProvider>
      </div>
    </Stack>
  );
}
