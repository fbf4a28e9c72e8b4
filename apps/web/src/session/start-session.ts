import type { LoginResponse } from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../api/identity.ts';
import { localSession } from '../api/local-session.ts';

/**
 * Keeps the tokens and the user of a successful sign-in. When another person's session was on
 * this device (a magic link or SSO opened while signed in), their cached data goes first.
 */
export function startSession(queryClient: QueryClient, { access, refresh, user }: LoginResponse): void {
  const previous = localSession.rememberedUser();
  if (previous && previous.id !== user.id) queryClient.clear();
  localSession.saveTokens({ access, refresh });
  localSession.rememberUser(user);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}
