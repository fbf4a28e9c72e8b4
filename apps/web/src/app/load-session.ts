import type { CurrentUser, Organization } from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../api/api-error.ts';
import { currentUserQuery, organizationQuery } from '../api/identity.ts';
import { localSession } from '../api/local-session.ts';

export interface Session {
  user: CurrentUser;
  organization: Organization | null;
}

/** The signed-in user and their organisation, from the cache after the first navigation. */
export async function loadSession(queryClient: QueryClient): Promise<Session | null> {
  if (!localSession.tokens()) return null;
  // The remembered organisation loads alongside the user instead of after it.
  const rememberedOrganization = localSession.rememberedUser()?.organization;
  if (rememberedOrganization) void queryClient.prefetchQuery(organizationQuery(rememberedOrganization));
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    const organization = user.organization
      ? await queryClient.ensureQueryData(organizationQuery(user.organization))
      : null;
    return { user, organization };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}
