import { z } from 'zod';
import { CHAT_GIF_IDS } from './gifs.ts';
import { engagementPanelMessages } from './messages.ts';
import type { EngagementRole } from './moderation.ts';

/** Limits on what attendees send (issue 34 §7). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
export const QUESTION_MAX_LENGTH = 1000;
export const POLL_QUESTION_MAX_LENGTH = 300;
export const POLL_OPTION_MAX_LENGTH = 200;
export const POLL_OPTIONS_MAX = 10;
/** Per attendee, per rolling minute. */
export const ENGAGEMENT_RATE_LIMITS = { messages: 20, questions: 5, votes: 30 } as const;

/** Untrusted text: trimmed, non-empty, bounded, no NUL or other control characters but newlines and tabs. */
export const untrustedText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'Write something first')
    .max(max, `At most ${max} characters`)
    .refine((value) => !hasControlCharacter(value), 'Contains characters that are not allowed');

/** A control character other than tab, newline and carriage return (NUL included). */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 127) return true;
  }
  return false;
}

/** `speakers`: a session's backstage chat (002 §2.1 'Speakers' stage chat tab), its speakers' and staff's. */
export const CHAT_CHANNEL_KINDS = ['event', 'session', 'speakers', 'room', 'booth', 'direct'] as const;
export type ChatChannelKind = (typeof CHAT_CHANNEL_KINDS)[number];
/**
 * A channel's name where people read it: the stage chat tabs' names (002 §2.1 Speakers, Session,
 * Public: the event's channel is the Public chat); the room, booth and direct ones are ours.
 */
export const chatChannelLabels: Record<ChatChannelKind, string> = {
  event: engagementPanelMessages.publicChat,
  session: engagementPanelMessages.sessionChat,
  speakers: engagementPanelMessages.speakersChat,
  room: 'Room',
  booth: 'Booth',
  direct: engagementPanelMessages.directTitle,
};
/**
 * The channels the studio moderates, and so the ones its "clear chat" empties: every one but direct
 * messages, which stay between their two people (the studio never reads them).
 */
export const isModeratedChannel = (kind: ChatChannelKind): kind is Exclude<ChatChannelKind, 'direct'> =>
  kind !== 'direct';
export const MODERATED_CHAT_CHANNELS = CHAT_CHANNEL_KINDS.filter(isModeratedChannel);
/** A session's Speakers chat is read and written by the event's speakers and staff; attendees never see it. */
export const readsSpeakersChat = (role: EngagementRole) => role !== 'attendee';

export const postMessageBody = z.object({
  /** Empty only when the message is a GIF. */
  text: z.union([z.literal(''), untrustedText(CHAT_MESSAGE_MAX_LENGTH)]).default(''),
  /** The message replied to (threads). */
  parent_id: z.string().uuid().nullish(),
  /** One of the bundled GIFs (CHAT_GIFS), when the event allows GIFs. */
  gif: z.enum(CHAT_GIF_IDS).nullish(),
});
export type PostMessageBody = z.input<typeof postMessageBody>;

/** A message says something: text, a GIF, or both. */
export const messageHasContent = (body: { text?: string | undefined; gif?: string | null | undefined }) =>
  Boolean(body.text) || Boolean(body.gif);

export const chatMessage = z.object({
  id: z.string(),
  channel: z.enum(CHAT_CHANNEL_KINDS),
  channel_id: z.string().nullable(),
  parent_id: z.string().nullable(),
  text: z.string(),
  gif: z.string().nullable(),
  author: z.object({ id: z.string(), name: z.string(), role: z.enum(['attendee', 'staff', 'speaker']) }),
  pinned: z.boolean(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const askQuestionBody = z.object({
  text: untrustedText(QUESTION_MAX_LENGTH),
  anonymous: z.boolean().default(false),
});
export type AskQuestionBody = z.infer<typeof askQuestionBody>;

export const QUESTION_STATES = ['pending', 'open', 'answered', 'pinned', 'dismissed', 'hidden'] as const;
/** The states every attendee reads a question in; the others only its asker and staff. */
export const PUBLIC_QUESTION_STATES = ['open', 'answered', 'pinned'] as const;
export const question = z.object({
  id: z.string(),
  text: z.string(),
  /** Null for an anonymous question: the asker's identity never leaves the server for attendees. */
  asker_name: z.string().nullable(),
  state: z.enum(QUESTION_STATES),
  upvotes: z.number().int(),
  upvoted: z.boolean(),
  answers: z.array(
    z.object({ id: z.string(), text: z.string(), answerer: z.string().nullable(), created_at: z.string() }),
  ),
  /** The question is assigned to the viewer, a speaker, to answer (assign_speaker_qna). */
  assigned_to_you: z.boolean().optional(),
  created_at: z.string(),
});
export type Question = z.infer<typeof question>;

export const answerBody = z.object({ text: untrustedText(QUESTION_MAX_LENGTH) });

export const createPollBody = z.object({
  /** The session the poll runs in (null: the whole event). */
  session_id: z.string().uuid().nullish(),
  question: untrustedText(POLL_QUESTION_MAX_LENGTH),
  multiple: z.boolean().default(false),
  show_results: z.boolean().default(false),
  options: z
    .array(untrustedText(POLL_OPTION_MAX_LENGTH))
    .min(2, 'At least two options')
    .max(POLL_OPTIONS_MAX)
    .superRefine((options, context) => {
      // Each option once: a later one that reads as an earlier one (case and spaces aside) is marked.
      const seen = new Set<string>();
      options.forEach((option, index) => {
        const text = pollOptionIdentity(option);
        if (text && seen.has(text))
          context.addIssue({
            code: 'custom',
            path: [index],
            message: engagementPanelMessages.duplicatePollOption,
          });
        seen.add(text);
      });
    }),
});

/** What makes two poll options the same: their text, trimmed, spaces collapsed, case aside. */
export const pollOptionIdentity = (option: string) => option.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
export type CreatePollBody = z.infer<typeof createPollBody>;

export const voteBody = z.object({ option_ids: z.array(z.string()).min(1).max(POLL_OPTIONS_MAX) });
export type VoteBody = z.infer<typeof voteBody>;

/** A vote is valid when it names options of the poll, once each, and only one unless multiple choice. */
export function voteIsValid(
  poll: { multiple: boolean; optionIds: readonly string[] },
  chosen: readonly string[],
): boolean {
  if (new Set(chosen).size !== chosen.length) return false;
  if (!poll.multiple && chosen.length !== 1) return false;
  return chosen.length > 0 && chosen.every((id) => poll.optionIds.includes(id));
}

/**
 * An option's share of a poll's voters, as a whole percentage (rounded half up): the one rule for
 * every place that shows poll results. Of voters, not of votes: with multiple choice the shares may
 * add up to more than 100 %. None voted: 0.
 */
export function pollOptionPercent(votes: number, voters: number): number {
  return voters > 0 ? Math.round((votes / voters) * 100) : 0;
}

/** A share as people read it: "67%". */
export const percentText = (percent: number) => `${percent}%`;
