import { randomBytes } from 'node:crypto';
import {
  accessMessages,
  DOMAIN_ERROR_CODES,
  domainChallengeHost,
  domainChallengeValue,
  domainMessages,
  isPlanFeatureEnabled,
  normalizeDomain,
  type OrganizationPlan,
  type RegistrationDomain,
} from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { PageRequest } from '../../platform/http/pagination.ts';
import type { TxtLookup } from '../../platform/dns-lookup.ts';
import { keptUntilChanged } from '../../platform/kept-until-changed.ts';
import type { PubSub } from '../../platform/realtime/pubsub.ts';
import type { DomainsRepository, RegistrationDomainRecord } from './domains.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';

export interface DomainsServiceDeps {
  domains: DomainsRepository;
  planOf: (organizationId: string) => Promise<OrganizationPlan>;
  lookupTxt: TxtLookup;
  /** The attendee site's host name: the CNAME's target. */
  attendeeHost: string;
  /** Tells every node that a domain's owner changed (verified or deleted). */
  pubsub: PubSub;
}

/** The pub/sub channel on which a node says a domain was verified or deleted (the domain only). */
const HOSTS_CHANNEL = 'domain_hosts';
/** Longest a node trusts a domain's owner without hearing of a change (a lost NOTIFY). */
const HOSTS_KEPT_MS = 10_000;

/** Custom registration domains (issue 17 §6): add, verify by DNS, make default, delete. */
export function createDomainsService(deps: DomainsServiceDeps) {
  const { domains } = deps;
  // Every attendee request asks who owns its host (issue 34: a chat post is one such request).
  const owners = keptUntilChanged(
    deps.pubsub,
    HOSTS_CHANNEL,
    (domain: string) => domains.ownerOf(domain),
    String,
    {
      maxAgeMs: HOSTS_KEPT_MS,
    },
  );

  async function requirePlan(organizationId: string): Promise<void> {
    if (!isPlanFeatureEnabled(await deps.planOf(organizationId), 'whitelabelPageDomain'))
      throw new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);
  }

  async function domainOf(organizationId: string, id: string): Promise<RegistrationDomainRecord> {
    const record = await domains.find(organizationId, id);
    if (!record) throw notFound();
    return record;
  }

  function toRegistrationDomain(record: RegistrationDomainRecord): RegistrationDomain {
    return {
      ...sameFields(record, ['id', 'domain', 'is_default', 'is_verified']),
      created_at: record.created_at.toISOString(),
      dns_records: [
        {
          type: 'TXT',
          host: domainChallengeHost(record.domain),
          value: domainChallengeValue(record.verification_token),
        },
        { type: 'CNAME', host: record.domain, value: deps.attendeeHost },
      ],
    };
  }

  const claimed = () => new HttpError(409, DOMAIN_ERROR_CODES.claimed, domainMessages.claimedElsewhere);

  // The organisation is the caller's own: the routes' guard (`ownOrganization`) let it through.
  return {
    async list(organizationId: string, page: PageRequest) {
      const { count, rows } = await domains.list(organizationId, page);
      return { count, results: rows.map(toRegistrationDomain) };
    },

    async add(organizationId: string, domain: string) {
      await requirePlan(organizationId);
      const owner = await domains.ownerOf(domain);
      if (owner !== undefined && owner !== organizationId) throw claimed();
      const record = await domains.insert({ organizationId, domain, token: randomBytes(16).toString('hex') });
      if (record === 'taken')
        throw new HttpError(409, DOMAIN_ERROR_CODES.alreadyAdded, domainMessages.alreadyAdded, {
          domain: [domainMessages.alreadyAdded],
        });
      return toRegistrationDomain(record);
    },

    /** Looks the TXT record up in DNS now; a verified domain stays verified. */
    async verify(organizationId: string, id: string) {
      await requirePlan(organizationId);
      const record = await domainOf(organizationId, id);
      if (record.is_verified) return toRegistrationDomain(record);
      const owner = await domains.ownerOf(record.domain);
      if (owner !== undefined) throw claimed();
      const values = await deps.lookupTxt(domainChallengeHost(record.domain));
      if (values === 'failed')
        throw new HttpError(503, DOMAIN_ERROR_CODES.lookupFailed, domainMessages.lookupFailed);
      if (values === 'missing' || !values.includes(domainChallengeValue(record.verification_token)))
        throw new HttpError(400, DOMAIN_ERROR_CODES.recordMissing, domainMessages.recordMissing);
      if ((await domains.markVerified(organizationId, id)) === 'claimed') throw claimed();
      await owners.changed(record.domain);
      return toRegistrationDomain(await domainOf(organizationId, id));
    },

    /** `is_default: true` makes a verified domain the one default; false leaves no default. */
    async update(organizationId: string, id: string, isDefault: boolean) {
      const record = await domainOf(organizationId, id);
      if (isDefault) {
        await requirePlan(organizationId);
        if (!record.is_verified || !(await domains.setDefault(organizationId, id)))
          throw new HttpError(400, DOMAIN_ERROR_CODES.notVerified, domainMessages.notVerified, {
            is_default: [domainMessages.notVerified],
          });
      } else {
        await domains.unsetDefault(organizationId, id);
      }
      return toRegistrationDomain(await domainOf(organizationId, id));
    },

    async remove(organizationId: string, id: string): Promise<void> {
      const deleted = isUuid(id) ? await domains.delete(organizationId, id) : undefined;
      if (deleted === undefined) throw notFound();
      await owners.changed(deleted);
    },

    /** The organisation's `registration_app_vanity_domain_settings`. */
    settingsOf: (organizationId: string, tx?: Executor) => domains.settingsOf(organizationId, tx),

    /** The organisation's verified default domain, where its attendee links point. */
    defaultDomainOf: (organizationId: string, tx?: Executor) => domains.defaultOf(organizationId, tx),

    /** The organisation that verified this host name, if any (the attendee site's host check). */
    organizationOfHost: (hostname: string) => owners.read(normalizeDomain(hostname)),
    /** Whether a browser origin is a verified custom domain (served over https, README "Custom domains and TLS"). */
    isVerifiedOrigin: async (origin: string): Promise<boolean> => {
      const url = URL.canParse(origin) ? new URL(origin) : undefined;
      if (url?.protocol !== 'https:' || url.origin !== origin) return false;
      return (await owners.read(normalizeDomain(url.hostname))) !== undefined;
    },
  };
}

export type DomainsService = ReturnType<typeof createDomainsService>;
