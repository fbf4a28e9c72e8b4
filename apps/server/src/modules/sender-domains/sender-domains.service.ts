import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import {
  DKIM_SELECTOR_PREFIX,
  dkimTextValue,
  EMAIL_SENDER_ERROR_CODES,
  emailDomainOf,
  emailSenderMessages,
  isDkimRecordFor,
  RETURN_PATH_LABEL,
  type VanityEmailDomain,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import type { DnsLookup } from '../../platform/dns-lookup.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import type { OrganizationCaller } from '../../platform/http/guard.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { MailSender } from '../../platform/mail/mail.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { SenderDomainsRepository, VanityEmailDomainRecord } from './sender-domains.repository.ts';

const generateRsaKeyPair = promisify(generateKeyPair);

export interface SenderDomainsServiceDeps {
  senders: SenderDomainsRepository;
  dns: DnsLookup;
  /** Seals the DKIM private keys at rest. */
  secretBox: SecretBox;
  /** Where the return path's CNAME points: the host that receives bounces (MAIL_RETURN_PATH_HOST). */
  returnPathTarget: string;
}

const dkimHostOf = (record: VanityEmailDomainRecord) => `${record.dkim_selector}._domainkey.${record.domain}`;
const returnPathHostOf = (record: VanityEmailDomainRecord) => `${RETURN_PATH_LABEL}.${record.domain}`;

/** Custom email senders (issue 33 §8): a DKIM key per domain, verified by DNS, then used to send. */
export function createSenderDomainsService(deps: SenderDomainsServiceDeps) {
  const { senders } = deps;

  function ownOrganization(caller: OrganizationCaller, organizationId: string): string {
    if (caller.organizationId !== organizationId) throw notFound();
    return organizationId;
  }

  function toVanityEmailDomain(record: VanityEmailDomainRecord): VanityEmailDomain {
    return {
      ...sameFields(record, ['id', 'email_sender', 'email_domain_verified']),
      organization: record.organization_id,
      dkim_host: dkimHostOf(record),
      dkim_text_value: dkimTextValue(record.dkim_public_key),
      return_path_host: returnPathHostOf(record),
      return_path_value: deps.returnPathTarget,
    };
  }

  /** Both records published as shown: the DKIM key at its host, the return path's CNAME to ours. */
  async function recordsPublished(record: VanityEmailDomainRecord): Promise<boolean> {
    const [txt, cname] = await Promise.all([
      deps.dns.txt(dkimHostOf(record)),
      deps.dns.cname(returnPathHostOf(record)),
    ]);
    if (txt === 'failed' || cname === 'failed')
      throw new HttpError(503, EMAIL_SENDER_ERROR_CODES.lookupFailed, emailSenderMessages.verificationFailed);
    return (
      txt !== 'missing' &&
      txt.some((value) => isDkimRecordFor(value, record.dkim_public_key)) &&
      cname !== 'missing' &&
      cname.includes(deps.returnPathTarget.toLowerCase())
    );
  }

  return {
    async list(caller: OrganizationCaller, organizationId: string): Promise<VanityEmailDomain[]> {
      const record = await senders.ofOrganization(ownOrganization(caller, organizationId));
      return record ? [toVanityEmailDomain(record)] : [];
    },

    /** The caller's organisation's sender with this id (the routes' guard loads it once). */
    find: (caller: OrganizationCaller, id: string) =>
      isUuid(id) ? senders.find(caller.organizationId, id) : Promise.resolve(undefined),

    get: toVanityEmailDomain,

    /** A new sender with a fresh 2048-bit DKIM key; an organisation has one sender at most. */
    async create(caller: OrganizationCaller, organizationId: string, address: string) {
      ownOrganization(caller, organizationId);
      const exists = () =>
        new HttpError(409, EMAIL_SENDER_ERROR_CODES.alreadyExists, emailSenderMessages.alreadyExists);
      if (await senders.ofOrganization(organizationId)) throw exists();
      const { publicKey, privateKey } = await generateRsaKeyPair('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'der' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const record = await senders.insert({
        organization_id: organizationId,
        email_sender: address,
        domain: emailDomainOf(address),
        dkim_selector: `${DKIM_SELECTOR_PREFIX}${randomBytes(4).toString('hex')}`,
        dkim_public_key: publicKey.toString('base64'),
        dkim_private_key_sealed: deps.secretBox.seal(privateKey),
      });
      if (record === 'exists') throw exists();
      return toVanityEmailDomain(record);
    },

    /** Looks both records up in DNS now; a verified sender stays verified. */
    async verify(record: VanityEmailDomainRecord): Promise<VanityEmailDomain> {
      if (record.email_domain_verified) return toVanityEmailDomain(record);
      if (!(await recordsPublished(record)))
        throw new HttpError(
          400,
          EMAIL_SENDER_ERROR_CODES.recordMissing,
          emailSenderMessages.recordsMissingNote,
        );
      return toVanityEmailDomain(await senders.markVerified(record.organization_id, record.id));
    },

    async remove(record: VanityEmailDomainRecord): Promise<void> {
      if (!(await senders.delete(record.organization_id, record.id))) throw notFound();
    },

    /** The organisation's `email_sender` and `email_domain_verified` (spec 002 §3.7). */
    settingsOf: async (organizationId: string, tx?: Executor) => {
      const record = await senders.ofOrganization(organizationId, tx);
      return {
        email_sender: record?.email_sender ?? null,
        email_domain_verified: record?.email_domain_verified ?? false,
      };
    },

    /**
     * How the organisation's mail leaves: once verified, from its address, DKIM-signed, with its
     * return path; before that, from the studio's sender with Reply-To its address.
     */
    async mailSenderOf(organizationId: string): Promise<MailSender | undefined> {
      const record = await senders.ofOrganization(organizationId);
      if (!record) return undefined;
      if (!record.email_domain_verified) return { replyTo: record.email_sender };
      const privateKey = deps.secretBox.open(record.dkim_private_key_sealed);
      // A key sealed under another SECRET_KEY cannot sign: send as before verification.
      if (privateKey === null) return { replyTo: record.email_sender };
      return {
        from: record.email_sender,
        returnPathHost: returnPathHostOf(record),
        dkim: { domainName: record.domain, keySelector: record.dkim_selector, privateKey },
      };
    },
  };
}

export type SenderDomainsService = ReturnType<typeof createSenderDomainsService>;
