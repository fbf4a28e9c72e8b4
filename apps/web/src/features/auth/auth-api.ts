import {
  currentUserSchema,
  loginResponseSchema,
  messageResponseSchema,
  type SignupRequest,
} from '@studio/domain';
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
