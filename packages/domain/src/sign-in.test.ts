import { describe, expect, it } from 'vitest';
import { currentUserSchema, USER_STATUSES } from './identity.ts';
import { PASSWORD_RULE_TEXT } from './password.ts';
import {
  forgotPasswordConfirmRequestSchema,
  logoutRequestSchema,
  magicLinkPath,
  SSO_CALLBACK_PATH,
  ssoSettingsUpdateSchema,
  ssoTokenBodySchema,
} from './sign-in.ts';

describe('sign-in contract', () => {
  it('builds the magic-link route of the studio (spec 001 §2.1: /auth/link/{email}/{secretCode})', () => {
    expect(magicLinkPath('ada+events@example.com', 'AbC-_123')).toBe(
      '/auth/link/ada%2Bevents%40example.com/AbC-_123',
    );
    expect(SSO_CALLBACK_PATH).toBe('/auth/sso');
  });

  it('knows the statuses a current user can have', () => {
    expect(USER_STATUSES).toEqual(['CONFIRMED', 'FORCE_CHANGE_PASSWORD']);
    expect(currentUserSchema.shape.status.options).toEqual([...USER_STATUSES]);
  });

  it('enforces the password rule when a password is reset', () => {
    const base = { email: ' Ada@Example.com ', code: '123456' };
    const weak = forgotPasswordConfirmRequestSchema.safeParse({ ...base, password: 'weak' });
    expect(weak.success).toBe(false);
    expect(weak.error?.issues[0]?.message).toBe(PASSWORD_RULE_TEXT);
    const strong = forgotPasswordConfirmRequestSchema.parse({ ...base, password: 'Str0ng@Pass' });
    expect(strong.email).toBe('ada@example.com');
  });

  it('signs out of one session by default, of all with global', () => {
    expect(logoutRequestSchema.parse({ refresh: 'r' }).global).toBeUndefined();
    expect(logoutRequestSchema.parse({ refresh: 'r', global: true }).global).toBe(true);
  });

  it('takes the SSO token exchange with or without a body', () => {
    expect(ssoTokenBodySchema.parse(undefined)).toBeUndefined();
    expect(ssoTokenBodySchema.parse({ token: 'x' })).toEqual({ token: 'x' });
  });

  /** SSO settings that pass: each case below changes one field. */
  const sso = { issuer: 'https://idp.example.com', client_id: 'c', enabled: true };

  it.each([
    ['example.com', 'example.com'],
    ['@Example.COM', 'example.com'],
    [' sub.example.co.uk ', 'sub.example.co.uk'],
  ])('accepts the SSO email domain %j as %j', (input, expected) => {
    const parsed = ssoSettingsUpdateSchema.parse({ ...sso, email_domains: [input] });
    expect(parsed.email_domains).toEqual([expected]);
  });

  it.each(['example', 'exa mple.com', 'user@example.com', '-bad.com', ''])(
    'refuses the SSO email domain %j',
    (input) => {
      const parsed = ssoSettingsUpdateSchema.safeParse({ ...sso, email_domains: [input] });
      expect(parsed.success).toBe(false);
    },
  );

  it.each(['ftp://idp.example.com', 'javascript:alert(1)', 'not a url'])(
    'refuses the issuer %j',
    (issuer) => {
      expect(ssoSettingsUpdateSchema.safeParse({ ...sso, issuer }).success).toBe(false);
    },
  );

  it('keeps the client secret write-only: optional on update', () => {
    const parsed = ssoSettingsUpdateSchema.parse({ ...sso, enabled: false });
    expect(parsed).toEqual({
      issuer: 'https://idp.example.com',
      client_id: 'c',
      enabled: false,
      email_domains: [],
    });
  });
});
