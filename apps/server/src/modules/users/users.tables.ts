import type { Generated } from 'kysely';

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
  status: Generated<string>;
  only_sso: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface UsersTables {
  users: UserTable;
}
