import {
  answererShown,
  PUBLIC_QUESTION_STATES,
  readsSpeakersChat,
  type ChatMessage,
  type EngagementFeatures,
  type Poll,
  type Question,
} from '@studio/domain';
import type { MessageRow } from './chat.repository.ts';
import type { SessionSpeakers } from './engagement.ts';
import type { PollRecord } from './polls.repository.ts';
import type { AnswerRow, QuestionRow } from './qna.repository.ts';

/** Who reads: a person of the event, staff (the studio, or an organiser in the event app) or not. */
export interface Viewer {
  userId: string;
  staff: boolean;
  /** A speaker of the event (reads the sessions' Speakers chat). */
  speaker?: boolean;
}

/** The viewer's part, as the domain's rules name it. */
export const roleOfViewer = (viewer: Viewer) =>
  viewer.staff ? 'staff' : viewer.speaker ? 'speaker' : 'attendee';

export function messageView(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    channel: row.channel,
    channel_id: row.channel_id,
    parent_id: row.parent_id,
    text: row.text,
    gif: row.gif_id,
    author: { id: row.author_id ?? '', name: row.author_name, role: row.author_role },
    pinned: row.pinned,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A direct message is read by its two people only, a session's Speakers chat by staff and that
 * session's speakers (`speakers`: those of the sessions concerned), every other message by the whole event.
 */
export const readsMessage = (viewer: Viewer, row: MessageRow, speakers: SessionSpeakers) =>
  row.channel === 'speakers'
    ? speaksIn(viewer, row.channel_id, speakers)
    : row.channel !== 'direct' || viewer.userId === row.author_id || viewer.userId === row.channel_id;

/** Whether the viewer uses the session's Speakers chat: staff, or one of its speakers. */
export const speaksIn = (viewer: Viewer, sessionId: string | null, speakers: SessionSpeakers) =>
  readsSpeakersChat(roleOfViewer(viewer)) &&
  (viewer.staff || (sessionId !== null && (speakers.get(sessionId)?.has(viewer.userId) ?? false)));

const isPublic = (state: string) => (PUBLIC_QUESTION_STATES as readonly string[]).includes(state);

/** What a viewer learns of a question: all of it, or (not public, not theirs) nothing. */
export const readsQuestion = (viewer: Viewer, row: QuestionRow) =>
  viewer.staff || isPublic(row.state) || row.asker_id === viewer.userId;

/** The facts a question's view is built from, read once for a list or a push batch. */
export interface QuestionFacts {
  upvotes: Map<string, number>;
  upvotedBy: (userId: string) => Set<string>;
  answers: AnswerRow[];
  features: Pick<EngagementFeatures, 'showAnswerersIdentity' | 'answererAlias'>;
}

/** The question as the viewer sees it; an anonymous asker's name never leaves the server. */
export function questionView(row: QuestionRow, facts: QuestionFacts, viewer: Viewer): Question {
  const upvoted = facts.upvotedBy(viewer.userId);
  return {
    id: row.id,
    text: row.text,
    asker_name: row.anonymous ? null : row.asker_name,
    state: row.state as Question['state'],
    upvotes: facts.upvotes.get(row.id) ?? 0,
    upvoted: upvoted.has(row.id),
    answers: facts.answers
      .filter((answer) => answer.question_id === row.id)
      .map((answer) => ({
        id: answer.id,
        text: answer.text,
        answerer: answererShown(facts.features, answer.answerer_name),
        created_at: answer.created_at.toISOString(),
      })),
    assigned_to_you: row.assigned_speaker_id !== null && row.assigned_speaker_id === viewer.userId,
    created_at: row.created_at.toISOString(),
  };
}

/** A hidden or dismissed question, for those who may no longer read it: enough to drop it. */
export const withdrawnQuestion = (row: QuestionRow): Question => ({
  id: row.id,
  text: '',
  asker_name: null,
  state: row.state as Question['state'],
  upvotes: 0,
  upvoted: false,
  answers: [],
  created_at: row.created_at.toISOString(),
});

/**
 * Drafts are staff's. When the poll shows its results, a viewer sees the counts once they voted, and
 * everyone once it is closed (staff always): counts never sway a vote still to be cast.
 */
export const readsPoll = (viewer: Viewer, record: PollRecord) =>
  viewer.staff || record.poll.state !== 'draft';

/** The poll as the viewer sees it; `voted`: the options they chose (answered in the poll's order). */
export function pollView(record: PollRecord, viewer: Viewer, voted: readonly string[]): Poll {
  const { poll } = record;
  const showCounts = viewer.staff || (poll.show_results && (voted.length > 0 || poll.state === 'closed'));
  return {
    id: poll.id,
    session_id: poll.session_id,
    question: poll.question,
    multiple: poll.multiple,
    show_results: poll.show_results,
    state: poll.state as Poll['state'],
    options: record.options.map((option) => ({
      id: option.id,
      text: option.text,
      votes: showCounts ? option.votes : null,
    })),
    voted: record.options.filter((option) => voted.includes(option.id)).map((option) => option.id),
    total_votes: showCounts ? record.voters : null,
    created_at: poll.created_at.toISOString(),
  };
}
