import {
  currentUserSchema,
  loginResponseSchema,
  messageResponseSchema,
  MY_EVENTS_PAGE_SIZE,
  myEventsSchema,
  type MyEvent,
  type Page,
  type LoginMethod,
  type LoginResponse,
  type MessageResponse,
  type SignupRequest,
} from '@studio/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';
import { startSession } from '../../session/start-session.ts';
import { studioUsage } from '../../session/studio-usage.ts';

/**
 * The events the signed-in person works at (speaker, staff, check-in staff), in any organisation:
 * paged on the server, latest first, MY_EVENTS_PAGE_SIZE a page.
 */
export const myEventsQuery = infiniteQueryOptions({
  queryKey: queryKeys.myEvents,
  queryFn: ({ pageParam }) =>
    studioApi.request({
      method: 'GET',
      path: `/core/user/me/events/?${new URLSearchParams({
        limit: String(MY_EVENTS_PAGE_SIZE),
        offset: String(pageParam),
      }).toString()}`,
      schema: myEventsSchema,
    }),
  initialPageParam: 0,
  getNextPageParam: (last: Page<MyEvent>, all: Page<MyEvent>[]) => {
    const loaded = all.reduce((total, page) => total + page.results.length, 0);
    return last.next && last.results.length > 0 ? loaded : undefined;
  },
});

/** One of the person's events in one role (they may hold two roles in an event). */
export const myEventKey = (event: MyEvent) => `${event.event} ${event.role}`;

/** The events loaded so far (each once), how many there are in all, and how to load the next page. */
export function useMyEvents() {
  const pages = useInfiniteQuery(myEventsQuery);
  const seen = new Set<string>();
  const events = (pages.data?.pages ?? [])
    .flatMap((page) => page.results)
    .filter((event) => !seen.has(myEventKey(event)) && Boolean(seen.add(myEventKey(event))));
  return {
    events,
    count: pages.data?.pages[0]?.count ?? 0,
    more: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMore: () => void pages.fetchNextPage(),
  };
}

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

/** Creates the account and emails a confirmation code; it does not sign in. */
export const signUp = (request: SignupRequest) =>
  studioApi.request({
    method: 'POST',
    path: '/auth/signup/',
    body: request,
    schema: currentUserSchema,
    anonymous: true,
  });

const postAnonymously = (path: string, body: unknown) =>
  studioApi.request({ method: 'POST', path, body, schema: messageResponseSchema, anonymous: true });

export const confirmSignup = (email: string, code: string) =>
  postAnonymously('/auth/confirm_signup/', { email, code });

export const resendSignupCode = (email: string) => postAnonymously('/auth/confirm_signup/resend/', { email });

/** Emails a code to reset the password; the answer is the same whether or not the account exists. */
export const requestPasswordReset = (email: string) => postAnonymously('/auth/forgot_password/', { email });

export const confirmPasswordReset = (request: { email: string; code: string; password: string }) =>
  postAnonymously('/auth/forgot_password/confirm/', request);

/** Emails a single-use sign-in link; the answer is the same whether or not the account exists. */
export const requestMagicLink = (email: string, organization?: string) =>
  postAnonymously('/auth/magic_link/', organization ? { email, organization } : { email });

export const verifyMagicLink = (email: string, secretCode: string) =>
  studioApi.request({
    method: 'POST',
    path: '/auth/magic_link/verify/',
    body: { email, secret_code: secretCode },
    schema: loginResponseSchema,
    anonymous: true,
  });

/** Signs up and, the account made, signs in with the same credentials (spec 001 §4). */
export const signUpAndLogIn = async (request: SignupRequest) => {
  await signUp(request);
  return logIn({ email: request.email, password: request.password });
};

// Mutation hooks. The sign-in screens show failures on the form, not as toasts (spec 001 §4),
// unless they say otherwise.

/** A call that signs the person in: the session starts, then the screen moves on. */
export function useSignIn<TVariables>(
  method: LoginMethod,
  signIn: (variables: TVariables) => Promise<LoginResponse>,
  handlers: { onSignedIn: (response: LoginResponse) => unknown; onRefused?: (error: unknown) => void },
) {
  const queryClient = useQueryClient();
  return useStudioMutation({
    mutationFn: signIn,
    onSuccess: (response) => {
      studioUsage.signedIn(method);
      startSession(queryClient, response);
      return handlers.onSignedIn(response);
    },
    onFailure: (error) => {
      studioUsage.signInFailed(method);
      handlers.onRefused?.(error);
    },
  });
}

/**
 * A call that emails a code or a link, or uses one: `onSent` gets the server's answer; a failure
 * goes to `onRefused`, or is a toast with the server's message when the screen has no form for it.
 */
export function useEmailedStep<TVariables>(
  send: (variables: TVariables) => Promise<MessageResponse>,
  handlers: {
    onSent: (answer: MessageResponse, variables: TVariables) => unknown;
    onRefused?: (error: unknown) => void;
  },
) {
  return useStudioMutation({
    mutationFn: send,
    onSuccess: handlers.onSent,
    ...(handlers.onRefused && { onFailure: handlers.onRefused }),
  });
}
