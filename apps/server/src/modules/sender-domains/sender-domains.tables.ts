import type { Generated } from 'kysely';

/** An organisation's custom email sender and its DKIM key (migration 0038); one per organisation. */
export interface VanityEmailDomainTable {
  id: Generated<string>;
  organization_id: string;
  /** The sender address, lowercase. */
  email_sender: string;
  /** Its domain (after the @). */
  domain: string;
  /** The DKIM selector: `{selector}._domainkey.{domain}` publishes the public key. */
  dkim_selector: string;
  /** Base64 SubjectPublicKeyInfo (DER) of the 2048-bit RSA key. */
  dkim_public_key: string;
  /** The PKCS#8 PEM private key, sealed with the server's secret key (platform/secret-box.ts). */
  dkim_private_key_sealed: string;
  email_domain_verified: Generated<boolean>;
  verified_at: Date | null;
  created_at: Generated<Date>;
}

export interface SenderDomainsTables {
  vanity_email_domains: VanityEmailDomainTable;
}
