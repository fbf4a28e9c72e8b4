import { eventsPageSize } from '@studio/domain';
import { useSuspenseQuery } from '@tanstack/react-query';
import { currentUserQuery, organizationQuery } from '../../api/identity.ts';

/** The signed-in member's organisation and what it means for the event screens. */
export function useEventSettings() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  if (!user.organization) throw new Error('The events screens need an organization');
  const organizationId = user.organization;
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationId));
  const { notUseRegistrantCounts } = organization.feature_flags;
  return {
    organizationId,
    workspacesEnabled: organization.is_workspace_enabled,
    /** Spec 001 §9: 25 a page, 10 with the notUseRegistrantCounts flag. */
    pageSize: eventsPageSize({ notUseRegistrantCounts }),
    /** The events list's Registrants column (the list's counts), off with the notUseRegistrantCounts flag. */
    registrantCounts: !notUseRegistrantCounts,
  };
}
