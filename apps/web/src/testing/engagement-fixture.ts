import { vi } from 'vitest';
import type { ChatMessage, EngagementFeatures, EngagementState, Poll, Question } from '@studio/domain';
import { json } from './fake-studio-api.ts';

/** Every feature on (engagementFeatures' answer for an event that offers everything), with changes. */
export const engagementState = (
  features: Partial<EngagementFeatures> = {},
  standing: Partial<Omit<EngagementState, 'features'>> = {},
): EngagementState => ({
  features: {
    eventChat: 'everyone',
    sessionChat: true,
    threads: false,
    directMessages: true,
    roomChat: true,
    boothChat: true,
    gifs: false,
    profanityFilter: false,
    qna: true,
    qnaModerated: false,
    qnaAnonymous: false,
    showAnswerersIdentity: true,
    answererAlias: '',
    assignQuestionsToSpeakers: false,
    ...features,
  },
  role: 'attendee',
  blocked: false,
  speaker_sessions: [],
  ended: false,
  ends_at: '2031-05-01T16:00:00Z',
  ...standing,
});

export const chatMessageOf = (id: string, text: string, changes: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  channel: 'event',
  channel_id: null,
  parent_id: null,
  text,
  gif: null,
  author: { id: 'u-2', name: 'Alan Turing', role: 'attendee' },
  pinned: false,
  created_at: '2031-05-01T14:05:00Z',
  ...changes,
});

export const questionOf = (id: string, text: string, changes: Partial<Question> = {}): Question => ({
  id,
  text,
  asker_name: 'Alan Turing',
  state: 'open',
  upvotes: 0,
  upvoted: false,
  answers: [],
  created_at: '2031-05-01T14:05:00Z',
  ...changes,
});

export const pollOf = (changes: Partial<Poll> = {}): Poll => ({
  id: 'poll-1',
  session_id: 's-1',
  question: 'Which language?',
  multiple: false,
  show_results: false,
  state: 'live',
  options: [
    { id: 'o-1', text: 'Ada', votes: null },
    { id: 'o-2', text: 'Lisp', votes: null },
  ],
  voted: [],
  total_votes: null,
  created_at: '2031-05-01T14:05:00Z',
  ...changes,
});

/** What the engagement calls answer, by call name (`chat/event`, `qna`, …), before the query string. */
export type EngagementAnswers = Record<string, unknown>;

/**
 * Stands in for the event app's API on `fetch`: GETs answer `answers[name]`; POSTs answer
 * `posted(name, body)`. Records every call.
 */
export function stubEngagementFetch(
  answers: EngagementAnswers,
  posted: (name: string, body: unknown, method: string) => unknown = () => ({}),
) {
  const fetch = vi.fn((input: string, init?: RequestInit) => {
    const name = input.replace(/^\/e\/[^/]+\/api\//, '').split('?')[0]!;
    const method = init?.method ?? 'GET';
    if (method !== 'GET') {
      const body: unknown = init?.body ? JSON.parse(init.body as string) : undefined;
      return Promise.resolve(json(200, posted(name, body, method)));
    }
    return Promise.resolve(name in answers ? json(200, answers[name]) : json(404, { message: 'Not found' }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
