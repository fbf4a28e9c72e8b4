import type { Generated } from 'kysely';

/** A sign-in session: one family of rotating refresh tokens. */
export interface AuthSessionTable {
  id: Generated<string>;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  revoked_at: Date | null;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  created_at: Generated<Date>;
  used_at: Date | null;
}

export interface AuthTables {
  auth_sessions: AuthSessionTable;
  refresh_tokens: RefreshTokenTable;
}
