import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import {
  BOOTH_DISCUSSION_ROOMS_MAX,
  ROOM_NAME_MAX_LENGTH,
  type DiscussionGroup,
  type DiscussionGroupsInput,
} from '@studio/domain';
import { DeleteIconButton } from './delete-icon-button.tsx';
import { SortableList } from './sortable-list.tsx';
import { errorsUnder } from './studio-form.ts';

/** A discussion room as a booth form holds it: `key` names its row, `id` the room once saved. */
export interface DiscussionRoomDraft {
  key: string;
  id?: string;
  name: string;
}

/** The booth's saved rooms, as the form starts with them. */
export const discussionRoomDrafts = (rooms: readonly DiscussionGroup[]): DiscussionRoomDraft[] =>
  rooms.map((room) => ({ key: room.id, id: room.id, name: room.name }));

/** The rooms as the booth is saved: each kept one with its id, new ones without. */
export const discussionRoomsToSave = (drafts: readonly DiscussionRoomDraft[]): DiscussionGroupsInput =>
  drafts.map(({ id, name }) => (id ? { id, name } : { name }));

/** What saving the booth sends of its rooms: the list when it differs from the saved one, else nothing. */
export function discussionRoomsUpdate(
  drafts: readonly DiscussionRoomDraft[],
  saved: readonly DiscussionGroup[],
): { discussion_group_objects?: DiscussionGroupsInput } {
  const rooms = discussionRoomsToSave(drafts);
  const unchanged =
    JSON.stringify(rooms) === JSON.stringify(discussionRoomsToSave(discussionRoomDrafts(saved)));
  return unchanged ? {} : { discussion_group_objects: rooms };
}

/** A booth form: its rooms under `discussion_group_objects`. */
type BoothRoomsForm = UseFormReturnType<{ discussion_group_objects: DiscussionRoomDraft[] }>;

const roomLabel = (draft: DiscussionRoomDraft, index: number) =>
  draft.name.trim() || `discussion room ${index + 1}`;

/**
 * A booth form's discussion rooms, saved with the booth: added, renamed, removed and put in order
 * (by drag or move buttons), with the form's errors ('0.name' a room's, the field's the list's).
 */
export function DiscussionRoomsField<Values extends { discussion_group_objects: DiscussionRoomDraft[] }>({
  form: anyForm,
}: {
  form: UseFormReturnType<Values>;
}) {
  const form = anyForm as unknown as BoothRoomsForm;
  const value = form.values.discussion_group_objects;
  const onChange = (rooms: DiscussionRoomDraft[]) => form.setFieldValue('discussion_group_objects', rooms);
  const errors = errorsUnder(form.errors, 'discussion_group_objects');
  const listError = form.errors.discussion_group_objects;
  const added = useRef(0);
  const [focused, setFocused] = useState<string | null>(null);
  const full = value.length >= BOOTH_DISCUSSION_ROOMS_MAX;
  const add = () => {
    added.current += 1;
    const key = `new-${added.current}`;
    setFocused(key);
    onChange([...value, { key, name: '' }]);
  };
  const rename = (key: string, name: string) =>
    onChange(value.map((draft) => (draft.key === key ? { ...draft, name } : draft)));
  const indexOf = (draft: DiscussionRoomDraft) => value.indexOf(draft);
  return (
    <Stack gap="xs" role="group" aria-labelledby="discussion-rooms-title">
      <Text fw={600} id="discussion-rooms-title">
        Discussion rooms
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          No discussion rooms yet. Visitors of the booth meet its team in them: add one to open the first.
        </Text>
      ) : (
        <SortableList
          compact
          label="Discussion rooms"
          items={value.map((draft) => ({ ...draft, id: draft.key, roomId: draft.id }))}
          labelOf={(item) =>
            roomLabel(
              item,
              value.findIndex((draft) => draft.key === item.id),
            )
          }
          onReorder={(ordered) =>
            onChange(
              ordered.map(({ id: key, roomId, name }) => ({ key, name, ...(roomId ? { id: roomId } : {}) })),
            )
          }
          renderItem={(item) => {
            const draft = value.find((entry) => entry.key === item.id)!;
            const index = indexOf(draft);
            return (
              <Group wrap="nowrap" gap="xs" flex={1} miw={0} align="flex-start">
                <TextInput
                  flex={1}
                  aria-label={`Name of discussion room ${index + 1}`}
                  placeholder="Room name"
                  required
                  maxLength={ROOM_NAME_MAX_LENGTH}
                  autoFocus={draft.key === focused}
                  value={draft.name}
                  onChange={(change) => rename(draft.key, change.currentTarget.value)}
                  error={errors[`${index}.name`]}
                />
                <DeleteIconButton
                  label={`Remove ${roomLabel(draft, index)}`}
                  onClick={() => onChange(value.filter((entry) => entry.key !== draft.key))}
                />
              </Group>
            );
          }}
        />
      )}
      {listError && (
        <Text c="red" size="xs" role="alert">
          {listError}
        </Text>
      )}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          {value.length} of {BOOTH_DISCUSSION_ROOMS_MAX}
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={add}
          disabled={full}
        >
          Add discussion room
        </Button>
      </Group>
    </Stack>
  );
}
