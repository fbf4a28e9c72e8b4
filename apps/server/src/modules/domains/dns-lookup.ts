import { Resolver } from 'node:dns/promises';

/** The TXT values published at a name: 'missing' when there are none, 'failed' when DNS did not answer. */
export type TxtLookup = (name: string) => Promise<string[] | 'missing' | 'failed'>;

// No such name, or the name has no TXT record: the record is simply not there (yet).
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME']);

/**
 * A real DNS lookup through `servers` (DNS_SERVERS, `ip` or `ip:port`; unset: the system's
 * resolvers). Each TXT record's strings are joined, as RFC 7208 reads long values.
 */
export function createTxtLookup(servers: readonly string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers && servers.length > 0) resolver.setServers([...servers]);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
    } catch (error) {
      return ABSENT.has((error as { code?: string }).code ?? '') ? 'missing' : 'failed';
    }
  };
}
