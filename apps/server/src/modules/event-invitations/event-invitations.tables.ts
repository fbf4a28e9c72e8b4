import type { Generated } from 'kysely';

/** Each people email once per person and occasion (migration 0018). */
export interface PeopleMailLogTable {
  event_id: string;
  user_id: string;
  email_type: string;
  /** The event start a reminder is for, or the invitation's own key. */
  occasion: string;
  sent_at: Generated<Date>;
}

/** A bulk invitation's progress. */
export interface PeopleJobTable {
  id: Generated<string>;
  organization_id: string;
  event_id: string;
  kind: string;
  state: Generated<string>;
  total: number;
  done: Generated<number>;
  created_at: Generated<Date>;
}

export interface EventInvitationsTables {
  people_mail_log: PeopleMailLogTable;
  people_jobs: PeopleJobTable;
}
