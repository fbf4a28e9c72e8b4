import { Resolver } from 'node:dns/promises';

/** The values published at a name: 'missing' when there are none, 'failed' when DNS did not answer. */
export type DnsAnswer = string[] | 'missing' | 'failed';
export type TxtLookup = (name: string) => Promise<DnsAnswer>;

export interface DnsLookup {
  /** TXT records, each record's strings joined (RFC 7208 reads long values so, as does DKIM). */
  txt: TxtLookup;
  /** The CNAME targets of a name, lowercase without the final dot. */
  cname: (name: string) => Promise<DnsAnswer>;
}

// No such name, or the name has no record of that type: the record is simply not there (yet).
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/**
 * Real DNS lookups through `servers` (DNS_SERVERS, `ip` or `ip:port`; unset: the system's
 * resolvers). Custom registration domains and email senders are verified with them.
 */
export function createDnsLookup(servers: readonly string[] | undefined): DnsLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  const answer = async (lookup: () => Promise<string[]>): Promise<DnsAnswer> => {
    try {
      return await lookup();
    } catch (error) {
      return ABSENT.has((error as { code?: string }).code ?? '') ? 'missing' : 'failed';
    }
  };
  return {
    txt: (name) => answer(async () => (await resolver.resolveTxt(name)).map((strings) => strings.join(''))),
    cname: (name) =>
      answer(async () =>
        (await resolver.resolveCname(name)).map((target) => target.toLowerCase().replace(/\.$/, '')),
      ),
  };
}
