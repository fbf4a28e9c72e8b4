import { ActionIcon, Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  offersRoomsAndBooths,
  BOOTH_TYPES,
  plural,
  roomsBoothsMessages,
  type Booth,
  type BoothType,
  type EventType,
} from '@studio/domain';
import { IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { currentUserQuery } from '../../api/identity.ts';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { FeatureNotEnabled, usePlanAllows } from '../../ui/plan-gate.tsx';
import type { VideoPicker } from '../../ui/select-videos-dialog.tsx';
import { SortableList } from '../../ui/sortable-list.tsx';
import { BoothDrawer } from './booth-drawer.tsx';
import { ranksOf, useBooths, useDeleteBooth, useReorderBooths } from './rooms-booths-api.ts';
import { SponsorDialog } from './sponsor-dialog.tsx';
import { ErrorAlert } from '../../ui/error-alert.tsx';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons.tsx';

const groupTitle: Record<BoothType, string> = {
  primary: roomsBoothsMessages.primaryBooths,
  secondary: roomsBoothsMessages.secondaryBooths,
};

/** Booths of an event (002 §3.11): 'Primary Booths' and 'Secondary Booths', each reordered by dragging. */
export function BoothsPage({
  eventId,
  eventType,
  workspace,
  VideoPicker,
}: {
  eventId: string;
  eventType: EventType | undefined;
  /** The event's team: its booths' videos are picked from that team's library (000 §6; null: no team). */
  workspace: string | null;
  /** The library's 'Select Videos' dialog, for booths' hero videos (handed in by app/). */
  VideoPicker: VideoPicker;
}) {
  const { data: user } = useQuery(currentUserQuery);
  const allowed = usePlanAllows(user?.organization ?? null, 'boothsTab');
  const offered = eventType !== undefined && offersRoomsAndBooths(eventType);
  const booths = useBooths(eventId, offered && allowed);
  const [editing, setEditing] = useState<{ id: string | null; type: BoothType } | null>(null);
  const [sponsoring, setSponsoring] = useState<Booth | null>(null);
  const [deleting, setDeleting] = useState<Booth | null>(null);
  // The dragged order shows until the list comes back from the server.
  const [order, setOrder] = useState<{ basis: unknown; type: BoothType; booths: Booth[] } | null>(null);
  const reorder = useReorderBooths();
  const remove = useDeleteBooth(() => setDeleting(null));

  if (eventType && !offered) return <Alert color="blue">Booths are not available for webinars.</Alert>;
  if (!allowed) return <FeatureNotEnabled />;
  const all = booths.data?.results ?? [];
  const editedBooth = editing?.id ? (all.find((booth) => booth.id === editing.id) ?? null) : null;
  return (
    <Stack>
      <PageHeader title="Booths" />
      {booths.isError && <ErrorAlert>{roomsBoothsMessages.errorLoadingBooths}</ErrorAlert>}
      <ListStates pending={booths.isPending} loadingLabel="Loading booths">
        {BOOTH_TYPES.map((type) => {
          const list =
            order?.basis === booths.data && order?.type === type
              ? order.booths
              : all.filter((booth) => booth.booth_type === type);
          return (
            <Stack key={type} gap="xs" component="section" aria-label={groupTitle[type]}>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {groupTitle[type]}
                </Title>
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconPlus size={14} aria-hidden />}
                  onClick={() => setEditing({ id: null, type })}
                >
                  Add Booth
                </Button>
              </Group>
              {list.length === 0 ? (
                <Text c="dimmed" size="sm">
                  No booths yet.
                </Text>
              ) : (
                <SortableList
                  items={list}
                  label={groupTitle[type]}
                  labelOf={(booth) => booth.name}
                  onReorder={(ordered) => {
                    setOrder({ basis: booths.data, type, booths: ordered });
                    reorder.mutate(ranksOf(ordered), { onError: () => setOrder(null) });
                  }}
                  renderItem={(booth) => (
                    <>
                      <Stack gap={0} flex={1}>
                        <Text fw={600}>{booth.name}</Text>
                        <Text size="sm" c="dimmed">
                          {booth.owner ? 'Sponsor invited' : 'No sponsor yet'} ·{' '}
                          {plural(booth.resources.length, 'resource')}
                        </Text>
                      </Stack>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Invite the sponsor of ${booth.name}`}
                        onClick={() => setSponsoring(booth)}
                      >
                        <IconUserPlus size={18} aria-hidden />
                      </ActionIcon>
                      <EditDeleteButtons
                        editLabel={`Edit ${booth.name}`}
                        onEdit={() => setEditing({ id: booth.id, type })}
                        deleteLabel={`Delete ${booth.name}`}
                        onDelete={() => setDeleting(booth)}
                      />
                    </>
                  )}
                />
              )}
            </Stack>
          );
        })}
      </ListStates>
      {editing && (
        <BoothDrawer
          eventId={eventId}
          booth={editedBooth}
          boothType={editing.type}
          workspace={workspace}
          VideoPicker={VideoPicker}
          onClose={() => setEditing(null)}
        />
      )}
      {sponsoring && <SponsorDialog booth={sponsoring} onClose={() => setSponsoring(null)} />}
      <ConfirmDeleteDialog
        target={deleting}
        message={`The booth ${deleting?.name ?? ''} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
