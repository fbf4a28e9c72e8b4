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
import type { HttpServer } from '../../platform/http/server.ts';
import { signedIn } from '../../platform/http/access-rules.ts';
import type { AuthService } from './auth.service.ts';
import type { SignInFlowsService } from './sign-in-flows.service.ts';
import type { SignInLimits } from './sign-in-limits.ts';
import { routesOf } from '../../platform/http/route-kit.ts';

const open = { tags: ['auth'], security: [] };

export function registerAuthRoutes(
  app: HttpServer,
  { auth, flows, limits }: { auth: AuthService; flows: SignInFlowsService; limits: SignInLimits },
): void {
  const route = routesOf(app, ['auth']);
  app.post(
    '/api/auth/signup/',
    { schema: { ...open, body: signupRequestSchema, response: { 201: currentUserSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'signup', request.body.email);
      return reply.status(201).send(await flows.signup(request.body));
    },
  );

  app.post(
    '/api/auth/confirm_signup/',
    { schema: { ...open, body: confirmSignupRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'confirm_signup', request.body.email);
      return flows.confirmSignup(request.body.email, request.body.code);
    },
  );

  app.post(
    '/api/auth/confirm_signup/resend/',
    { schema: { ...open, body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'confirm_signup_resend', request.body.email);
      return flows.resendSignupCode(request.body.email);
    },
  );

  app.post(
    '/api/auth/login/',
    { schema: { ...open, body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'login', request.body.email);
      return auth.login(request.body.email, request.body.password);
    },
  );

  app.post(
    '/api/auth/token/refresh/',
    { schema: { ...open, body: refreshRequestSchema, response: { 200: tokenPairSchema } } },
    async (request) => auth.refresh(request.body.refresh),
  );

  app.post(
    '/api/auth/logout/',
    { schema: { ...open, body: logoutRequestSchema } },
    async (request, reply) => {
      await auth.logout(request.body.refresh, request.body.global ?? false);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/forgot_password/',
    { schema: { ...open, body: emailOnlyRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'forgot_password', request.body.email);
      return flows.requestPasswordReset(request.body.email);
    },
  );

  app.post(
    '/api/auth/forgot_password/confirm/',
    {
      schema: { ...open, body: forgotPasswordConfirmRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await limits.enforce(request, reply, 'forgot_password_confirm', request.body.email);
      return flows.confirmPasswordReset(request.body.email, request.body.code, request.body.password);
    },
  );

  app.post(
    '/api/auth/magic_link/',
    { schema: { ...open, body: magicLinkRequestSchema, response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'magic_link', request.body.email);
      return flows.requestMagicLink(request.body.email, request.body.organization);
    },
  );

  app.post(
    '/api/auth/magic_link/verify/',
    { schema: { ...open, body: magicLinkVerifyRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      await limits.enforce(request, reply, 'magic_link_verify', request.body.email);
      return flows.verifyMagicLink(request.body.email, request.body.secret_code);
    },
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
