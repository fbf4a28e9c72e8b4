import type { OrganizationDetail, StudioEvent } from '@studio/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { eventQuery } from '../api/studio-event.ts';
import { Loading } from '../ui/list-states.tsx';

/** The signed-in person's organisation; undefined while it loads. */
export function useOrganization() {
  const organizationId = useQuery(currentUserQuery).data?.organization ?? '';
  return useQuery({ ...organizationQuery(organizationId), enabled: Boolean(organizationId) }).data;
}

interface EventWithOrganizationProps {
  eventId: string;
  /** The spinner's name while either loads. */
  loading: string;
  children: (event: StudioEvent, organization: OrganizationDetail) => ReactNode;
}

/** An event's page over the event and the signed-in person's organisation, a spinner until both are read. */
export function EventWithOrganization({ eventId, loading, children }: EventWithOrganizationProps) {
  const event = useQuery(eventQuery(eventId));
  const organization = useOrganization();
  // The workspace layout answers a missing event; this waits for the shared queries.
  if (!event.data || !organization) return <Loading label={loading} />;
  return children(event.data, organization);
}
