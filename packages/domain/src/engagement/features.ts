import type { ChatVisibility } from '../branding/chat.ts';

/** The branding fields (spec 002 §3.1) that decide which chat and Q&A features an event offers. */
export interface EngagementBranding {
  chat_visibilty: ChatVisibility;
  public_chat_disabled: boolean;
  broadcast_chat_disabled: boolean;
  thread_chat_disabled: boolean;
  p2p_chat_disabled: boolean;
  discussions_chat_disabled: boolean;
  booth_chat_disabled: boolean;
  gifs_enabled: boolean;
  profanity_filter_enabled: boolean;
  have_text_qna: boolean;
  is_text_qna_moderated: boolean;
  anonymous_qna_enabled: boolean;
  show_answerers_identity: boolean;
  textqna_answerers_alias: string;
  assign_speaker_qna: boolean;
}

/** The organisation flags (spec 001) that change how those fields are read. */
export interface EngagementFlags {
  useChatVisibility: boolean;
  useNewChatApp: boolean;
  assignQnaToSpeaker: boolean;
}

/** Who may post in the event's public chat: everyone, staff only ('Announcements only'), or nobody. */
export type EventChatMode = 'everyone' | 'staff' | 'off';

export interface EngagementFeatures {
  eventChat: EventChatMode;
  sessionChat: boolean;
  threads: boolean;
  directMessages: boolean;
  roomChat: boolean;
  boothChat: boolean;
  gifs: boolean;
  /** Messages and questions are stored with listed words masked (maskProfanity). */
  profanityFilter: boolean;
  qna: boolean;
  qnaModerated: boolean;
  qnaAnonymous: boolean;
  /** Answers show the answerer's name; otherwise `answererAlias` (or nothing when it is empty). */
  showAnswerersIdentity: boolean;
  answererAlias: string;
  assignQuestionsToSpeakers: boolean;
}

/**
 * The one rule (server and web) that turns an event's branding and its organisation's flags into
 * the chat and Q&A features offered: with `useChatVisibility` the public chat follows
 * chat_visibilty (PUBLIC on, PRIVATE 'Announcements only', OFF off), otherwise
 * public_chat_disabled; threads need the new chat app; the Q&A options need text Q&A, and
 * assigning questions also needs the organisation's `assignQnaToSpeaker`.
 */
export function engagementFeatures(branding: EngagementBranding, flags: EngagementFlags): EngagementFeatures {
  const eventChat: EventChatMode = flags.useChatVisibility
    ? branding.chat_visibilty === 'PUBLIC'
      ? 'everyone'
      : branding.chat_visibilty === 'PRIVATE'
        ? 'staff'
        : 'off'
    : branding.public_chat_disabled
      ? 'off'
      : 'everyone';
  const qna = branding.have_text_qna;
  return {
    eventChat,
    sessionChat: !branding.broadcast_chat_disabled,
    threads: flags.useNewChatApp && !branding.thread_chat_disabled,
    directMessages: !branding.p2p_chat_disabled,
    roomChat: !branding.discussions_chat_disabled,
    boothChat: !branding.booth_chat_disabled,
    gifs: branding.gifs_enabled,
    profanityFilter: branding.profanity_filter_enabled,
    qna,
    qnaModerated: qna && branding.is_text_qna_moderated,
    qnaAnonymous: qna && branding.anonymous_qna_enabled,
    showAnswerersIdentity: branding.show_answerers_identity,
    answererAlias: branding.show_answerers_identity ? '' : branding.textqna_answerers_alias.trim(),
    assignQuestionsToSpeakers: qna && flags.assignQnaToSpeaker && branding.assign_speaker_qna,
  };
}

/** The name an answer shows (Show Answerers' Identity): the answerer's, else the event's alias, else none. */
export const answererShown = (
  features: Pick<EngagementFeatures, 'showAnswerersIdentity' | 'answererAlias'>,
  answererName: string,
): string | null => (features.showAnswerersIdentity ? answererName : features.answererAlias || null);

/** The programme's places with a chat of their own: a room, a booth, one of a booth's discussion rooms. */
export type ChatPlace = 'room' | 'booth' | 'booth_room';

/**
 * Whether a place's chat is offered: a room's by Room Chat (discussions_chat_disabled), a booth's
 * by Booth Chat (booth_chat_disabled), and a booth's discussion room — a room in a booth — by both.
 */
export const placeChatOn = (
  features: Pick<EngagementFeatures, 'roomChat' | 'boothChat'>,
  place: ChatPlace,
) =>
  place === 'room'
    ? features.roomChat
    : place === 'booth'
      ? features.boothChat
      : features.roomChat && features.boothChat;
