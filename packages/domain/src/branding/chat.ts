import { recordKeys } from '../records.ts';

/** Spec 002 §3.1: the chat-visibility select (with the organisation flag `useChatVisibility`). */
export const CHAT_VISIBILITIES = { PUBLIC: 'On for all', PRIVATE: 'Announcements only', OFF: 'Off' } as const;
export type ChatVisibility = keyof typeof CHAT_VISIBILITIES;
export const CHAT_VISIBILITY_VALUES = recordKeys(CHAT_VISIBILITIES);

/** A Chat Experience toggle: its label, its field, and whether the field is a 'disabled' flag shown inverted. */
export interface ChatToggle {
  label: string;
  field:
    | 'public_chat_disabled'
    | 'broadcast_chat_disabled'
    | 'thread_chat_disabled'
    | 'p2p_chat_disabled'
    | 'is_text_qna_moderated'
    | 'assign_speaker_qna'
    | 'anonymous_qna_enabled'
    | 'show_answerers_identity'
    | 'gifs_enabled'
    | 'profanity_filter_enabled'
    | 'discussions_chat_disabled'
    | 'booth_chat_disabled';
  inverted: boolean;
}

export interface ChatExperienceContext {
  useChatVisibility: boolean;
  useNewChatApp: boolean;
  assignQnaToSpeaker: boolean;
  /** The plan's `boothsTab` (the booths tab is offered). */
  boothsTab: boolean;
  /** The event has text Q&A (`have_text_qna`): the Q&A options show only then. */
  hasTextQna: boolean;
}

/**
 * 002 §3.1: the Chat Experience toggles shown, in order. Public Chat gives way to the
 * chat-visibility select with `useChatVisibility`; Threaded Chat needs the new chat app; Q&A
 * options need text Q&A (assigning also `assignQnaToSpeaker`); Booth Chat needs the booths tab.
 */
export function chatExperienceToggles(context: ChatExperienceContext): ChatToggle[] {
  const toggles: (ChatToggle | false)[] = [
    !context.useChatVisibility && { label: 'Public Chat', field: 'public_chat_disabled', inverted: true },
    { label: 'Session Chat', field: 'broadcast_chat_disabled', inverted: true },
    context.useNewChatApp && { label: 'Threaded Chat', field: 'thread_chat_disabled', inverted: true },
    { label: 'Direct Message', field: 'p2p_chat_disabled', inverted: true },
    context.hasTextQna && { label: 'Moderate Text Q&A', field: 'is_text_qna_moderated', inverted: false },
    context.hasTextQna &&
      context.assignQnaToSpeaker && {
        label: 'Assign Questions from Q&A',
        field: 'assign_speaker_qna',
        inverted: false,
      },
    context.hasTextQna && { label: 'Anonymous Text Q&A', field: 'anonymous_qna_enabled', inverted: false },
    context.hasTextQna && {
      label: "Show Answerers' Identity",
      field: 'show_answerers_identity',
      inverted: false,
    },
    { label: 'GIFs', field: 'gifs_enabled', inverted: false },
    { label: 'Profanity Filter', field: 'profanity_filter_enabled', inverted: false },
    { label: 'Room Chat', field: 'discussions_chat_disabled', inverted: true },
    context.boothsTab && { label: 'Booth Chat', field: 'booth_chat_disabled', inverted: true },
  ];
  return toggles.filter((toggle): toggle is ChatToggle => toggle !== false);
}

/** The Answerers' Alias text shows beside Show Answerers' Identity while that is on. */
export const ANSWERERS_ALIAS_LABEL = "Answerers' Alias";
export const ANSWERERS_ALIAS_MAX_LENGTH = 50;
/** A toggle's displayed state: a 'disabled' flag is shown inverted. */
export const toggleShown = (toggle: ChatToggle, stored: boolean): boolean =>
  toggle.inverted ? !stored : stored;
