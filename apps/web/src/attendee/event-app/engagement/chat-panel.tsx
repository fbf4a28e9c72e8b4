import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  chatChannelLabels,
  clockTimeText,
  dateTimeText,
  engagementMessages,
  engagementPanelMessages as words,
  moderatesEngagement,
  readsSpeakersChat,
  type ChatMessage,
  type EngagementState,
} from '@studio/domain';
import {
  channelKey,
  markChannelSeen,
  useChat,
  useChatArrivals,
  usePostMessage,
  type Channel,
} from './engagement-api.ts';
import { ChatList } from './chat-list.tsx';
import { ChatGif, GifPicker } from './gif-picker.tsx';
import { LinkedText } from './linked-text.tsx';
import { AnnouncementComposer, MessageModeration } from './moderation-controls.tsx';
import { Composer, type PanelProps } from './panel-parts.tsx';
import { Tabs } from '../tab-bar.tsx';

const ROLE_MARK = { staff: words.staff, speaker: words.speaker, attendee: null } as const;

/** Staff and speakers are marked in every message (a badge named by the part they play). */
function RoleBadge({ role }: { role: ChatMessage['author']['role'] }) {
  const mark = ROLE_MARK[role];
  if (!mark) return null;
  return (
    <span className="badge" role="img" aria-label={mark}>
      {mark}
    </span>
  );
}

/** The reader's own zone (a message's time reads as their clock does). */
const readerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** When a message was sent: the time of day, short, in the reader's zone; the full date on hover. */
function MessageTime({ at }: { at: string }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return null;
  const zone = readerZone();
  return (
    <time className="muted chat-time" dateTime={at} title={dateTimeText(date, zone)}>
      {clockTimeText(date, zone)}
    </time>
  );
}

function MessageBody({
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
  return (
    <>
      <div className="chat-meta">
        <strong>{message.author.name}</strong>
        <RoleBadge role={message.author.role} />
        {message.pinned && <span className="badge">{words.pinned}</span>}
        <MessageTime at={message.created_at} />
      </div>
      {message.text && <LinkedText text={message.text} />}
      {message.gif && <ChatGif id={message.gif} />}
      {onReply && (
        <button type="button" className="link-button" onClick={onReply}>
          {replies ? words.replies(replies) : words.reply}
        </button>
      )}
      {moderation}
    </>
  );
}

/**
 * One channel: its history oldest to newest in a windowed list (scrolling to the top, or "load
 * older", fetches the page before), pinned messages above it, threads when the event offers them,
 * and the composer (with the GIF picker when GIFs are on) when the person may post.
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
  const loaded = useMemo(() => (chat.data?.pages ?? []).flat().reverse(), [chat.data]);
  const threads = state.features.threads;
  const shown = loaded.filter((message) =>
    thread ? message.parent_id === thread.id : !threads || !message.parent_id,
  );
  const pinned = shown.filter((message) => message.pinned);
  const flowing = shown.filter((message) => !message.pinned);
  const repliesTo = (id: string) => loaded.filter((message) => message.parent_id === id).length;
  const team = moderatesEngagement(state.role);
  // After the event's end the chat is read-only but for the event team (the server refuses too).
  const closed = state.blocked
    ? engagementMessages.blocked
    : state.ended && !team
      ? engagementMessages.chatEnded
      : null;
  const row = (message: ChatMessage) => (
    <MessageBody
      message={message}
      replies={repliesTo(message.id)}
      onReply={threads && !thread ? () => setThread(message) : null}
      moderation={team && <MessageModeration eventId={eventId} message={message} />}
    />
  );
  const loadOlder = () => {
    if (!chat.isFetchingNextPage) void chat.fetchNextPage();
  };
  return (
    <div className="chat-channel">
      {thread && (
        <div className="chat-thread">
          <button type="button" className="link-button" onClick={() => setThread(null)}>
            {words.closeThread}
          </button>
          <MessageBody message={thread} replies={0} onReply={null} />
        </div>
      )}
      {chat.hasNextPage && !thread && (
        <button type="button" className="button secondary" onClick={loadOlder}>
          {words.loadOlder}
        </button>
      )}
      {chat.isSuccess && shown.length === 0 && !thread && <p className="muted">{words.noMessages}</p>}
      {pinned.length > 0 && (
        <ul className="chat-list chat-pinned">
          {pinned.map((message) => (
            <li key={message.id} className="chat-message pinned">
              {row(message)}
            </li>
          ))}
        </ul>
      )}
      <ChatList
        messages={flowing}
        row={row}
        hasOlder={Boolean(chat.hasNextPage) && !thread}
        loadOlder={loadOlder}
      />
      {(readOnly ?? closed) ? (
        <p className="muted">{readOnly ?? closed}</p>
      ) : (
        <Composer
          label={thread ? words.replyTo(thread.author.name) : words.messageLabel}
          action={words.send}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          onSend={(text) => post({ text, parent_id: thread?.id ?? null })}
          tools={
            state.features.gifs && (
              <GifPicker onPick={(gif) => post({ text: '', gif, parent_id: thread?.id ?? null })} />
            )
          }
        />
      )}
    </div>
  );
}

/** The session's Speakers chat is its speakers' (speaker_sessions) and staff's. */
const usesSpeakersChat = ({ role, speaker_sessions }: EngagementState, sessionId: string | null) =>
  readsSpeakersChat(role) &&
  (role === 'staff' || (sessionId !== null && speaker_sessions.includes(sessionId)));

/**
 * The Chat tab (002 §2.1 stage chat tabs): Speakers (the session's speakers and staff; attendees
 * and other sessions' speakers never see it), Session (hidden when session chat is off) and Public (a lock when the public chat
 * is off; 'Announcements only' read-only for attendees).
 */
export function ChatPanel({ eventId, state, sessionId }: PanelProps) {
  const { features, role } = state;
  const channelOf = (tab: string): Channel =>
    tab === 'public' ? { kind: 'event', id: null } : { kind: tab as 'speakers' | 'session', id: sessionId };
  // The Speakers chat is the backstage's: the audience's Session chat opens first, the Public
  // chat while no session is on stage; until the person picks a tab it follows the stage.
  const [picked, setOpen] = useState<string | null>(null);
  const shown = [
    ...(usesSpeakersChat(state, sessionId) ? ['speakers'] : []),
    ...(features.sessionChat ? ['session'] : []),
    'public',
  ];
  const open = picked ?? (sessionId ? shown.find((tab) => tab !== 'speakers')! : 'public');
  // A message on a tab not shown (an announcement on Public while Session is open) marks that tab
  // with how many are new, until it is opened.
  const client = useQueryClient();
  const arrivals = useChatArrivals(eventId);
  const newIn = (tab: string) => {
    const key = channelKey(channelOf(tab));
    return tab === open ? 0 : (arrivals.arrived[key] ?? 0) - (arrivals.seen[key] ?? 0);
  };
  const openKey = channelKey(channelOf(open));
  const openArrived = arrivals.arrived[openKey] ?? 0;
  useEffect(() => {
    if (openArrived > 0) markChannelSeen(client, eventId, channelOf(open));
    // channelOf reads only open and sessionId, which openKey names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, eventId, openKey, openArrived]);
  const titles: Record<string, string> = {
    speakers: chatChannelLabels.speakers,
    session: chatChannelLabels.session,
    public: features.eventChat === 'off' ? `🔒 ${chatChannelLabels.event}` : chatChannelLabels.event,
  };
  const tabs = shown.map((id) => {
    const badge = newIn(id);
    return {
      id,
      title: titles[id]!,
      badge,
      label: badge ? words.newMessagesIn(titles[id]!, badge) : undefined,
    };
  });
  const publicReadOnly =
    features.eventChat === 'staff' && role === 'attendee' ? words.announcementsOnly : null;
  return (
    <>
      {moderatesEngagement(role) && <AnnouncementComposer eventId={eventId} />}
      <Tabs label={words.chatTab} tabs={tabs} open={open} onOpen={setOpen} />
      {(open === 'speakers' || open === 'session') &&
        (sessionId ? (
          <ChannelView
            key={`${open}:${sessionId}`}
            eventId={eventId}
            channel={{ kind: open, id: sessionId }}
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
