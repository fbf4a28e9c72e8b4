import { Button, Card, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  isScheduled,
  recordingVideoMessages,
  offeredWorkspaceNav,
  workspaceBase,
  workspaceNav,
  workspaceOfRoute,
  type StudioEvent,
  type WorkspaceKind,
  type WorkspaceNavItem,
} from '@studio/domain';
import { IconPencil } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { formatDateTimeRange } from '../../ui/formats.ts';
import { RichText } from '../../ui/rich-text.tsx';
import { HrefLink } from '../../ui/href-link.tsx';
import { useAccess } from '../../session/use-access.ts';
import { useStudioRoute } from '../../ui/studio-route.ts';
import { useRouteParam } from '../../ui/use-route-param.ts';
import { EventActions } from './event-actions.tsx';
import { EventDetailsDrawer } from './event-details-drawer.tsx';
import {
  EmailsFigure,
  LiveInputsFigure,
  RegistrantsFigure,
  SessionsFigure,
  SpeakersFigure,
  VideosInUse,
} from './event-figures.tsx';
import { useEvent, useEventSummary, useRecordingVideo } from './events-api.ts';
import type { VideoField } from '../../ui/video-field.ts';
import { Loading } from '../../ui/list-states.tsx';

/** What app/ composes into the dashboard from other features (a feature never imports another). */
export interface DashboardSlots {
  /** The event's readiness warnings (002 §8.6), each linking to where it is fixed. */
  Readiness?: ComponentType<{ eventId: string }>;
  /** Viewers now and per session while the event is live (the analytics' part; none: not shown). */
  ViewersNow?: ComponentType<{ eventId: string }>;
  /** The library's one-video field: a recording's page chooses its video with it. */
  VideoField?: VideoField;
}

/**
 * /events/$eventId/dashboard (also /webinar/$eventId/details and /recording-event/$eventId): the
 * event's cockpit inside its workspace, whose layout shows the header and answers load failures.
 */
export function EventDashboardPage(slots: DashboardSlots) {
  const eventId = useRouteParam('eventId');
  const event = useEvent(eventId);
  const kind = workspaceOfRoute(useStudioRoute()?.path ?? '')?.kind ?? 'event';
  if (event.isPending) return <Loading label="Loading event" />;
  if (event.isError) return null;
  return <EventOverview key={event.data.updated_at} event={event.data} kind={kind} slots={slots} />;
}

/**
 * The readiness list's height, whether it is loading, empty or long: the cards below it (Edit
 * details first) stay where they are when the list arrives, so a tap is never taken by a warning's
 * link that has moved under the finger. A longer list scrolls inside.
 */
export const READINESS_HEIGHT = 180;

const flatten = (items: WorkspaceNavItem[]): string[] =>
  items.flatMap((item) => [item.href, ...flatten(item.children)]);

function OverviewCard({ title, children, link }: { title: string; children: ReactNode; link?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" role="region" aria-label={title}>
      <Stack gap={6}>
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
        {link}
      </Stack>
    </Card>
  );
}

function EventOverview({
  event,
  kind,
  slots: { Readiness, ViewersNow, VideoField },
}: {
  event: StudioEvent;
  kind: WorkspaceKind;
  slots: DashboardSlots;
}) {
  const [editing, setEditing] = useState(false);
  const summary = useEventSummary(event.id);
  const access = useAccess(event.organization);
  const pages = new Set(
    flatten(offeredWorkspaceNav(workspaceNav(kind, event.id), (right) => access.can(right))),
  );
  const base = workspaceBase(kind, event.id);
  /** A link into an area of this workspace, when the workspace has that area. */
  const area = (segments: string[], label: string) => {
    const href = segments.map((segment) => `${base}/${segment}`).find((candidate) => pages.has(candidate));
    return href ? <HrefLink href={href}>{label}</HrefLink> : null;
  };
  const lookAndFeel = area(['look-and-feel'], event.stage_roll_video_asset ? 'Change it' : 'Choose one');
  const scheduled = isScheduled(event.event_type);
  const recordingVideo = !scheduled && VideoField && (
    <RecordingVideoCard event={event} VideoField={VideoField} editable={access.can('branding:update')} />
  );

  return (
    <Stack gap="md">
      {/* What an organiser comes to see first, live or about to be: who is watching, what is not ready. */}
      {(ViewersNow || Readiness) && (
        <SimpleGrid cols={{ base: 1, sm: ViewersNow && Readiness ? 2 : 1 }} spacing="md">
          {ViewersNow && (
            <OverviewCard title="Viewers now">
              <ViewersNow eventId={event.id} />
            </OverviewCard>
          )}
          {Readiness && (
            <OverviewCard title="Readiness">
              <ScrollArea
                h={READINESS_HEIGHT}
                type="auto"
                offsetScrollbars
                // Reachable by keyboard when it scrolls (a warning may carry no link).
                viewportProps={{ tabIndex: 0, role: 'group', 'aria-label': 'Readiness warnings' }}
              >
                <Readiness eventId={event.id} />
              </ScrollArea>
            </OverviewCard>
          )}
        </SimpleGrid>
      )}
      <EventActions event={event} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <OverviewCard
          title="Details"
          link={
            <Group>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => setEditing(true)}
              >
                Edit details
              </Button>
            </Group>
          }
        >
          <Text size="sm">
            {event.event_type} · {event.host_type.replace('_', ' ')}
          </Text>
          {scheduled && (
            <Text size="sm" c="dimmed">
              {formatDateTimeRange(event.start_time, event.end_time, event.timezone)}
            </Text>
          )}
          {event.location && <Text size="sm">{event.location}</Text>}
          {event.description && <RichText size="sm" lineClamp={3} html={event.description} />}
        </OverviewCard>
        {/* A recording is its video (beside its details), not a programme: no sessions, speakers or live inputs. */}
        {recordingVideo}
        {scheduled && (
          <>
            <OverviewCard
              title="Sessions"
              // A webinar's programme is its Sessions page (no tracks, no agenda grid).
              link={area(['programs/agenda'], kind === 'webinar' ? 'Open sessions' : 'Open the agenda')}
            >
              <SessionsFigure summary={summary} />
            </OverviewCard>
            <OverviewCard title="Speakers" link={area(['programs/speakers'], 'Open speakers')}>
              <SpeakersFigure summary={summary} />
            </OverviewCard>
          </>
        )}
        <OverviewCard
          title="Registrants"
          link={area(
            ['registration-new/registrants', 'registration/registrants', 'registrants'],
            'Open registrants',
          )}
        >
          <RegistrantsFigure summary={summary} />
        </OverviewCard>
        <OverviewCard
          title="Videos in use"
          link={
            <HrefLink href={`/videos?event_ids=${encodeURIComponent(event.id)}&include=used`}>
              Open the event's videos in the library
            </HrefLink>
          }
        >
          <VideosInUse summary={summary} bufferLabel={scheduled ? undefined : recordingVideoMessages.title} />
        </OverviewCard>
        {scheduled && (
          <OverviewCard title="Live inputs" link={area(['programs/live-inputs'], 'Open live inputs')}>
            <LiveInputsFigure summary={summary} />
          </OverviewCard>
        )}
        <OverviewCard
          title="Emails"
          // A recording has no schedule: its emails are its confirmations' templates.
          link={
            scheduled
              ? area(['email/schedule'], 'Open the email schedule')
              : area(['email/templates'], 'Open the email templates')
          }
        >
          <EmailsFigure summary={summary} />
        </OverviewCard>
        {!recordingVideo && (
          <OverviewCard title="Buffer video" link={lookAndFeel}>
            <Text size="sm" c={event.stage_roll_video_asset ? undefined : 'dimmed'}>
              {event.stage_roll_video_asset ? 'A buffer video is chosen.' : 'None chosen yet.'}
            </Text>
          </OverviewCard>
        )}
      </SimpleGrid>
      {editing && <EventDetailsDrawer event={event} opened onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/**
 * A recording is its video: its page has no look and feel to choose a buffer video on, so it
 * chooses here the video its stage and on-demand page play (stored as its buffer video).
 */
function RecordingVideoCard({
  event,
  VideoField,
  editable,
}: {
  event: StudioEvent;
  VideoField: VideoField;
  editable: boolean;
}) {
  const save = useRecordingVideo(event.id);
  const chosen = event.stage_roll_video_asset;
  return (
    <OverviewCard title={recordingVideoMessages.title}>
      <Text size="sm" c="dimmed">
        {recordingVideoMessages.help}
      </Text>
      {editable ? (
        <VideoField
          videoId={chosen}
          pickLabel={recordingVideoMessages.select}
          emptyLabel={recordingVideoMessages.none}
          removeLabel={recordingVideoMessages.remove}
          workspaceId={event.workspace?.id ?? null}
          onChange={(videoId) =>
            save.mutateAsync(videoId).then(
              () => true,
              () => false,
            )
          }
        />
      ) : (
        <Text size="sm">{chosen ? recordingVideoMessages.chosen : recordingVideoMessages.none}</Text>
      )}
    </OverviewCard>
  );
}
