import {
  confirmSignupRequestSchema,
  currentUserSchema,
  emailOnlyRequestSchema,
  forgotPasswordConfirmRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutRequestSchema,
  magicLinkRequestSchema,
  magicLinkVerifyRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  setPasswordRequestSchema,
  signupRequestSchema,
  tokenPairSchema,
} from '@studio/domain';
import type { z } from 'zod';
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { AuthService } from './auth.service.ts';
import type { SignInFlowsService } from './sign-in-flows.service.ts';
import type { SignInLimits, SignInScope } from './sign-in-limits.ts';
import { publicRoutesOf, routesOf } from '../../platform/http/route-kit.ts';

export function registerAuthRoutes(
  app: HttpServer,
  { auth, flows, limits }: { auth: AuthService; flows: SignInFlowsService; limits: SignInLimits },
): void {
  const route = routesOf(app, ['auth']);
  const open = publicRoutesOf(app, ['auth']);
  /** A step of signing up or in: counted per address and per email (429 past the limit), then taken. */
  const signInStep = <B extends z.ZodType<{ email: string }>, A extends z.ZodType, St extends 200 | 201>(
    path: string,
    scope: SignInScope,
    schemas: { body: B; answer: A; status?: St },
    step: (body: z.output<B>) => Promise<z.output<A>> | z.output<A>,
  ) =>
    open.post(path, schemas, async ({ body }, request, reply) => {
      await limits.enforce(request, reply, scope, body.email);
      return step(body);
    });

  signInStep(
    '/api/auth/signup/',
    'signup',
    { body: signupRequestSchema, answer: currentUserSchema, status: 201 },
    (body) => flows.signup(body),
  );
  signInStep(
    '/api/auth/confirm_signup/',
    'confirm_signup',
    { body: confirmSignupRequestSchema, answer: messageResponseSchema },
    (body) => flows.confirmSignup(body.email, body.code),
  );
  signInStep(
    '/api/auth/confirm_signup/resend/',
    'confirm_signup_resend',
    { body: emailOnlyRequestSchema, answer: messageResponseSchema },
    (body) => flows.resendSignupCode(body.email),
  );
  signInStep('/api/auth/login/', 'login', { body: loginRequestSchema, answer: loginResponseSchema }, (body) =>
    auth.login(body.email, body.password),
  );

  open.post('/api/auth/token/refresh/', { body: refreshRequestSchema, answer: tokenPairSchema }, ({ body }) =>
    auth.refresh(body.refresh),
  );

  open.post('/api/auth/logout/', { body: logoutRequestSchema, status: 204 }, ({ body }) =>
    auth.logout(body.refresh, body.global ?? false),
  );

  signInStep(
    '/api/auth/forgot_password/',
    'forgot_password',
    { body: emailOnlyRequestSchema, answer: messageResponseSchema },
    (body) => flows.requestPasswordReset(body.email),
  );
  signInStep(
    '/api/auth/forgot_password/confirm/',
    'forgot_password_confirm',
    { body: forgotPasswordConfirmRequestSchema, answer: messageResponseSchema },
    (body) => flows.confirmPasswordReset(body.email, body.code, body.password),
  );
  signInStep(
    '/api/auth/magic_link/',
    'magic_link',
    { body: magicLinkRequestSchema, answer: messageResponseSchema },
    (body) => flows.requestMagicLink(body.email, body.organization),
  );
  signInStep(
    '/api/auth/magic_link/verify/',
    'magic_link_verify',
    { body: magicLinkVerifyRequestSchema, answer: loginResponseSchema },
    (body) => flows.verifyMagicLink(body.email, body.secret_code),
  );

  route.post(
    '/api/auth/password/',
    signedIn,
    { body: setPasswordRequestSchema, answer: loginResponseSchema },
    async (input, request, reply) => {
      const caller = input.caller;
      await limits.enforce(request, reply, 'password', caller.userId);
      return auth.changePassword(caller, input.body.password, input.body.current_password);
    },
  );
}
