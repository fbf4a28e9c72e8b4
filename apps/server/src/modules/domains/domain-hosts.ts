import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/http/errors.ts';

export interface DomainHostsDeps {
  /** The organisation that verified the host name, if any. */
  organizationOfHost: (hostname: string) => Promise<string | undefined>;
  organizationOfEvent: (eventId: string) => Promise<string | undefined>;
  organizationOfSeries: (seriesId: string) => Promise<string | undefined>;
  organizationOfHubPage: (hubPageId: string) => Promise<string | undefined>;
}

type NamedKind = 'event' | 'series' | 'hub_page';

/** The event, series or hub page a request of the attendee site names, by its route's parameters. */
function namedObject(request: FastifyRequest): { kind: NamedKind; id: string } | undefined {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const url = request.routeOptions.url ?? '';
  if (typeof params.hubPageId === 'string') return { kind: 'hub_page', id: params.hubPageId };
  if (typeof params.seriesId === 'string') return { kind: 'series', id: params.seriesId };
  if (typeof params.id === 'string')
    return { kind: url.startsWith('/api/event/series/') ? 'series' : 'event', id: params.id };
  if (typeof params.eventId === 'string') return { kind: 'event', id: params.eventId };
  return undefined;
}

/**
 * On an organisation's verified custom domain the attendee site serves that organisation's events,
 * series and hub pages only: another organisation's answers 404 there, as an unknown one does. Any other
 * host (EVENTS_PUBLIC_URL, localhost) serves every organisation's pages as before.
 */
export function restrictDomainHosts(site: FastifyInstance, deps: DomainHostsDeps): void {
  site.addHook('onRequest', async (request, reply) => {
    const named = namedObject(request);
    if (!named) return;
    const owner = await deps.organizationOfHost(request.hostname);
    if (owner === undefined) return;
    const organizationOf = {
      event: deps.organizationOfEvent,
      series: deps.organizationOfSeries,
      hub_page: deps.organizationOfHubPage,
    }[named.kind];
    const organizationId = await organizationOf(named.id);
    if (organizationId === owner) return;
    if (request.url.startsWith('/api/')) throw notFound();
    reply.callNotFound();
    return reply;
  });
}
