import { z } from 'zod';
import type { CHAT_CHANNEL_KINDS } from './schemas.ts';
import { chatMessage, question, untrustedText } from './schemas.ts';

/**
 * The engagement calls (issue 34). Attendees call them on the attendee origin under the event
 * app's API (`eventAppApiPath(eventId, name)`, the event cookie); staff call the studio's
 * `/api/events/{eventId}/engagement/…` with the one guard. Names here are the contract both sides use.
 */
export const engagementAttendeeCalls = {
  /** GET: the features on offer (engagementFeatures) and the caller's standing. */
  state: 'engagement',
  /** GET ?channel_id=&before=&limit= (history, newest first) · POST postMessageBody + channel_id. */
  chat: (channel: (typeof CHAT_CHANNEL_KINDS)[number]) => `chat/${channel}`,
  /** GET ?session_id= · POST askQuestionBody + session_id. */
  questions: 'qna',
  /** POST to upvote, DELETE to take the upvote back. */
  upvote: (questionId: string) => `qna/${questionId}/upvote`,
  /** GET ?session_id=: the session's launched and closed polls. */
  polls: 'polls',
  /** POST voteBody. */
  vote: (pollId: string) => `polls/${pollId}/vote`,
  /** GET ?offset=: people present now (presence), with a count per session. */
  presence: 'presence',
} as const;

export const engagementStudioPath = (eventId: string, rest = '') =>
  `/api/events/${eventId}/engagement${rest ? `/${rest}` : ''}`;

/** The name of the event app's push (server-sent event) carrying engagement changes, in batches. */
export const ENGAGEMENT_PUSHED = 'engagement';

export const POLL_STATES = ['draft', 'live', 'closed'] as const;
export const poll = z.object({
  id: z.string(),
  session_id: z.string().nullable(),
  question: z.string(),
  multiple: z.boolean(),
  show_results: z.boolean(),
  state: z.enum(POLL_STATES),
  options: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      /** Null for attendees until they voted, and always when the poll hides results from them. */
      votes: z.number().int().nullable(),
    }),
  ),
  /** The caller's chosen options (empty until they vote). */
  voted: z.array(z.string()),
  total_votes: z.number().int().nullable(),
  created_at: z.string(),
});
export type Poll = z.infer<typeof poll>;

/** One change in a push batch; an attendee receives only what they may see. */
export const engagementPush = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: chatMessage }),
  z.object({ type: z.literal('message-removed'), id: z.string() }),
  z.object({ type: z.literal('question'), session_id: z.string().nullable(), question }),
  z.object({ type: z.literal('poll'), poll }),
  z.object({
    type: z.literal('presence'),
    present: z.number().int(),
    per_session: z.record(z.string(), z.number().int()),
  }),
]);
export type EngagementPush = z.infer<typeof engagementPush>;

export const moderateMessageBody = z.object({ pinned: z.boolean() });
export const announcementBody = z.object({ text: untrustedText(1000) });
export const blockPeopleBody = z.object({ person_ids: z.array(z.string().uuid()).min(1).max(500) });
export const QUESTION_MODERATION_STATES = ['open', 'answered', 'pinned', 'dismissed', 'hidden'] as const;
export const moderateQuestionBody = z.object({
  state: z.enum(QUESTION_MODERATION_STATES).optional(),
  assigned_speaker_id: z.string().uuid().nullish(),
});
export const updatePollBody = z.object({
  state: z.enum(POLL_STATES).optional(),
  show_results: z.boolean().optional(),
});
