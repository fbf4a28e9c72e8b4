import type { OrganizationPlan } from '@studio/domain';
import { moduleLink } from '../../platform/module-links.ts';
import type { Studio } from '../../studio-area.ts';
import { attendeeBaseUrlFor, attendeeSiteUrl } from '../attendee-site/attendee-origin.ts';
import { createDnsLookup } from '../../platform/dns-lookup.ts';
import { senderDomainsArea } from '../sender-domains/sender-domains.area.ts';
import { createDomainsRepository } from './domains.repository.ts';
import { registerDomainsRoutes } from './domains.routes.ts';
import { createDomainsService } from './domains.service.ts';

/**
 * Custom registration domains (issue 17 §6): verified by DNS, the attendee links' origin; and the
 * organisation's email sender (issue 33 §8), verified by DNS too. Offers the attendee links' base URL; asks the organisations (built after, they read the domains) for
 * the plan of an organisation.
 */
export function domainsArea(studio: Studio) {
  const { config } = studio;
  const planOf = moduleLink<(organizationId: string) => Promise<OrganizationPlan>>(
    'organizations → domains: the plan of an organisation',
  );
  const dns = createDnsLookup(config.dnsServers);
  const domains = createDomainsService({
    domains: createDomainsRepository(studio.database.db),
    planOf: (id) => planOf.use()(id),
    lookupTxt: dns.txt,
    attendeeHost: new URL(attendeeSiteUrl(config)).hostname,
    pubsub: studio.platform.pubsub,
  });
  registerDomainsRoutes(studio.app, domains, studio.publicUrl);
  // The HTTP server plays media to the pages of verified custom domains.
  studio.platform.verifiedDomainOrigin.provide(domains.isVerifiedOrigin);
  const sharedDefaultDomainOf = studio.publicRead(
    (organizationId: string) => domains.defaultDomainOf(organizationId),
    String,
  );
  const attendeeBaseUrl = attendeeBaseUrlFor(config, (organizationId, tx) =>
    tx ? domains.defaultDomainOf(organizationId, tx) : sharedDefaultDomainOf(organizationId),
  );
  return { domains, planOf, attendeeBaseUrl, senderDomains: senderDomainsArea(studio, dns) };
}

export type DomainsArea = ReturnType<typeof domainsArea>;
