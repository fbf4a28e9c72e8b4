import { Alert, Badge, Checkbox, Stack, Text } from '@mantine/core';
import {
  offersRoomsAndBooths,
  createRoomSchema,
  ROOM_NAME_MAX_LENGTH,
  ROOM_SEAT_OPTIONS,
  roomsBoothsMessages,
  seatLabel,
  type EventType,
  type Room,
} from '@studio/domain';
import { useState } from 'react';
import { AddButton } from '../../ui/add-button.tsx';
import { ConfirmDeleteDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ListStates } from '../../ui/list-states.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SortableList } from '../../ui/sortable-list.tsx';
import { StudioDialog } from '../../ui/studio-dialog.tsx';
import { onFormFields, useStudioForm } from '../../ui/studio-form.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { useFailureToast } from '../../ui/toast.ts';
import { NameAndDescriptionFields } from './name-fields.tsx';
import { ranksOf, useDeleteRoom, useReorderRooms, useRooms, useSaveRoom } from './rooms-booths-api.ts';
import { FormActions } from '../../ui/form-actions.tsx';
import { EditDeleteButtons } from '../../ui/edit-delete-buttons.tsx';

const seatOptions = ROOM_SEAT_OPTIONS.map(({ seats, label }) => ({ value: String(seats), label }));

interface RoomForm {
  event: string;
  name: string;
  description: string;
  capacity: number | null;
  is_breakout: boolean;
}

function RoomDialog({ eventId, room, onClose }: { eventId: string; room: Room | null; onClose: () => void }) {
  const form = useStudioForm<RoomForm>(createRoomSchema, {
    initialValues: {
      event: eventId,
      name: room?.name ?? '',
      description: room?.description ?? '',
      capacity: room?.capacity ?? null,
      is_breakout: room?.is_breakout ?? false,
    },
  });
  const save = useSaveRoom(eventId, onClose, onFormFields(form));
  const submit = form.onSubmit(({ event: _event, ...values }) => save.mutate({ id: room?.id, values }));
  return (
    <StudioDialog opened onClose={onClose} title={room ? 'Edit Room' : 'Add Room'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <NameAndDescriptionFields form={form} nameMaxLength={ROOM_NAME_MAX_LENGTH} />
          <SelectField
            label="Seats"
            placeholder="No limit"
            clearable
            options={seatOptions}
            error={form.errors.capacity}
            value={form.values.capacity === null ? null : String(form.values.capacity)}
            onChange={(value) => form.setFieldValue('capacity', value === null ? null : Number(value))}
          />
          <Checkbox label="Breakout room" {...form.getInputProps('is_breakout', { type: 'checkbox' })} />
          <FormActions onCancel={onClose} saving={save.isPending} />
        </Stack>
      </form>
    </StudioDialog>
  );
}

/** Rooms of an event (001 §2.5): ordered by rank, dragged into a new order; not for webinars. */
export function RoomsPage({ eventId, eventType }: { eventId: string; eventType: EventType | undefined }) {
  // A webinar has none to ask for (the server says so with a 400).
  const offered = eventType !== undefined && offersRoomsAndBooths(eventType);
  const rooms = useRooms(eventId, offered);
  const [editing, setEditing] = useState<Room | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Room | null>(null);
  // The dragged order shows until the list comes back from the server.
  const [order, setOrder] = useState<{ basis: unknown; rooms: Room[] } | null>(null);
  const reorder = useReorderRooms();
  const remove = useDeleteRoom(() => setDeleting(null));

  useFailureToast(rooms.isError, roomsBoothsMessages.errorLoadingRooms);

  if (eventType && !offered) return <Alert color="blue">Rooms are not available for webinars.</Alert>;
  const list = order?.basis === rooms.data && order ? order.rooms : (rooms.data?.results ?? []);
  const add = <AddButton onClick={() => setEditing('new')}>Add Room</AddButton>;
  return (
    <Stack>
      <PageHeader title="Rooms" actions={add} />
      <ListStates
        failure={rooms.isError && roomsBoothsMessages.errorLoadingRooms}
        pending={rooms.isPending}
        loadingLabel="Loading rooms"
        empty={list.length === 0}
        emptyState={
          <EmptyState
            title="No rooms yet"
            message="Rooms let attendees meet in smaller groups."
            action={add}
          />
        }
      >
        <SortableList
          items={list}
          label="Rooms"
          labelOf={(room) => room.name}
          onReorder={(ordered) => {
            setOrder({ basis: rooms.data, rooms: ordered });
            reorder.mutate(ranksOf(ordered), { onError: () => setOrder(null) });
          }}
          renderItem={(room) => (
            <>
              <Stack gap={0} flex={1}>
                <Text fw={600}>{room.name}</Text>
                {room.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {room.description}
                  </Text>
                )}
              </Stack>
              {room.is_breakout && <Badge variant="light">Breakout</Badge>}
              {room.capacity !== null && <Text size="sm">{seatLabel(room.capacity)}</Text>}
              <EditDeleteButtons
                editLabel={`Edit ${room.name}`}
                onEdit={() => setEditing(room)}
                deleteLabel={`Delete ${room.name}`}
                onDelete={() => setDeleting(room)}
              />
            </>
          )}
        />
      </ListStates>
      {editing && (
        <RoomDialog
          eventId={eventId}
          room={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDeleteDialog
        target={deleting}
        message={`The room ${deleting?.name ?? ''} will be deleted.`}
        remove={remove}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}
