import type { UserStatus } from '@studio/domain';
import type { Generated, JSONColumnType } from 'kysely';

export interface UserTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  company: string | null;
  organization_id: string | null;
  role: string | null;
  email_verified: Generated<boolean>;
  status: Generated<UserStatus>;
  only_sso: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  // The profile (migration 0006).
  title: Generated<string | null>;
  profile_picture_url: Generated<string | null>;
  linkedin_url: Generated<string | null>;
  twitter_url: Generated<string | null>;
  /** Written as JSON text, read back as the object. */
  extra_data: JSONColumnType<Record<string, unknown>, string | undefined, string>;
  invited_event_id: Generated<string | null>;
  /** A standalone Content Lab user's personal space, an organisation row they are not a member of (0064). */
  content_space_id: Generated<string | null>;
}

export interface UsersTables {
  users: UserTable;
}
