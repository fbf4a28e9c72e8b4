import { z } from 'zod';
import { requiredText } from './events/query.ts';
import { emailSchema, newPasswordSchema } from './identity.ts';

/** Sign-in flows (spec 001 §2.1, §4, §7 "Authentication and users"): limits and API contract. */

/** One-time codes (sign-up confirmation, password reset) are six digits. */
export const ONE_TIME_CODE_LENGTH = 6;
/** A code or link stops working after this many wrong tries. */
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;
export const SIGN_UP_CODE_TTL_MINUTES = 15;
export const PASSWORD_RESET_CODE_TTL_MINUTES = 15;
export const MAGIC_LINK_TTL_MINUTES = 15;
/** A magic link sent with an invitation lives longer: the invitee may read it the next day. */
export const INVITATION_LINK_TTL_HOURS = 72;

/** The studio route a magic link opens: /auth/link/{email}/{secretCode} (spec 001 §2.1). */
export function magicLinkPath(email: string, secretCode: string): string {
  return `/auth/link/${encodeURIComponent(email)}/${encodeURIComponent(secretCode)}`;
}
/** Where the identity provider sends the browser back; the studio then calls the token exchange. */
export const SSO_CALLBACK_PATH = '/auth/sso';

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

const oneTimeCode = requiredText(64);

export const confirmSignupRequestSchema = z.object({ email: emailSchema, code: oneTimeCode });
export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const forgotPasswordConfirmRequestSchema = z.object({
  email: emailSchema,
  code: oneTimeCode,
  password: newPasswordSchema,
});
export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  organization: z.string().max(64).nullish(),
});
export const magicLinkVerifyRequestSchema = z.object({
  email: emailSchema,
  secret_code: requiredText(256),
});
/** Setting a new password while signed in; the current one is needed unless a change is forced. */
export const setPasswordRequestSchema = z.object({
  password: newPasswordSchema,
  current_password: z.string().max(256).optional(),
});
export const logoutRequestSchema = z.object({ refresh: z.string().min(1), global: z.boolean().optional() });

export const ssoMetadataQuerySchema = z.object({ email: emailSchema });
export const ssoMetadataSchema = z.object({ only_sso: z.boolean() });

export const ssoAuthorizeQuerySchema = z.object({
  email: emailSchema.optional(),
  organization: z.string().max(64).optional(),
});
/** The callback's query as the studio forwards it (code and state, iss when the provider sends it). */
export const ssoTokenQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(2048).optional(),
  organization: z.string().max(64).optional(),
});
/** Alternatively an ID token from the organisation's provider, with `?organization=`. */
export const ssoTokenBodySchema = z.object({ token: z.string().max(16_384).optional() }).nullish();

const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'Enter a domain such as example.com.',
      ),
  );

/** An organisation's OpenID Connect provider. The client secret is never answered back. */
export const ssoSettingsSchema = z.object({
  organization: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  has_client_secret: z.boolean(),
  enabled: z.boolean(),
  /** People of the organisation with an email in these domains must sign in with SSO (only_sso). */
  email_domains: z.array(z.string()),
  /** To register at the provider as the allowed redirect URI. */
  redirect_uri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoSettingsUpdateSchema = z.object({
  issuer: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, message: 'Enter the issuer URL of the provider.' })),
  client_id: requiredText(255),
  /** Write-only: omit it to keep the stored secret. */
  client_secret: z.string().min(1).max(2048).optional(),
  enabled: z.boolean(),
  email_domains: z.array(emailDomain).max(50).default([]),
});
export type SsoSettingsUpdate = z.infer<typeof ssoSettingsUpdateSchema>;
