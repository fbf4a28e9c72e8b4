import type { DnsLookup } from '../../platform/dns-lookup.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import type { Studio } from '../../studio-area.ts';
import { createSenderDomainsRepository } from './sender-domains.repository.ts';
import { registerSenderDomainsRoutes } from './sender-domains.routes.ts';
import { createSenderDomainsService } from './sender-domains.service.ts';

/** The organisation's own email sender (issue 33 §8): DKIM key, DNS verification, how its mail leaves. */
export function senderDomainsArea(studio: Studio, dns: DnsLookup) {
  const { config, publicUrl } = studio;
  const senderDomains = createSenderDomainsService({
    senders: createSenderDomainsRepository(studio.database.db),
    dns,
    secretBox: createSecretBox(studio.secretKey, 'dkim private key v1'),
    returnPathTarget: config.mailReturnPathHost ?? new URL(publicUrl).hostname,
  });
  registerSenderDomainsRoutes(studio.app, senderDomains);
  return senderDomains;
}
