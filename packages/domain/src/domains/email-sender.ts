import { z } from 'zod';

/**
 * The organisation's custom email sender (spec 002 §2.3, §3.7, §4.5, §7.5, §8.4): an address on the
 * organisation's own domain, proven by a DKIM TXT record and a return-path CNAME. Until verified,
 * mail leaves from the studio's default sender with Reply-To set to this address.
 */

export const emailSenderMessages = {
  // Spec 002 §2.3 (the wizard).
  selectDomainStep: 'Select Domain',
  dnsRecordsStep: 'Update your DNS records',
  domainType: 'Domain type',
  domainTypeEmail: 'Email',
  continue: 'Continue',
  loading: 'Loading...',
  recordVerified: 'Record Verified',
  verificationPending: 'Verification Pending',
  propagationNote:
    'DNS changes may take up to 72 hours. Until the records are verified, emails are sent from the default sender.',
  recordsMissingNote: 'Some records are missing or still processing. Please retry after a few minutes.',
  // Spec 002 §5 (validation) and §8.4 (errors).
  required: 'Required',
  invalidEmail: 'Invalid Email Address. Also, uppercase letters are not accepted by email server',
  alreadyExists: 'Email sender already exists. Please refresh to view the existing setup.',
  somethingWentWrong: 'Something went wrong, please try again',
  verificationFailed: 'Email Signature verification failed!',
  deletionFailed: 'Email Signature deletion failed!',
  loadFailed: 'Fetching vanity email domains failed!',
  // Ours: the spec shows no text for these.
  title: 'Email sender',
  description: 'Send registration and reminder emails from an address on your own domain.',
  emailLabel: 'Sender email address',
  emailPlaceholder: 'events@example.com',
  setUp: 'Set up email sender',
  verify: 'Verify',
  delete: 'Delete',
  deleteTitle: 'Delete email sender',
  deleteQuestion: (address: string) =>
    `Delete ${address}? Emails will be sent from the default sender again.`,
  deleted: 'Email sender deleted.',
  verified: 'Email sender verified.',
  freeMailDomain: 'Use an address on a domain your organization owns, not a public mailbox provider.',
} as const;

export const EMAIL_SENDER_ERROR_CODES = {
  alreadyExists: 'EMAIL_SENDER_ALREADY_EXISTS',
  recordMissing: 'EMAIL_SENDER_RECORDS_MISSING',
  lookupFailed: 'DNS_LOOKUP_FAILED',
  freeMailDomain: 'EMAIL_SENDER_PUBLIC_DOMAIN',
} as const;

/** Spec 002 §4.5: after a Verify that found the records missing, Verify waits this long. */
export const EMAIL_SENDER_VERIFY_COOLDOWN_MS = 20_000;
/** Spec 000 (constants): the email input is debounced. */
export const EMAIL_SENDER_INPUT_DEBOUNCE_MS = 500;

/** The DKIM selector's label: `{selector}._domainkey.{domain}` holds the public key. */
export const DKIM_SELECTOR_PREFIX = 'studio';
/** The return path's label in front of the sender's domain (a CNAME to the studio's bounce host). */
export const RETURN_PATH_LABEL = 'studio-bounces';

/** Lowercase only (spec 002 §5): mail servers refuse uppercase here. */
const LOWERCASE_EMAIL = /^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/;

/** Domains everyone can have an address on: nobody can publish DKIM records there. */
const PUBLIC_MAILBOX_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
]);

export const emailDomainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1);
export const isPublicMailboxDomain = (domain: string) => PUBLIC_MAILBOX_DOMAINS.has(domain);

/** One message at a time: 'Required', then the pattern, then the domain. */
export const emailSenderAddressSchema = z
  .string()
  .trim()
  .min(1, emailSenderMessages.required)
  .pipe(
    z
      .string()
      .max(254)
      .regex(LOWERCASE_EMAIL, emailSenderMessages.invalidEmail)
      .refine(
        (address) => !isPublicMailboxDomain(emailDomainOf(address)),
        emailSenderMessages.freeMailDomain,
      ),
  );

/** POST /api/core/vanity_email_domains/ */
export const createVanityEmailDomainRequestSchema = z.strictObject({
  email_sender: emailSenderAddressSchema,
  organization: z.string(),
});
export type CreateVanityEmailDomainRequest = z.input<typeof createVanityEmailDomainRequestSchema>;

/** The vanity email domain with the two records the organisation publishes (spec 002 §3.7). */
export const vanityEmailDomainSchema = z.object({
  id: z.string(),
  email_sender: z.string(),
  organization: z.string(),
  email_domain_verified: z.boolean(),
  dkim_host: z.string(),
  dkim_text_value: z.string(),
  return_path_host: z.string(),
  return_path_value: z.string(),
});
export type VanityEmailDomain = z.infer<typeof vanityEmailDomainSchema>;

export const vanityEmailDomainListQuerySchema = z.object({ organization: z.string() });

/** The DKIM TXT value for a base64 SubjectPublicKeyInfo (RFC 6376 §3.6.1). */
export const dkimTextValue = (publicKeyBase64: string) => `v=DKIM1; k=rsa; p=${publicKeyBase64}`;

/** Whether a TXT value published at the DKIM host carries this key (spaces and case of tags aside). */
export function isDkimRecordFor(published: string, publicKeyBase64: string): boolean {
  const tags = new Map(
    published
      .split(';')
      .map((tag) => tag.trim().split('='))
      .filter((pair) => pair.length >= 2)
      .map(([name = '', ...value]) => [name.trim().toLowerCase(), value.join('=').replace(/\s+/g, '')]),
  );
  return (tags.get('v') ?? 'DKIM1') === 'DKIM1' && tags.get('p') === publicKeyBase64;
}
