import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import {
  createTrackSchema,
  groupByDay,
  agendaMessages,
  planAllows,
  SESSION_TYPES,
  wallClock,
  type AgendaItem,
  type Broadcast,
  type PricingConfig,
  type StudioEvent,
} from '@studio/domain';
import { IconGripVertical, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { queryKeys } from '../../api/query-keys.ts';
import { eventNamed } from '../../api/realtime.ts';
import { useReadAgainOnPush } from '../../api/studio-pushes.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { formatDate } from '../../ui/formats.ts';
import { FeatureNotEnabled } from '../../ui/plan-gate.tsx';
import { showToast } from '../../ui/toast.ts';
import { useSearchParam } from '../../ui/use-search-param.ts';
import { fieldProps, useStudioForm } from '../../ui/studio-form.ts';
import {
  useAddTrack,
  useAgenda,
  useDeleteBlock,
  useDeleteSession,
  useMoveBlock,
  useRenameTrack,
  useSaveTracks,
  type Track,
} from './agenda-api.ts';
import { BlockDrawer } from './block-drawer.tsx';
import type { VideoPicker } from '../../ui/select-videos-dialog.tsx';
import { SessionDrawer, type SessionSurveysSection } from './session-drawer.tsx';
import { useSessionInputLabel } from './session-rtmp-input.tsx';
import { FormActions } from '../../ui/form-actions.tsx';
import { Loading } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { RowMenu } from '../../ui/row-menu.tsx';
import { TAP_BUTTON_SIZE, TAP_ICON_SIZE } from '../../ui/tap-target.ts';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { WebinarSessions } from './webinar-sessions.tsx';

const timeOf = (instant: string, timezone: string) => wallClock(new Date(instant), timezone).time;
const typeLabel = Object.fromEntries(SESSION_TYPES.map((type) => [type.broadcast_type, type.label]));
const blockLabel = { session: 'Session', break: 'Break', room: 'Room', booth: 'Booth' } as const;

/** Keeps the agenda's cache in step with the other organisers' changes (001 §7 pushes). */
function useAgendaUpdates(eventId: string) {
  // A push after each committed change, or the event named to the server (a push may have been missed).
  useReadAgainOnPush(
    eventId,
    queryKeys.agenda.of(eventId),
    (message) =>
      ((message.type === 'broadcast-updated' || message.type === 'agenda-item-updated') &&
        message.data.eventId === eventId) ||
      eventNamed(message),
  );
}

function TrackColumn({
  track,
  items,
  onRename,
  children,
}: {
  track: Track;
  items: number;
  onRename?: () => void;
  children: ReactNode;
}) {
  const sortable = useSortable({ id: track.id });
  const drop = useDroppable({ id: `track:${track.id}` });
  return (
    <Card
      ref={(node) => {
        sortable.setNodeRef(node);
        drop.setNodeRef(node);
      }}
      withBorder
      padding="sm"
      miw={240}
      style={{
        flex: '1 1 240px',
        transform: CSS.Transform.toString(sortable.transform),
        transition: sortable.transition,
        outline: drop.isOver ? '2px solid var(--mantine-color-blue-5)' : undefined,
      }}
      aria-label={`Track ${track.title}`}
      component="section"
    >
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Text fw={600} truncate>
          {track.title}
        </Text>
        {onRename && (
          <Button
            size={TAP_BUTTON_SIZE}
            variant="subtle"
            onClick={onRename}
            aria-label={`Rename track ${track.title}`}
          >
            Rename
          </Button>
        )}
        <Group gap={4} wrap="nowrap">
          <Badge variant="light" size="sm">
            {items}
          </Badge>
          <ActionIcon
            variant="subtle"
            aria-label={`Move track ${track.title}`}
            {...sortable.attributes}
            {...sortable.listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

/** A track's title, as the create and rename calls check it. */
const trackTitleFormSchema = createTrackSchema.pick({ title: true });

function RenameTrack({ eventId, track, onClose }: { eventId: string; track: Track; onClose: () => void }) {
  const form = useStudioForm(trackTitleFormSchema, { initialValues: { title: track.title } });
  const rename = useRenameTrack(eventId, onClose);
  return (
    <Modal opened onClose={onClose} title="Track" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          rename.mutate({ id: track.id, title: trackTitleFormSchema.parse(values).title }),
        )}
      >
        <Stack>
          <TextInput label="Title" required {...fieldProps(form, 'title')} />
          <FormActions saving={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function Block({
  item,
  timezone,
  detail,
  onOpen,
  onDelete,
}: {
  item: AgendaItem;
  timezone: string;
  detail: string | null;
  onOpen: () => void;
  onDelete: () => void;
}) {
  const { setNodeRef, transform, attributes, listeners } = useDraggable({ id: item.id });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      bg={item.kind === 'session' ? undefined : 'var(--mantine-color-gray-0)'}
      style={{ transform: CSS.Translate.toString(transform) }}
      aria-label={`${blockLabel[item.kind]} ${item.title}`}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <ActionIcon
          variant="subtle"
          size={TAP_ICON_SIZE}
          aria-label={`Move ${item.title} to another track`}
          {...attributes}
          {...listeners}
        >
          <IconGripVertical size={14} />
        </ActionIcon>
        <UnstyledButton
          onClick={onOpen}
          aria-label={`Open ${blockLabel[item.kind].toLowerCase()} ${item.title}`}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {timeOf(item.start_time, timezone)}–{timeOf(item.end_time, timezone)} ·{' '}
              {detail ?? blockLabel[item.kind]}
            </Text>
            <Text size="sm" fw={500} truncate>
              {item.title}
            </Text>
            {item.overlaps.length > 0 && (
              <Badge color="orange" variant="light" size="xs">
                Overlaps another session
              </Badge>
            )}
          </Stack>
        </UnstyledButton>
        <RowMenu
          label={`Actions of ${item.title}`}
          dots="sm"
          items={[
            { label: 'Edit', onClick: onOpen },
            { label: 'Delete', danger: true, onClick: onDelete },
          ]}
        />
      </Group>
    </Card>
  );
}

/**
 * The agenda builder (issue 14; spec 001 §2.5): days × tracks, tracks reordered and blocks moved
 * between tracks by dragging (pointer or keyboard), the session drawer and the break, room and
 * booth blocks. `?broadcastId=`, `?agendaItemId=` and `?trackId=` open what they name. Other
 * organisers' changes appear without a reload. A webinar's (its Sessions page) lists its sessions
 * alone: it has no tracks.
 */
export function AgendaPage({
  event,
  pricing,
  VideoPicker,
  SurveysPanel,
  SessionSurveys,
}: {
  event: StudioEvent;
  pricing: PricingConfig | undefined;
  VideoPicker: VideoPicker;
  /** The event's survey library (the surveys feature), in the header. */
  SurveysPanel: ComponentType<{ eventId: string }>;
  SessionSurveys: SessionSurveysSection;
}) {
  const { broadcasts, tracks, items } = useAgenda(event.id);
  useAgendaUpdates(event.id);
  const navigate = useNavigate();
  const broadcastId = useSearchParam('broadcastId');
  const agendaItemId = useSearchParam('agendaItemId');
  const trackId = useSearchParam('trackId');
  const [newSession, setNewSession] = useState<{ tracks: string[]; day?: string } | null>(null);
  const [newBlock, setNewBlock] = useState<{ track: string; kind: 'break' | 'room' | 'booth' } | null>(null);
  const [trackTitle, setTrackTitle] = useState('');
  const addTrack = useAddTrack(event.id);
  const saveTracks = useSaveTracks(event.id);
  const moveBlock = useMoveBlock(event.id);
  const deleteBlock = useDeleteBlock(event.id);
  const deleteSession = useDeleteSession(event.id);
  const inputLabel = useSessionInputLabel(event.id, broadcasts.data);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (broadcasts.isError) showToast(agendaMessages.errorFetchingBroadcasts, 'error');
    if (tracks.isError) showToast(agendaMessages.errorFetchingTracks, 'error');
    if (items.isError) showToast(agendaMessages.errorFetchingAgendaItems, 'error');
  }, [broadcasts.isError, tracks.isError, items.isError]);

  const setSearch = (search: Record<string, string | undefined>) =>
    void navigate({ to: '.', search: search as never, replace: true });
  const close = () => {
    setNewSession(null);
    setNewBlock(null);
    setSearch({});
  };

  if (broadcasts.isPending || tracks.isPending || items.isPending)
    return <Loading label="Loading the agenda" />;
  if (!broadcasts.data || !tracks.data || !items.data)
    return <ErrorAlert>{agendaMessages.errorFetchingAgendaItems}</ErrorAlert>;

  const allTracks = tracks.data;
  const sessions = new Map(broadcasts.data.map((session) => [session.id, session]));
  const openItem = agendaItemId ? items.data.find((item) => item.id === agendaItemId) : undefined;
  const openSession =
    (broadcastId && sessions.get(broadcastId)) ||
    (openItem?.broadcast && sessions.get(openItem.broadcast)) ||
    null;
  const openBlock = openItem && !openItem.broadcast ? openItem : null;
  const openTrack = trackId ? allTracks.find((track) => track.id === trackId) : undefined;
  const webinar = event.event_type === 'Webinar';
  const multiTrack = !pricing || planAllows(pricing, 'multiTrack') || allTracks.length === 0;
  const unplaced = webinar ? [] : broadcasts.data.filter((session) => session.tracks.length === 0);
  const sessionDetail = (session: Broadcast) =>
    [typeLabel[session.broadcast_type], inputLabel(session)].filter(Boolean).join(' · ');

  const reorder = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    // A track's column is both a sortable track and the drop zone of blocks ('track:{id}').
    const target = String(over.id).replace(/^track:/, '');
    const item = items.data.find((found) => found.id === active.id);
    if (item) {
      if (item.track !== target && allTracks.some((track) => track.id === target))
        moveBlock.mutate({ id: item.id, track: target });
      return;
    }
    const from = allTracks.findIndex((track) => track.id === active.id);
    const to = allTracks.findIndex((track) => track.id === target);
    if (from < 0 || to < 0 || from === to) return;
    saveTracks.mutate(
      arrayMove(allTracks, from, to).map((track, index) => ({
        id: track.id,
        title: track.title,
        sort_priority: index,
      })),
    );
  };

  const days = groupByDay(items.data, event.timezone);
  const firstDay = wallClock(new Date(event.start_time), event.timezone).date;
  const shownDays = days.length > 0 ? days : [{ day: firstDay, items: [] }];

  return (
    <Stack>
      <PageHeader
        title={webinar ? 'Sessions' : 'Agenda'}
        actions={
          <>
            <SurveysPanel eventId={event.id} />
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setNewSession({ tracks: allTracks[0] && !webinar ? [allTracks[0].id] : [] })}
            >
              Add session
            </Button>
          </>
        }
      />
      {webinar ? (
        <WebinarSessions
          sessions={broadcasts.data}
          describe={(session) =>
            `${formatDate(session.start_time, event.timezone)}, ${timeOf(session.start_time, event.timezone)}–${timeOf(session.end_time, event.timezone)} · ${sessionDetail(session)}`
          }
          onOpen={(session) => setSearch({ broadcastId: session.id })}
          onDelete={(session) => deleteSession.mutate(session.id)}
        />
      ) : (
        <>
          <form
            noValidate
            onSubmit={(submitted) => {
              submitted.preventDefault();
              const typed = trackTitle;
              // Cleared only while it still holds what was sent: the new track can be shown (pushed)
              // before this answer, and the next title typed meanwhile stays.
              if (typed.trim())
                addTrack.mutate(typed.trim(), {
                  onSuccess: () => setTrackTitle((now) => (now === typed ? '' : now)),
                });
            }}
          >
            <Group align="flex-end" gap="xs">
              <TextInput
                label="New track"
                placeholder="Main stage"
                value={trackTitle}
                onChange={(changed) => setTrackTitle(changed.currentTarget.value)}
                disabled={!multiTrack}
              />
              <Button type="submit" variant="light" loading={addTrack.isPending} disabled={!multiTrack}>
                Add track
              </Button>
            </Group>
          </form>
          {!multiTrack && <FeatureNotEnabled />}
          {allTracks.length === 0 ? (
            // With sessions already (listed in no track below), only the tracks are missing.
            <EmptyState
              title="No tracks yet"
              message={
                broadcasts.data.length === 0
                  ? 'Add a track, then sessions and breaks to it.'
                  : 'Add a track, then open each session below to put it in the track.'
              }
            />
          ) : (
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={reorder}>
              {shownDays.map(({ day }) => (
                <Stack key={day} gap="xs">
                  {shownDays.length > 1 && (
                    <Title order={3} size="h5">
                      {new Date(`${day}T12:00:00Z`).toLocaleDateString('en', {
                        weekday: 'long',
                        day: 'numeric',
                        month: 'long',
                      })}
                    </Title>
                  )}
                  <SortableContext
                    items={allTracks.map((track) => track.id)}
                    strategy={horizontalListSortingStrategy}
                  >
                    <Group align="stretch" gap="sm" wrap="wrap">
                      {allTracks.map((track) => {
                        const blocks = (days.find((found) => found.day === day)?.items ?? []).filter(
                          (item) => item.track === track.id,
                        );
                        return (
                          <TrackColumn
                            key={track.id}
                            track={track}
                            items={blocks.length}
                            onRename={() => setSearch({ trackId: track.id })}
                          >
                            {blocks.length === 0 && (
                              <Text size="sm" c="dimmed">
                                Nothing here yet.
                              </Text>
                            )}
                            {blocks.map((item) => {
                              const session = item.broadcast ? sessions.get(item.broadcast) : undefined;
                              return (
                                <Block
                                  key={item.id}
                                  item={item}
                                  timezone={event.timezone}
                                  detail={session ? sessionDetail(session) : null}
                                  onOpen={() =>
                                    setSearch(
                                      session ? { broadcastId: session.id } : { agendaItemId: item.id },
                                    )
                                  }
                                  onDelete={() =>
                                    session ? deleteSession.mutate(session.id) : deleteBlock.mutate(item.id)
                                  }
                                />
                              );
                            })}
                            <Menu>
                              <Menu.Target>
                                <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} />}>
                                  Add to {track.title}
                                </Button>
                              </Menu.Target>
                              <Menu.Dropdown>
                                <Menu.Item onClick={() => setNewSession({ tracks: [track.id], day })}>
                                  Session
                                </Menu.Item>
                                <Menu.Item onClick={() => setNewBlock({ track: track.id, kind: 'break' })}>
                                  Break
                                </Menu.Item>
                                <Menu.Item onClick={() => setNewBlock({ track: track.id, kind: 'room' })}>
                                  Room
                                </Menu.Item>
                                <Menu.Item onClick={() => setNewBlock({ track: track.id, kind: 'booth' })}>
                                  Booth
                                </Menu.Item>
                              </Menu.Dropdown>
                            </Menu>
                          </TrackColumn>
                        );
                      })}
                    </Group>
                  </SortableContext>
                </Stack>
              ))}
            </DndContext>
          )}
        </>
      )}
      {unplaced.length > 0 && (
        <Alert color="orange" title="Sessions in no track">
          {unplaced.map((session) => (
            <Button
              key={session.id}
              variant="subtle"
              size="compact-sm"
              onClick={() => setSearch({ broadcastId: session.id })}
            >
              {session.title}
            </Button>
          ))}
        </Alert>
      )}
      {(openSession || newSession) && (
        <SessionDrawer
          key={openSession?.id ?? 'new'}
          event={event}
          session={openSession}
          tracks={webinar ? [] : allTracks}
          defaultTracks={newSession?.tracks ?? []}
          defaultDay={newSession?.day}
          pricing={pricing}
          VideoPicker={VideoPicker}
          SessionSurveys={SessionSurveys}
          onClose={close}
        />
      )}
      {(openBlock || newBlock) && (
        <BlockDrawer
          key={openBlock?.id ?? 'new'}
          event={event}
          block={openBlock}
          kind={openBlock?.kind === 'session' ? 'break' : (openBlock?.kind ?? newBlock!.kind)}
          track={openBlock?.track ?? newBlock!.track}
          onClose={close}
        />
      )}
      {openTrack && <RenameTrack key={openTrack.id} eventId={event.id} track={openTrack} onClose={close} />}
    </Stack>
  );
}
