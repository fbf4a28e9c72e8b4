import { useState, type ReactNode } from 'react';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  engagementMessages,
  engagementPanelMessages as words,
  moderatesEngagement,
  type ChatMessage,
  type EngagementState,
} from '@studio/domain';
import { useChat, usePostMessage, type Channel } from './engagement-api.ts';
import { LinkedText } from './linked-text.tsx';
import { AnnouncementComposer, MessageModeration } from './moderation-controls.tsx';
import { Composer } from './panel-parts.tsx';
import { Tabs } from '../tab-bar.tsx';

const ROLE_MARK = { staff: words.staff, speaker: words.speaker, attendee: null } as const;

function MessageRow({
  message,
  replies,
  onReply,
  moderation,
}: {
  message: ChatMessage;
  replies: number;
  onReply: (() => void) | null;
  /** The event team's controls of the message (none for others). */
  moderation?: ReactNode;
}) {
  const mark = ROLE_MARK[message.author.role];
  return (
    <li className={message.pinned ? 'chat-message pinned' : 'chat-message'}>
      <div className="chat-meta">
        <strong>{message.author.name}</strong>
        {mark && <span className="badge">{mark}</span>}
        {message.pinned && <span className="badge">{words.pinned}</span>}
      </div>
      <LinkedText text={message.text} />
      {onReply && (
        <button type="button" className="link-button" onClick={onReply}>
          {replies ? words.replies(replies) : words.reply}
        </button>
      )}
      {moderation}
    </li>
  );
}

/**
 * One channel: its history oldest to newest ("load older" fetches the page before), pinned
 * messages first, threads when the event offers them, and the composer when the person may post.
 */
export function ChannelView({
  eventId,
  channel,
  state,
  readOnly,
}: {
  eventId: string;
  channel: Channel;
  state: EngagementState;
  /** Why the person may not post here (null: they may). */
  readOnly: string | null;
}) {
  const chat = useChat(eventId, channel);
  const post = usePostMessage(eventId, channel);
  const [thread, setThread] = useState<ChatMessage | null>(null);
  const loaded = (chat.data?.pages ?? []).flat().reverse();
  const threads = state.features.threads;
  const shown = loaded.filter((message) =>
    thread ? message.parent_id === thread.id : !threads || !message.parent_id,
  );
  const ordered = [
    ...shown.filter((message) => message.pinned),
    ...shown.filter((message) => !message.pinned),
  ];
  const repliesTo = (id: string) => loaded.filter((message) => message.parent_id === id).length;
  const blocked = state.blocked ? engagementMessages.blocked : null;
  const team = moderatesEngagement(state.role);
  return (
    <div className="chat-channel">
      {thread && (
        <div className="chat-thread">
          <button type="button" className="link-button" onClick={() => setThread(null)}>
            {words.closeThread}
          </button>
          <MessageRow message={thread} replies={0} onReply={null} />
        </div>
      )}
      {chat.hasNextPage && !thread && (
        <button type="button" className="button secondary" onClick={() => void chat.fetchNextPage()}>
          {words.loadOlder}
        </button>
      )}
      {chat.isSuccess && ordered.length === 0 && !thread && <p className="muted">{words.noMessages}</p>}
      <ul className="chat-list" aria-live="polite">
        {ordered.map((message) => (
          <MessageRow
            key={message.id}
            message={message}
            replies={repliesTo(message.id)}
            onReply={threads && !thread ? () => setThread(message) : null}
            moderation={team && <MessageModeration eventId={eventId} message={message} />}
          />
        ))}
      </ul>
      {(readOnly ?? blocked) ? (
        <p className="muted">{readOnly ?? blocked}</p>
      ) : (
        <Composer
          label={thread ? words.replyTo(thread.author.name) : words.messageLabel}
          action={words.send}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onSend={(text) => post({ text, parent_id: thread?.id ?? null })}
        />
      )}
    </div>
  );
}

/**
 * The Chat tab (002 §2.1 stage chat tabs): Session (hidden when session chat is off) and Public
 * (a lock when the public chat is off; 'Announcements only' read-only for attendees).
 */
export function ChatPanel({
  eventId,
  state,
  sessionId,
}: {
  eventId: string;
  state: EngagementState;
  sessionId: string | null;
}) {
  const { features, role } = state;
  const tabs = [
    ...(features.sessionChat ? [{ id: 'session', title: words.sessionChat }] : []),
    { id: 'public', title: features.eventChat === 'off' ? `🔒 ${words.publicChat}` : words.publicChat },
  ];
  const [open, setOpen] = useState(tabs[0]!.id);
  const publicReadOnly =
    features.eventChat === 'staff' && role === 'attendee' ? words.announcementsOnly : null;
  return (
    <>
      {moderatesEngagement(role) && <AnnouncementComposer eventId={eventId} />}
      <Tabs label={words.chatTab} tabs={tabs} open={open} onOpen={setOpen} />
      {open === 'session' &&
        (sessionId ? (
          <ChannelView
            key={sessionId}
            eventId={eventId}
            channel={{ kind: 'session', id: sessionId }}
            state={state}
            readOnly={null}
          />
        ) : (
          <p className="muted">{words.noSession}</p>
        ))}
      {open === 'public' &&
        (features.eventChat === 'off' ? (
          <p className="muted">{engagementMessages.chatOff}</p>
        ) : (
          <ChannelView
            eventId={eventId}
            channel={{ kind: 'event', id: null }}
            state={state}
            readOnly={publicReadOnly}
          />
        ))}
    </>
  );
}
