import {
  currentUserSchema,
  loginResponseSchema,
  type LoginResponse,
  type SignupRequest,
} from '@studio/domain';
import type { QueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../api/identity.ts';
import { localSession } from '../../api/local-session.ts';
import { studioApi } from '../../api/studio-api.ts';

export interface Credentials {
  email: string;
  password: string;
}

export const logIn = (credentials: Credentials) =>
  studioApi.request({
    method: 'POST',
    path: '/auth/login/',
    body: credentials,
    schema: loginResponseSchema,
    anonymous: true,
  });

/** Creates the account; it does not sign in. */
export const signUp = (request: SignupRequest) =>
  studioApi.request({
    method: 'POST',
    path: '/auth/signup/',
    body: request,
    schema: currentUserSchema,
    anonymous: true,
  });

/** Keeps the tokens and the user of a successful sign-in. */
export function startSession(queryClient: QueryClient, { access, refresh, user }: LoginResponse): void {
  localSession.saveTokens({ access, refresh });
  localSession.rememberUser(user);
  queryClient.setQueryData(currentUserQuery.queryKey, user);
}
