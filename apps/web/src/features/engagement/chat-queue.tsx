import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatChannelLabels,
  engagementPanelMessages as words,
  type ChatMessage,
} from '@studio/domain';
import {
  IconBan,
  IconMessageCheck,
  IconMessages,
  IconMessagesOff,
  IconPin,
  IconPinnedOff,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  useAnnounce,
  useBlockedPeople,
  useBlockFromChat,
  useChatQueue,
  useClearChat,
  useDeleteMessage,
  usePinMessage,
  useUnblockFromChat,
} from './engagement-api.ts';
import { ActionTooltip } from './action-tooltip.tsx';
import { QueueList } from './queue-list.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DeleteIconButton } from '../../ui/delete-icon-button.tsx';

const ROLE_BADGE = { staff: words.staff, speaker: words.speaker, attendee: null } as const;

/** Posts to the event chat as staff. */
function AnnouncementBox({ eventId }: { eventId: string }) {
  const [text, setText] = useState('');
  const announce = useAnnounce(eventId);
  return (
    <Stack gap="xs">
      <Textarea
        label={words.announcementLabel}
        value={text}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        rows={2}
        onChange={(change) => setText(change.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button
          disabled={!text.trim()}
          loading={announce.isPending}
          onClick={() => {
            const sent = text;
            announce.mutate(sent, { onSuccess: () => setText((now) => (now === sent ? '' : now)) });
          }}
        >
          {words.announce}
        </Button>
      </Group>
    </Stack>
  );
}

/** Clears the whole chat for everyone, once confirmed (it cannot be brought back). */
function ClearChatButton({ eventId }: { eventId: string }) {
  const clear = useClearChat(eventId);
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconMessagesOff size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
      >
        {words.clearChat}
      </Button>
      <ConfirmDialog
        opened={confirming}
        message={words.clearChatQuestion}
        confirmLabel={words.clearChat}
        confirming={clear.isPending}
        onConfirm={() => clear.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** Blocks an attendee from the chat, or, once blocked, lets them post again. */
function BlockToggle({
  eventId,
  author,
  blocked,
}: {
  eventId: string;
  author: ChatMessage['author'];
  blocked: boolean;
}) {
  const block = useBlockFromChat(eventId);
  const unblock = useUnblockFromChat(eventId);
  const label = blocked ? words.unblockAuthor : words.blockAuthor;
  return (
    <ActionTooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={blocked ? 'gray' : 'red'}
        aria-label={`${label}: ${author.name}`}
        onClick={() => (blocked ? unblock : block).mutate(author.id)}
      >
        {blocked ? <IconMessageCheck size={16} aria-hidden /> : <IconBan size={16} aria-hidden />}
      </ActionIcon>
    </ActionTooltip>
  );
}

function MessageActions({
  eventId,
  message,
  blocked,
}: {
  eventId: string;
  message: ChatMessage;
  blocked: boolean;
}) {
  const remove = useDeleteMessage(eventId);
  const [confirming, setConfirming] = useState(false);
  const pin = usePinMessage(eventId);
  const pinLabel = message.pinned ? words.unpinMessage : words.pinMessage;
  return (
    <Group gap={4} wrap="nowrap">
      <ActionTooltip label={pinLabel}>
        <ActionIcon
          variant="subtle"
          aria-label={pinLabel}
          onClick={() => pin.mutate({ messageId: message.id, pinned: !message.pinned })}
        >
          {message.pinned ? <IconPinnedOff size={16} aria-hidden /> : <IconPin size={16} aria-hidden />}
        </ActionIcon>
      </ActionTooltip>
      <ActionTooltip label={words.deleteMessage}>
        <DeleteIconButton label={words.deleteMessage} onClick={() => setConfirming(true)} />
      </ActionTooltip>
      <ConfirmDialog
        opened={confirming}
        message={words.deleteMessageQuestion(message.author.name)}
        confirmLabel="Delete"
        confirming={remove.isPending}
        onConfirm={() => remove.mutate(message.id, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
      {message.author.role === 'attendee' && (
        <BlockToggle eventId={eventId} author={message.author} blocked={blocked} />
      )}
    </Group>
  );
}

/** The chat queue: the announcement box, then every message, newest first, with its moderation. */
export function ChatQueue({ eventId }: { eventId: string }) {
  const queue = useChatQueue(eventId);
  const blocked = useBlockedPeople(eventId);
  return (
    <Stack>
      <AnnouncementBox eventId={eventId} />
      {queue.items.length > 0 && (
        <Group justify="flex-end">
          <ClearChatButton eventId={eventId} />
        </Group>
      )}
      <QueueList
        queue={queue}
        loadingLabel="Loading the messages"
        emptyTitle={words.noChatQueue}
        emptyMessage={words.noChatQueueHint}
        emptyIcon={<IconMessages size={26} aria-hidden />}
      >
        {(messages) =>
          messages.map((message) => {
            const role = ROLE_BADGE[message.author.role];
            return (
              <Paper key={message.id} component="li" withBorder p="sm">
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2} miw={0}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {message.author.name}
                      </Text>
                      {role && <Badge size="xs">{role}</Badge>}
                      {message.pinned && (
                        <Badge size="xs" color="yellow" variant="light">
                          {words.pinned}
                        </Badge>
                      )}
                      {blocked.has(message.author.id) && (
                        <Badge size="xs" color="red">
                          {words.blockedAuthor}
                        </Badge>
                      )}
                      <Badge size="xs" variant="outline" color="gray">
                        {chatChannelLabels[message.channel]}
                      </Badge>
                    </Group>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {message.text}
                    </Text>
                  </Stack>
                  <MessageActions
                    eventId={eventId}
                    message={message}
                    blocked={blocked.has(message.author.id)}
                  />
                </Group>
              </Paper>
            );
          })
        }
      </QueueList>
    </Stack>
  );
}
