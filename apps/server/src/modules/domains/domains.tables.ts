import type { Generated } from 'kysely';

/** An organisation's custom domain for its attendee pages (migrations 0001, 0022). */
export interface RegistrationDomainTable {
  id: Generated<string>;
  organization_id: string;
  /** Lowercase host name, no final dot. */
  domain: string;
  is_default: Generated<boolean>;
  is_verified: Generated<boolean>;
  /** The value the domain's TXT record must carry (after DOMAIN_CHALLENGE_PREFIX). */
  verification_token: string;
  created_at: Generated<Date>;
}

export interface DomainsTables {
  registration_domains: RegistrationDomainTable;
}
