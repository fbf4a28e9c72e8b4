import type { ChatChannelKind } from '@studio/domain';
import type { Generated } from 'kysely';

/** Migration 0040 (issue 34): the engagement module's tables. */
export interface EngagementMessageTable {
  id: Generated<string>;
  event_id: string;
  channel: ChatChannelKind;
  /** The session, room or booth; for a direct message, its recipient; null for the event chat. */
  channel_id: string | null;
  parent_id: string | null;
  author_id: string | null;
  author_name: string;
  author_role: 'attendee' | 'staff' | 'speaker';
  text: string;
  /** Migration 0041: one of the bundled GIFs (CHAT_GIFS), by id. */
  gif_id: string | null;
  pinned: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface EngagementChatBlockTable {
  event_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface EngagementQuestionTable {
  id: Generated<string>;
  event_id: string;
  session_id: string | null;
  asker_id: string | null;
  asker_name: string;
  anonymous: boolean;
  text: string;
  state: string;
  assigned_speaker_id: string | null;
  created_at: Generated<Date>;
}

export interface EngagementQuestionUpvoteTable {
  question_id: string;
  user_id: string;
}

export interface EngagementAnswerTable {
  id: Generated<string>;
  question_id: string;
  answerer_id: string | null;
  answerer_name: string;
  text: string;
  created_at: Generated<Date>;
}

export interface EngagementPollTable {
  id: Generated<string>;
  event_id: string;
  session_id: string | null;
  question: string;
  multiple: boolean;
  show_results: boolean;
  state: Generated<string>;
  created_at: Generated<Date>;
}

export interface EngagementPollOptionTable {
  id: Generated<string>;
  poll_id: string;
  position: number;
  text: string;
}

export interface EngagementPollBallotTable {
  poll_id: string;
  user_id: string;
  created_at: Generated<Date>;
}

export interface EngagementPollVoteTable {
  poll_id: string;
  user_id: string;
  option_id: string;
}

export interface EngagementPresenceTable {
  stream_id: string;
  node_id: string;
  event_id: string;
  user_id: string;
  name: string;
  session_id: string | null;
}

/** An API node holding presence rows, alive while it refreshes `seen_at`. */
export interface EngagementNodeTable {
  node_id: string;
  seen_at: Generated<Date>;
}

export interface EngagementTables {
  engagement_messages: EngagementMessageTable;
  engagement_chat_blocks: EngagementChatBlockTable;
  engagement_questions: EngagementQuestionTable;
  engagement_question_upvotes: EngagementQuestionUpvoteTable;
  engagement_answers: EngagementAnswerTable;
  engagement_polls: EngagementPollTable;
  engagement_poll_options: EngagementPollOptionTable;
  engagement_poll_ballots: EngagementPollBallotTable;
  engagement_poll_votes: EngagementPollVoteTable;
  engagement_presence: EngagementPresenceTable;
  engagement_nodes: EngagementNodeTable;
}
