import type { Generated } from 'kysely';
import type { MailTables } from '../../platform/mail/mail.tables.ts';
import type { RateLimitTables } from '../../platform/http/rate-limit.ts';

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

export type OneTimeCodePurpose = 'signup' | 'password_reset' | 'magic_link';

/** A sign-up code, password-reset code or magic link (migration 0002); only its HMAC is kept. */
export interface OneTimeCodeTable {
  id: Generated<string>;
  user_id: string;
  purpose: OneTimeCodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * The sign-in area's tables, with those of the platform adapters and the SSO module that its
 * migration (0002) creates, so that schema.ts lists one entry for them.
 */
export interface AuthTables extends MailTables, RateLimitTables {
  auth_sessions: AuthSessionTable;
  refresh_tokens: RefreshTokenTable;
  one_time_codes: OneTimeCodeTable;
}
