import { z } from 'zod';

/**
 * Custom registration domains (issue 17 §6, spec 001 §3 `registration_app_vanity_domain_settings`):
 * an organisation's own host names for its attendee pages, verified by a DNS TXT record.
 */

/** The TXT record's name is this label in front of the domain. */
export const DOMAIN_CHALLENGE_LABEL = '_event-studio-challenge';
/** The TXT record's value is this prefix and the domain's token. */
export const DOMAIN_CHALLENGE_PREFIX = 'event-studio-verification=';
export const REGISTRATION_DOMAINS_PAGE_SIZE = 50;

export const domainChallengeHost = (domain: string) => `${DOMAIN_CHALLENGE_LABEL}.${domain}`;
export const domainChallengeValue = (token: string) => `${DOMAIN_CHALLENGE_PREFIX}${token}`;

export const domainMessages = {
  // Spec 002 §2.3 (the email domain wizard's badges and note, used for page domains alike).
  recordVerified: 'Record Verified',
  verificationPending: 'Verification Pending',
  // Ours: the spec shows no text for registration domains.
  title: 'Domains',
  pageDomainsTitle: 'Registration page domains',
  description: 'Serve your registration and event pages on your own domain.',
  domainLabel: 'Domain',
  domainPlaceholder: 'events.example.com',
  add: 'Add domain',
  verify: 'Verify',
  makeDefault: 'Make default',
  isDefault: 'Default',
  delete: 'Delete',
  deleteTitle: 'Delete domain',
  deleteQuestion: (domain: string) =>
    `Delete ${domain}? Links to your pages will use the standard address again.`,
  empty: 'No custom domains yet',
  emptyHint: 'Add a domain, create its DNS records, then verify it.',
  recordsTitle: 'Create these DNS records at your DNS provider',
  recordsNote:
    'DNS changes may take up to 72 hours. Until the domain is verified, your pages use the standard address.',
  recordType: 'Type',
  recordHost: 'Host',
  recordValue: 'Value',
  loadFailed: 'Fetching domains failed!',
  added: 'Domain added. Create its DNS records, then verify it.',
  verified: 'Domain verified.',
  defaultSet: 'Default domain saved.',
  deleted: 'Domain deleted.',
  required: 'Required',
  invalidDomain: 'Enter a domain name like events.example.com, without https:// or a path.',
  alreadyAdded: 'Your organization already has this domain.',
  claimedElsewhere: 'This domain is already verified by another organization.',
  notVerified: 'Verify the domain before making it the default.',
  recordMissing:
    'The TXT record was not found or does not match yet. Records may still be processing: try again in a few minutes.',
  lookupFailed: 'The DNS lookup failed. Please try again in a few minutes.',
} as const;

/** Machine codes of the domains API's refusals. */
export const DOMAIN_ERROR_CODES = {
  alreadyAdded: 'DOMAIN_ALREADY_ADDED',
  claimed: 'DOMAIN_ALREADY_CLAIMED',
  notVerified: 'DOMAIN_NOT_VERIFIED',
  recordMissing: 'DOMAIN_RECORD_NOT_FOUND',
  lookupFailed: 'DNS_LOOKUP_FAILED',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The domain as stored: trimmed, lowercase, without a final dot. */
export const normalizeDomain = (input: string) => input.trim().toLowerCase().replace(/\.$/, '');

/**
 * A host name of at least two labels (letters, digits, inner hyphens; 253 characters at most)
 * whose last label is not a number (no IP addresses). International names in their xn-- form.
 */
export function isDomainName(domain: string): boolean {
  const labels = domain.split('.');
  return (
    domain.length <= 253 &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label)) &&
    !/^\d+$/.test(labels[labels.length - 1] ?? '')
  );
}

export const domainNameSchema = z
  .string()
  .transform(normalizeDomain)
  .refine((domain) => domain.length > 0, domainMessages.required)
  .refine((domain) => domain.length === 0 || isDomainName(domain), domainMessages.invalidDomain);

export const addRegistrationDomainRequestSchema = z.strictObject({ domain: domainNameSchema });
export type AddRegistrationDomainRequest = z.input<typeof addRegistrationDomainRequestSchema>;

export const updateRegistrationDomainRequestSchema = z.strictObject({ is_default: z.boolean() });
export type UpdateRegistrationDomainRequest = z.infer<typeof updateRegistrationDomainRequestSchema>;

const dnsRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME']),
  host: z.string(),
  value: z.string(),
});
export type DnsRecord = z.infer<typeof dnsRecordSchema>;

/** A domain as the settings page shows it, with the records to create. */
export const registrationDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  is_default: z.boolean(),
  is_verified: z.boolean(),
  created_at: z.string(),
  /** The TXT record proves ownership; the CNAME points the domain at the attendee site. */
  dns_records: z.array(dnsRecordSchema),
});
export type RegistrationDomain = z.infer<typeof registrationDomainSchema>;

/** A domain can be the default only once verified. */
export const canBeDefault = (domain: Pick<RegistrationDomain, 'is_verified'>) => domain.is_verified;
