import type { Generated } from 'kysely';

/** An organisation's OpenID Connect provider (migration 0002). */
export interface SsoSettingsTable {
  organization_id: string;
  issuer: string;
  client_id: string;
  /** AES-256-GCM under a key derived from the server's secret key; never answered back. */
  client_secret_encrypted: string;
  enabled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Email domains whose people in the organisation must sign in with SSO (users.only_sso). */
export interface SsoEmailDomainTable {
  organization_id: string;
  domain: string;
}

/** An authorization request in flight, found again by its state when the provider sends the person back. */
export interface SsoLoginAttemptTable {
  state_hash: string;
  organization_id: string;
  nonce: string;
  code_verifier: string;
  created_at: Generated<Date>;
  expires_at: Date;
}

export interface SsoTables {
  sso_settings: SsoSettingsTable;
  sso_email_domains: SsoEmailDomainTable;
  sso_login_attempts: SsoLoginAttemptTable;
}
