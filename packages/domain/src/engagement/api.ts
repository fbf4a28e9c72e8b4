import { z } from 'zod';
import { pageQuerySchema, pageSchema } from '../api.ts';
import { booleanQuery } from '../events/query.ts';
import type { CHAT_CHANNEL_KINDS } from './schemas.ts';
import type { EngagementFeatures } from './features.ts';
import {
  askQuestionBody,
  chatMessage,
  messageHasContent,
  postMessageBody,
  question,
  QUESTION_STATES,
  untrustedText,
} from './schemas.ts';

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
  /**
   * GET questionListQuery (?session_id=, or ?mine=true: the caller's own questions anywhere in the
   * event) · POST askQuestionBody + session_id.
   */
  questions: 'qna',
  /** POST to upvote, DELETE to take the upvote back. */
  upvote: (questionId: string) => `qna/${questionId}/upvote`,
  /** GET ?session_id=: the session's launched and closed polls. */
  polls: 'polls',
  /** POST voteBody. */
  vote: (pollId: string) => `polls/${pollId}/vote`,
  /** GET ?offset=: people present now (presence), with a count per session. */
  presence: 'presence',
  /** Staff (moderatesEngagement) · PATCH moderateMessageBody (pin) · DELETE (remove). */
  message: (messageId: string) => `chat/messages/${messageId}`,
  /** Staff · POST announcementBody: a staff message in the event chat. */
  announcements: 'announcements',
  /** Staff, or its speaker marking it answered (questionRights) · PATCH moderateQuestionBody. */
  question: (questionId: string) => `qna/${questionId}`,
  /** Staff, or the speaker it is assigned to · POST answerBody. */
  answers: (questionId: string) => `qna/${questionId}/answers`,
  /** Staff · PATCH updatePollBody (launch, close, results shown). */
  poll: (pollId: string) => `polls/${pollId}`,
} as const;

export const engagementStudioPath = (eventId: string, rest = '') =>
  `/api/events/${eventId}/engagement${rest ? `/${rest}` : ''}`;

/**
 * POST, no body, 204: clears the event's chat (spec 001 §7 Events "clear chat", path not shown; ours
 * DRF-style): every message of MODERATED_CHAT_CHANNELS goes, for everyone.
 */
export const clearChatPath = (eventId: string) => `/api/event/${eventId}/clear_chat/`;

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
  /** The chat was cleared: every message of MODERATED_CHAT_CHANNELS shown so far goes. */
  z.object({ type: z.literal('chat-cleared') }),
  z.object({ type: z.literal('question'), session_id: z.string().nullable(), question }),
  /** A poll changed; `launched` when this change launched it (the Polls tab's unread count). */
  z.object({ type: z.literal('poll'), poll, launched: z.boolean().optional() }),
  /**
   * The session's surveys changed (one attached, detached, changed or deleted): each person's
   * surveys list is their own (answered or not), so the event app reads it again.
   */
  z.object({ type: z.literal('surveys'), session_id: z.string() }),
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
/** The people blocked from an event's chat, in the order they were blocked. */
export const blockedPeople = z.object({ person_ids: z.array(z.string()) });
export const QUESTION_MODERATION_STATES = ['open', 'answered', 'pinned', 'dismissed', 'hidden'] as const;
export const moderateQuestionBody = z.object({
  state: z.enum(QUESTION_MODERATION_STATES).optional(),
  assigned_speaker_id: z.string().uuid().nullish(),
});
export const updatePollBody = z.object({
  state: z.enum(POLL_STATES).optional(),
  show_results: z.boolean().optional(),
});

/** A chat history page: newest first, older than the message `before` names. */
export const CHAT_HISTORY_PAGE_SIZE = 50;
export const chatHistoryQuery = z.object({
  /** The session, room or booth; for direct messages, the other person. */
  channel_id: z.string().uuid().optional(),
  before: z.string().uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(CHAT_HISTORY_PAGE_SIZE),
});
export const postChannelMessageBody = postMessageBody
  .extend({ channel_id: z.string().uuid().nullish() })
  .refine(messageHasContent, { path: ['text'], message: 'Write something first' });
export const sessionQuery = z.object({ session_id: z.string().uuid().optional() });
/**
 * The attendee's question list: the session's (or the event's) questions, or with `mine` the
 * caller's own, of every session and event-wide (what they asked before the session on stage).
 */
export const questionListQuery = sessionQuery.extend({ mine: booleanQuery.optional() });
export const askSessionQuestionBody = askQuestionBody.extend({ session_id: z.string().uuid().nullish() });
export const presenceQuery = z.object({ offset: z.coerce.number().int().min(0).max(100_000).default(0) });
export const PRESENCE_PAGE_SIZE = 100;

/** The caller's standing in the event's engagement (the `state` call). */
export const engagementState = z.object({
  features: z.custom<EngagementFeatures>(),
  role: z.enum(['attendee', 'staff', 'speaker']),
  blocked: z.boolean(),
  /** The sessions whose Speakers chat a speaker uses (those they speak in); staff use every session's. */
  speaker_sessions: z.array(z.string()),
  /** The event has ended: its chat is read-only and its polls take no more votes (staff still post). */
  ended: z.boolean(),
  /**
   * When it ends: an app open then asks again, and turns read-only without a refusal first. Null
   * for a recording, which has no schedule: its chat, Q&A and polls never close by time.
   */
  ends_at: z.iso.datetime().nullable(),
});
export type EngagementState = z.infer<typeof engagementState>;

/** The `presence` call: people present now (a page; none when the People tab is off), how many, and how many per session. */
export const presenceAnswer = z.object({
  present: z.number().int(),
  per_session: z.record(z.string(), z.number().int()),
  people: z.array(z.object({ id: z.string(), name: z.string() })),
});

/** The backstage's queues page on the server (`{count, next, previous, results}`, limit/offset). */
export const ENGAGEMENT_QUEUE_PAGE_SIZE = 50;
/** A question as the backstage reads it: with its session and the speaker it is assigned to. */
export const queueQuestion = question.extend({
  session_id: z.string().nullable(),
  assigned_speaker_id: z.string().nullable(),
});
export type QueueQuestion = z.infer<typeof queueQuestion>;
/** The Q&A queue's `session_id` for the questions asked event-wide (of no session). */
export const EVENT_WIDE_QUESTIONS = 'event';
/**
 * The Q&A queue's page, of one session's questions (or the event-wide ones) when `session_id` says,
 * of one state when `state` says (`state=pending&limit=1`: how many await approval, the Q&A tab's badge).
 */
export const questionQueueFilter = pageQuerySchema.extend({
  session_id: z.union([z.literal(EVENT_WIDE_QUESTIONS), z.string().uuid()]).optional(),
  state: z.enum(QUESTION_STATES).optional(),
});
export const chatMessagePage = pageSchema(chatMessage);
export const queueQuestionPage = pageSchema(queueQuestion);
export const pollPage = pageSchema(poll);

/**
 * Pushed to the studio's sockets of the event when anything of its engagement changed (at most
 * once per push tick, with the kinds of change gathered): refetch the queues.
 */
export const ENGAGEMENT_UPDATED = 'engagement-updated';

/**
 * The kinds of engagement change, each with the backstage queue (`engagementStudioCalls`) it
 * alters: a push reads again only those (presence and sessions' surveys alter none).
 */
export const QUEUE_OF_ENGAGEMENT_CHANGE = {
  message: 'messages',
  'message-removed': 'messages',
  'chat-cleared': 'messages',
  question: 'questions',
  poll: 'polls',
  'poll-launched': 'polls',
  presence: null,
  surveys: null,
} as const satisfies Record<string, 'messages' | 'questions' | 'polls' | null>;
export type EngagementChangeKind = keyof typeof QUEUE_OF_ENGAGEMENT_CHANGE;
const engagementChangeKinds = Object.keys(QUEUE_OF_ENGAGEMENT_CHANGE) as [
  EngagementChangeKind,
  ...EngagementChangeKind[],
];

export const engagementUpdatedMessageSchema = z.object({
  type: z.literal(ENGAGEMENT_UPDATED),
  data: z.object({ eventId: z.string(), kinds: z.array(z.enum(engagementChangeKinds)) }),
});

/** What engagement refusals say (the attendee panels and the studio show them as they are). */
export const engagementMessages = {
  chatOff: 'Chat is turned off here.',
  staffOnly: 'Only the event team posts here.',
  threadsOff: 'Replies in threads are turned off.',
  speakersOnly: 'Only the speakers and the event team chat here.',
  gifsOff: 'GIFs are turned off for this event.',
  qnaOff: 'Q&A is turned off for this event.',
  anonymousOff: 'Anonymous questions are turned off for this event.',
  assignOff: 'Assigning questions to speakers is turned off for this event.',
  blocked: 'You can no longer post in this event.',
  noRecipient: 'Choose who to write to.',
  notFound: 'Not found.',
  pollNotLive: 'This poll is not open for votes.',
  chatEnded: 'The event has ended. Chat is read-only.',
  pollsEnded: 'The event has ended. Polls take no more votes.',
  qnaEnded: 'The event has ended. Q&A is read-only.',
  alreadyVoted: 'You have already voted in this poll.',
  notYours: 'Only the event team can do this.',
  invalidVote: 'Choose one of the poll’s options (several only in a multiple-choice poll).',
  notInProgramme: {
    session: 'This session is not part of this event’s program.',
    room: 'This room is not part of this event’s program.',
    booth: 'This booth is not part of this event’s program.',
  },
} as const;

/** The studio's engagement calls, under `engagementStudioPath(eventId, name)`. */
export const engagementStudioCalls = {
  /** GET ?limit=&offset= (chatMessagePage): the event's messages but direct ones, newest first. */
  messages: 'messages',
  /** PATCH moderateMessageBody (pin) · DELETE (remove). */
  message: (messageId: string) => `messages/${messageId}`,
  /** POST announcementBody: a staff message in the event chat. */
  announcements: 'announcements',
  /** GET: the ids of people blocked from chat · POST blockPeopleBody blocks · DELETE blockPeopleBody unblocks. */
  blocks: 'blocks',
  /**
   * GET ?limit=&offset=&session_id=&state= (questionQueueFilter, queueQuestionPage): every question
   * (of one session, or event-wide ones; of one state), pending ones too, newest first.
   */
  questions: 'questions',
  /** PATCH moderateQuestionBody. */
  question: (questionId: string) => `questions/${questionId}`,
  /** POST answerBody. */
  answers: (questionId: string) => `questions/${questionId}/answers`,
  /** GET ?limit=&offset= (pollPage): every poll, drafts too, newest first · POST createPollBody. */
  polls: 'polls',
  /** PATCH updatePollBody (launch, close, results shown). */
  poll: (pollId: string) => `polls/${pollId}`,
} as const;
