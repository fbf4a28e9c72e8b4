import {
  engagementMessages,
  placeChatOn,
  readsSpeakersChat,
  storedEngagementText,
  type ChatChannelKind,
  type ChatMessage,
  type EngagementFeatures,
  type EngagementState,
} from '@studio/domain';
import type { PageWindow } from '../../platform/db/paged-list.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { ChatBlocks } from './chat-blocks.ts';
import type { ChatRepository, Conversation } from './chat.repository.ts';
import {
  charge,
  checkPlace,
  featuresOf,
  hasEnded,
  mustModerate,
  refused,
  type Acting,
  type Actor,
  type EngagementDeps,
  type SessionSpeakers,
} from './engagement.ts';
import { messageView, readsMessage, roleOfViewer, speaksIn, type Viewer } from './engagement-views.ts';

/** Whether the channel kind is on (spec 002 §3.1, through engagementFeatures). */
function channelOn(features: EngagementFeatures, channel: ChatChannelKind): boolean {
  switch (channel) {
    case 'event':
      return features.eventChat !== 'off';
    case 'session':
      return features.sessionChat;
    case 'speakers':
      return true;
    case 'room':
    case 'booth':
      return placeChatOn(features, channel);
    case 'direct':
      return features.directMessages;
  }
}

/** The conversation a call names: the event chat has no id, every other channel needs one. */
function conversationOf(
  viewer: Viewer,
  channel: ChatChannelKind,
  channelId: string | null | undefined,
): Conversation {
  if (channel === 'event') return { channel, channelId: null };
  if (!channelId) throw fieldError('channel_id', engagementMessages.noRecipient);
  if (channel === 'direct') {
    if (channelId === viewer.userId) throw fieldError('channel_id', engagementMessages.noRecipient);
    return { channel, between: [viewer.userId, channelId] };
  }
  return { channel, channelId };
}

const noSpeakers: SessionSpeakers = new Map();

/** Chat (issue 34 §2, §5): history and posts per channel, threads, moderation, blocks. */
export function createChatService(deps: EngagementDeps & { chat: ChatRepository; blocks: ChatBlocks }) {
  const { chat, blocks } = deps;

  /** The channel's event and features once the viewer may use it; a session's Speakers chat is its speakers' and staff's. */
  async function openChannel(
    eventId: string,
    channel: ChatChannelKind,
    viewer: Viewer,
    channelId: string | null | undefined,
  ) {
    const found = await featuresOf(deps, eventId);
    if (!channelOn(found.features, channel)) throw refused(403, engagementMessages.chatOff);
    // A booth's discussion room is a room in a booth: its chat also needs Booth Chat.
    if (
      channel === 'room' &&
      channelId &&
      !placeChatOn(found.features, 'booth_room') &&
      (await deps.isBoothRoom(eventId, channelId))
    )
      throw refused(403, engagementMessages.chatOff);
    if (channel !== 'speakers') return { ...found, speakers: noSpeakers };
    if (!readsSpeakersChat(roleOfViewer(viewer))) throw refused(403, engagementMessages.speakersOnly);
    const speakers =
      channelId && !viewer.staff ? await deps.sessionSpeakers(eventId, [channelId]) : noSpeakers;
    if (channelId && !speaksIn(viewer, channelId, speakers))
      throw refused(403, engagementMessages.speakersOnly);
    return { ...found, speakers };
  }

  async function publishMessage(organizationId: string, eventId: string, id: string) {
    await deps.publish({ eventId, organizationId, kind: 'message', id });
  }

  return {
    /** The features on offer and the caller's standing (the `state` call). */
    async standing(eventId: string, actor: Actor): Promise<EngagementState> {
      const { event, features } = await featuresOf(deps, eventId);
      const blocked = !actor.staff && (await blocks.isBlocked(eventId, actor.userId));
      const spoken = actor.speaker ? await deps.sessionSpeakers(eventId) : noSpeakers;
      const speakerSessions = [...spoken].flatMap(([sessionId, ids]) =>
        ids.has(actor.userId) ? [sessionId] : [],
      );
      return {
        features,
        role: actor.role,
        blocked,
        speaker_sessions: speakerSessions,
        ended: hasEnded(deps, event),
        ends_at: event.endTime?.toISOString() ?? null,
      };
    },

    async history(
      eventId: string,
      viewer: Viewer,
      channel: ChatChannelKind,
      query: { channel_id?: string | undefined; before?: string | undefined; limit: number },
    ): Promise<ChatMessage[]> {
      const { speakers } = await openChannel(eventId, channel, viewer, query.channel_id);
      const conversation = conversationOf(viewer, channel, query.channel_id);
      const rows = await chat.history(eventId, conversation, { before: query.before, limit: query.limit });
      return rows.filter((row) => readsMessage(viewer, row, speakers)).map(messageView);
    },

    /** A person's message: the channel on, posting open to them, not blocked, GIFs allowed, within their limits. */
    async post(
      eventId: string,
      actor: Actor,
      channel: ChatChannelKind,
      body: {
        text: string;
        gif?: string | null | undefined;
        parent_id?: string | null | undefined;
        channel_id?: string | null | undefined;
      },
    ): Promise<ChatMessage> {
      const { event, features, speakers } = await openChannel(eventId, channel, actor, body.channel_id);
      if (!actor.staff && hasEnded(deps, event)) throw refused(403, engagementMessages.chatEnded);
      if (body.gif && !features.gifs) throw refused(403, engagementMessages.gifsOff);
      if (channel === 'event' && features.eventChat === 'staff' && !actor.staff)
        throw refused(403, engagementMessages.staffOnly);
      if (!actor.staff && (await blocks.isBlocked(eventId, actor.userId)))
        throw refused(403, engagementMessages.blocked);
      const conversation = conversationOf(actor, channel, body.channel_id);
      if (conversation.channel === 'direct' && !(await deps.personInEvent(eventId, conversation.between[1])))
        throw notFound();
      if (conversation.channel !== 'direct' && conversation.channel !== 'event')
        await checkPlace(
          deps,
          eventId,
          // A session's Speakers chat is named by its session.
          conversation.channel === 'speakers' ? 'session' : conversation.channel,
          conversation.channelId,
          'channel_id',
        );
      if (body.parent_id) {
        if (!features.threads) throw refused(403, engagementMessages.threadsOff);
        const parent = await chat.inEvent(eventId, body.parent_id);
        if (!parent || parent.channel !== channel || !readsMessage(actor, parent, speakers)) throw notFound();
      }
      await charge(deps, 'messages', eventId, actor.userId);
      const row = await chat.insert({
        event_id: eventId,
        channel,
        channel_id: body.channel_id ?? null,
        parent_id: body.parent_id ?? null,
        author_id: actor.userId,
        author_name: actor.name,
        author_role: actor.role,
        text: storedEngagementText(features, body.text),
        gif_id: body.gif ?? null,
      });
      await publishMessage(event.organizationId, eventId, row.id);
      return messageView(row);
    },

    /** Staff's announcement: a message of the event chat, whatever its mode (but off). */
    async announce(eventId: string, actor: Actor, text: string): Promise<ChatMessage> {
      mustModerate(actor);
      const { event, features } = await openChannel(eventId, 'event', actor, null);
      const row = await chat.insert({
        event_id: eventId,
        channel: 'event',
        channel_id: null,
        parent_id: null,
        author_id: actor.userId,
        author_name: actor.name,
        author_role: 'staff',
        text: storedEngagementText(features, text),
        gif_id: null,
      });
      await publishMessage(event.organizationId, eventId, row.id);
      return messageView(row);
    },

    async pin(eventId: string, acting: Acting, id: string, pinned: boolean): Promise<ChatMessage> {
      mustModerate(acting);
      const { event } = await featuresOf(deps, eventId);
      const row = await chat.setPinned(eventId, id, pinned);
      if (!row) throw notFound();
      await publishMessage(event.organizationId, eventId, row.id);
      return messageView(row);
    },

    async remove(eventId: string, acting: Acting, id: string): Promise<void> {
      mustModerate(acting);
      const { event } = await featuresOf(deps, eventId);
      if (!(await chat.remove(eventId, id))) throw notFound();
      await deps.publish({ eventId, organizationId: event.organizationId, kind: 'message-removed', id });
    },

    /** Clears the chat: the studio's queue empties, and every open chat panel with it (one push). */
    async clear(eventId: string, acting: Acting): Promise<void> {
      mustModerate(acting);
      const { event } = await featuresOf(deps, eventId);
      await chat.clear(eventId);
      await deps.publish({
        eventId,
        organizationId: event.organizationId,
        kind: 'chat-cleared',
        id: eventId,
      });
    },

    /** A page of the studio's queue: the latest messages of every channel but direct ones. */
    async queue(eventId: string, page: PageWindow): Promise<{ count: number; results: ChatMessage[] }> {
      const { count, rows } = await chat.pageOfEvent(eventId, page);
      return { count, results: rows.map(messageView) };
    },

    block: blocks.block,
    unblock: blocks.unblock,
    blocked: blocks.blocked,
  };
}

export type ChatService = ReturnType<typeof createChatService>;
