import { z } from 'zod';
import { eventAppPersonSchema } from '../event-app/api.ts';
import { chatMessage, question } from './schemas.ts';
import { poll } from './api.ts';
import type { EngagementFeatures } from './features.ts';

/**
 * What the engagement calls answer (issue 34), beside the call names in api.ts: the attendee's
 * `state`, a chat history page, the people present, and the studio's queues and calls.
 */

/** The features an event offers (engagementFeatures' result) as the `state` call answers them. */
export const engagementFeaturesSchema = z.object({
  eventChat: z.enum(['everyone', 'staff', 'off']),
  sessionChat: z.boolean(),
  threads: z.boolean(),
  directMessages: z.boolean(),
  roomChat: z.boolean(),
  boothChat: z.boolean(),
  gifs: z.boolean(),
  qna: z.boolean(),
  qnaModerated: z.boolean(),
  qnaAnonymous: z.boolean(),
  showAnswerersIdentity: z.boolean(),
  answererAlias: z.string(),
  assignQuestionsToSpeakers: z.boolean(),
}) satisfies z.ZodType<EngagementFeatures>;

/** GET state: the features on offer and the caller's standing. */
export const engagementState = z.object({
  features: engagementFeaturesSchema,
  me: z.object({
    id: z.string(),
    name: z.string(),
    role: z.enum(['attendee', 'staff', 'speaker']),
    blocked: z.boolean(),
  }),
});
export type EngagementState = z.infer<typeof engagementState>;

/** A chat history page holds at most this many messages; a full page means older ones may exist. */
export const CHAT_PAGE_SIZE = 50;

/** GET chat/{kind}: `before` is the oldest message id shown (the page ends just before it). */
export const chatHistoryQuery = z.object({
  channel_id: z.string().optional(),
  before: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).default(CHAT_PAGE_SIZE),
});
/** The page, newest first. */
export const chatHistoryPage = z.array(chatMessage);

/** GET presence: the people present now (paged like the People tab) and the count per session. */
export const engagementPresence = z.object({
  present: z.number().int(),
  per_session: z.record(z.string(), z.number().int()),
  results: z.array(eventAppPersonSchema),
});
export type EngagementPresence = z.infer<typeof engagementPresence>;

/** A question as staff see it: which session it belongs to, the asker even when anonymous to others. */
export const studioQuestion = question.extend({
  session_id: z.string().nullable(),
  anonymous: z.boolean(),
  assigned_speaker_id: z.string().nullable(),
});
export type StudioQuestion = z.infer<typeof studioQuestion>;

/** GET engagementStudioPath(eventId): the event's features and every queue of the backstage. */
export const engagementQueues = z.object({
  features: engagementFeaturesSchema,
  messages: z.array(chatMessage),
  questions: z.array(studioQuestion),
  polls: z.array(poll),
});
export type EngagementQueues = z.infer<typeof engagementQueues>;

/** The studio's calls under `engagementStudioPath(eventId, …)`. */
export const engagementStudioCalls = {
  /** GET: the queues. */
  queues: '',
  /** DELETE removes the message; PATCH moderateMessageBody pins it. */
  message: (messageId: string) => `messages/${messageId}`,
  /** POST announcementBody: posts to the event chat as staff. */
  announcements: 'announcements',
  /** POST blockPeopleBody blocks from chat; DELETE with the same body unblocks. */
  blocks: 'blocks',
  /** PATCH moderateQuestionBody. */
  question: (questionId: string) => `questions/${questionId}`,
  /** POST answerBody. */
  answers: (questionId: string) => `questions/${questionId}/answers`,
  /** POST createPollBody (?session_id= ties it to a session). */
  polls: 'polls',
  /** PATCH updatePollBody: launch ('live'), close ('closed'), show results. */
  poll: (pollId: string) => `polls/${pollId}`,
} as const;
