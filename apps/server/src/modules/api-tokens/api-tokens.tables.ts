import type { Generated } from 'kysely';

/** An organisation's API token: only a SHA-256 digest of the secret is kept. */
export interface ApiTokenTable {
  id: Generated<string>;
  organization_id: string;
  created_by: string;
  name: string;
  token_digest: string;
  /** The secret's first characters, to tell tokens apart in the list. */
  prefix: string;
  created_at: Generated<Date>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface ApiTokensTables {
  api_tokens: ApiTokenTable;
}
