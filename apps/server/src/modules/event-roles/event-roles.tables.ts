import type { Generated } from 'kysely';

/**
 * A person's role in one event (migrations 0012, 0018); ATTENDEE 0 … CHECK_IN_STAFF 8 (domain
 * EVENT_ROLES). Staff hold ORGANIZER with `user_type` 'staff'.
 */
export interface EventRoleTable {
  id: Generated<string>;
  event_id: string;
  user_id: string;
  role: number;
  rank: Generated<number>;
  hidden: Generated<boolean>;
  user_type: string | null;
  /** The event_app role held where no session names one. */
  event_app_role_id: string | null;
  invited_at: Date | null;
  created_at: Generated<Date>;
}

/** The role a person holds in one session (002 §4.7). */
export interface EventRoleSessionTable {
  event_role_id: string;
  broadcast_id: string;
  role_id: string | null;
}

/** The organisation's profile of a person of its events ("org_user_data"). */
export interface OrganizationPersonTable {
  organization_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  title: string | null;
  company: string | null;
  profile_picture_url: string | null;
  linkedin_url: string | null;
  twitter_url: string | null;
  bio: string | null;
  updated_at: Generated<Date>;
}

export interface EventPeopleSettingsTable {
  event_id: string;
  default_speaker_role_id: string | null;
}

export interface EventRolesTables {
  event_roles: EventRoleTable;
  event_role_sessions: EventRoleSessionTable;
  organization_people: OrganizationPersonTable;
  event_people_settings: EventPeopleSettingsTable;
}
