import type { AttendeeBaseUrl } from '../../platform/attendee-origin.ts';
import type { Executor } from '../../platform/db/executor.ts';

/** The attendee site's port when EVENTS_PORT is not set. */
export const DEFAULT_EVENTS_PORT = 8081;

/** The attendee site's own address: EVENTS_PUBLIC_URL, else the attendee site on this machine. */
export function attendeeSiteUrl(settings: {
  eventsPublicUrl?: string | undefined;
  eventsPort?: number | undefined;
}) {
  return (
    settings.eventsPublicUrl ?? `http://localhost:${settings.eventsPort ?? DEFAULT_EVENTS_PORT}`
  ).replace(/\/$/, '');
}

/**
 * THE one place that decides an organisation's attendee origin: `https://` its verified default
 * custom domain (served through a TLS proxy, README "Custom domains and TLS"), else the attendee
 * site's own address. Nothing else builds attendee URLs.
 */
export function attendeeBaseUrlFor(
  settings: { eventsPublicUrl?: string | undefined; eventsPort?: number | undefined },
  defaultDomainOf: (organizationId: string, tx?: Executor) => Promise<string | undefined> = () =>
    Promise.resolve(undefined),
): AttendeeBaseUrl {
  const base = attendeeSiteUrl(settings);
  return async (organizationId, tx) => {
    const domain = await defaultDomainOf(organizationId, tx);
    return domain === undefined ? base : `https://${domain}`;
  };
}
