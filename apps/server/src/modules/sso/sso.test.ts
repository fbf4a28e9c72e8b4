import { generateKeyPair, SignJWT } from 'jose';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { messages, type CurrentUser, type LoginResponse, type SsoSettings } from '@studio/domain';
import { fileMailCatcher, fileStudio, madeBeforeAll, openedForFile } from '../../../test/file-studio.ts';
import { bearer, newOrganization, newUser } from '../../../test/harness.ts';
import { startIdentityProvider } from '../../../test/identity-provider.ts';
import { signInServicesBeside } from '../auth/sign-in.fixtures.ts';

const publicUrl = 'http://studio.test';
const domain = 'acme-sso.test';
const idp = openedForFile(() => startIdentityProvider(`${publicUrl}/auth/sso`));
const catcher = fileMailCatcher();
const studio = fileStudio(() => ({ publicUrl, smtpUrl: catcher.url }));
const admin = madeBeforeAll(() => newOrganization(studio.app, 'SSO Org'));

const settingsUrl = (organizationId: string) => `/api/core/organization/${organizationId}/sso/`;
const putSettings = (access: string, organizationId: string, payload: object) =>
  studio.app.inject({ method: 'PUT', url: settingsUrl(organizationId), headers: bearer(access), payload });
const providerSettings = (overrides: object = {}) => ({
  issuer: idp.issuer,
  client_id: idp.clientId,
  client_secret: idp.clientSecret,
  enabled: true,
  email_domains: [domain],
  ...overrides,
});
const exchange = (query: string, payload?: object) =>
  studio.app.inject({ method: 'POST', url: `/api/auth/sso/token/${query}`, ...(payload ? { payload } : {}) });
const authorize = (query: string) =>
  studio.app.inject({ method: 'GET', url: `/api/auth/sso/authorize/${query}` });
/** How the person with `email` may sign in, as stored: by SSO only, and their password's hash. */
const storedSignIn = (email: string) =>
  studio.database.db
    .selectFrom('users')
    .select(['only_sso', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
const me = (access: string) =>
  studio.app.inject({ method: 'GET', url: '/api/core/user/me/', headers: bearer(access) });

/** Authorize → the provider's login and consent pages → the callback the studio page receives. */
async function signInAtProvider(
  login: string,
  query = `?organization=${admin.organization.id}`,
): Promise<URL> {
  const response = await authorize(query);
  expect(response.statusCode).toBe(302);
  return idp.signInThroughBrowser(response.headers.location as string, login);
}

describe('SSO settings of an organisation', () => {
  it('answers empty settings with the redirect URI to register at the provider', async () => {
    const response = await studio.app.inject({
      method: 'GET',
      url: settingsUrl(admin.organization.id),
      headers: bearer(admin.access),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SsoSettings>()).toEqual({
      organization: admin.organization.id,
      issuer: '',
      client_id: '',
      has_client_secret: false,
      enabled: false,
      email_domains: [],
      redirect_uri: `${publicUrl}/auth/sso`,
    });
  });

  it('checks the provider by discovery, needs a secret, and refuses plain http to another machine', async () => {
    const noSecret = await putSettings(
      admin.access,
      admin.organization.id,
      providerSettings({ client_secret: undefined }),
    );
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json()).toMatchObject({ errors: { client_secret: ['Enter the client secret.'] } });
    const unreachable = await putSettings(
      admin.access,
      admin.organization.id,
      providerSettings({ issuer: 'http://127.0.0.1:9' }),
    );
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json()).toMatchObject({ code: 'SSO_DISCOVERY_FAILED' });
    const insecure = await putSettings(
      admin.access,
      admin.organization.id,
      providerSettings({ issuer: 'http://idp.example.com' }),
    );
    expect(insecure.statusCode).toBe(400);
    expect(insecure.json()).toMatchObject({ errors: { issuer: [expect.stringContaining('https')] } });
  });

  it('saves the provider, never answers the secret back and stores it encrypted', async () => {
    const saved = await putSettings(
      admin.access,
      admin.organization.id,
      providerSettings({ email_domains: ['@ACME-SSO.test'] }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<SsoSettings>()).toMatchObject({
      issuer: idp.issuer,
      client_id: idp.clientId,
      has_client_secret: true,
      enabled: true,
      email_domains: [domain],
    });
    expect(saved.body).not.toContain(idp.clientSecret);
    const stored = await studio.database.db
      .selectFrom('sso_settings')
      .select('client_secret_encrypted')
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_encrypted).not.toContain(idp.clientSecret);
    expect(stored.client_secret_encrypted).toMatch(/^v1\./);

    // Saved again without a secret: the stored one is kept.
    const kept = await putSettings(
      admin.access,
      admin.organization.id,
      providerSettings({ client_secret: undefined }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json<SsoSettings>().has_client_secret).toBe(true);
    const read = await studio.app.inject({
      method: 'GET',
      url: settingsUrl(admin.organization.id),
      headers: bearer(admin.access),
    });
    expect(read.body).not.toContain(idp.clientSecret);
  });

  it('is for the organisation’s admins only: 404 for another organisation, 403 for a member, 401 anonymous', async () => {
    const other = await newOrganization(studio.app, 'Other Org');
    const member = await newUser(studio.app);
    await studio.database.db
      .updateTable('users')
      .set({ organization_id: admin.organization.id, role: null })
      .where('id', '=', member.user.id)
      .execute();
    const memberSession = (
      await studio.app.inject({
        method: 'POST',
        url: '/api/auth/token/refresh/',
        payload: { refresh: member.refresh },
      })
    ).json<{ access: string }>();

    const fromOther = await studio.app.inject({
      method: 'GET',
      url: settingsUrl(admin.organization.id),
      headers: bearer(other.access),
    });
    expect(fromOther.statusCode).toBe(404);
    expect((await putSettings(other.access, admin.organization.id, providerSettings())).statusCode).toBe(404);
    expect(
      (await putSettings(memberSession.access, admin.organization.id, providerSettings())).statusCode,
    ).toBe(403);
    expect(
      (await studio.app.inject({ method: 'GET', url: settingsUrl(admin.organization.id) })).statusCode,
    ).toBe(401);
    expect(
      (
        await studio.app.inject({
          method: 'GET',
          url: settingsUrl('not-a-uuid'),
          headers: bearer(admin.access),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('makes members with an email in the SSO domains only_sso, and undoes it when SSO is switched off', async () => {
    const member = await newUser(studio.app, { email: `bob-${Date.now()}@${domain}` });
    await studio.database.db
      .updateTable('users')
      .set({ organization_id: admin.organization.id })
      .where('id', '=', member.user.id)
      .execute();
    const metadata = () =>
      studio.app.inject({
        method: 'GET',
        url: `/api/core/user/sso_metadata/?email=${encodeURIComponent(member.user.email)}`,
      });

    await putSettings(admin.access, admin.organization.id, providerSettings());
    expect((await metadata()).json()).toEqual({ only_sso: true });
    const login = await studio.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: member.user.email, password: 'Str0ng@Pass' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ code: 'ONLY_SSO', message: messages.onlySso });
    // The administrator's own address is outside the domains.
    expect(
      (
        await studio.app.inject({
          method: 'GET',
          url: `/api/core/user/sso_metadata/?email=${encodeURIComponent(admin.user.email)}`,
        })
      ).json(),
    ).toEqual({ only_sso: false });

    await putSettings(admin.access, admin.organization.id, providerSettings({ enabled: false }));
    expect((await metadata()).json()).toEqual({ only_sso: false });
    await putSettings(admin.access, admin.organization.id, providerSettings());
  });
});

describe('SSO sign-in with OpenID Connect (a real provider on loopback)', () => {
  it('redirects to the provider with PKCE, state and nonce, and signs in the person it sends back, created in the organisation', async () => {
    const email = `alice-${Date.now()}@${domain}`;
    idp.accounts.set('alice', { email, email_verified: true, given_name: 'Alice', family_name: 'Liddell' });

    const redirect = await authorize(`?organization=${admin.organization.id}`);
    expect(redirect.statusCode).toBe(302);
    const location = new URL(redirect.headers.location as string);
    expect(location.origin).toBe(idp.issuer);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: idp.clientId,
      redirect_uri: `${publicUrl}/auth/sso`,
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: 'openid email profile',
    });
    for (const parameter of ['state', 'nonce', 'code_challenge'])
      expect(location.searchParams.get(parameter)).toBeTruthy();

    const callback = await idp.signInThroughBrowser(location.href, 'alice');
    expect(`${callback.origin}${callback.pathname}`).toBe(`${publicUrl}/auth/sso`);
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const response = await exchange(`?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
    expect(response.statusCode).toBe(200);
    const session = response.json<LoginResponse>();
    expect(session.user).toMatchObject({
      email,
      first_name: 'Alice',
      last_name: 'Liddell',
      organization: admin.organization.id,
      role: null,
      email_verified: true,
      status: 'CONFIRMED',
    });
    expect((await me(session.access)).json<CurrentUser>().id).toBe(session.user.id);
    expect(await storedSignIn(email)).toEqual({ only_sso: true, password_hash: null });

    // The code and state are single use.
    const replay = await exchange(`?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'SSO_FAILED' });

    // Next time, by email: the same person is found again (the provider's `iss` forwarded too).
    const again = await signInAtProvider('alice', `?email=${encodeURIComponent(email)}`);
    const second = await exchange(`?${again.searchParams.toString()}`);
    expect(second.statusCode).toBe(200);
    expect(second.json<LoginResponse>().user.id).toBe(session.user.id);
  });

  it('finds the organisation of an unknown email by its SSO domain', async () => {
    const email = `carol-${Date.now()}@${domain}`;
    idp.accounts.set('carol', { email, email_verified: true });
    const callback = await signInAtProvider('carol', `?email=${encodeURIComponent(email)}`);
    const response = await exchange(
      `?code=${callback.searchParams.get('code') ?? ''}&state=${callback.searchParams.get('state') ?? ''}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().user).toMatchObject({
      email,
      organization: admin.organization.id,
      first_name: '',
    });
  });

  it('fails (400 SSO_FAILED) for an expired or unknown state and for a wrong code', async () => {
    idp.accounts.set('dave', { email: `dave-${Date.now()}@${domain}`, email_verified: true });
    const callback = await signInAtProvider('dave');
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const unknownState = await exchange(`?code=${code}&state=not-the-state`);
    const wrongCode = await signInAtProvider('dave').then((other) =>
      exchange(`?code=not-the-code&state=${other.searchParams.get('state') ?? ''}`),
    );
    await sql`update sso_login_attempts set expires_at = now() - interval '1 second'`.execute(
      studio.database.db,
    );
    const expired = await exchange(`?code=${code}&state=${state}`);
    const noState = await exchange(`?code=${code}`);
    for (const response of [unknownState, wrongCode, expired, noState]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'SSO_FAILED',
        message: 'Single sign-on failed. Please try again.',
      });
    }
  });

  it('accepts an ID token of the organisation’s provider; a forged, expired or foreign one is 401 SSO_INVALID_TOKEN', async () => {
    const email = `erin-${Date.now()}@${domain}`;
    const query = `?organization=${admin.organization.id}`;
    const valid = await exchange(query, {
      token: await idp.signIdToken({ sub: 'erin', email, email_verified: true, given_name: 'Erin' }),
    });
    expect(valid.statusCode).toBe(200);
    expect(valid.json<LoginResponse>().user).toMatchObject({
      email,
      organization: admin.organization.id,
      first_name: 'Erin',
    });

    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'erin', email })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(idp.issuer)
      .setAudience(idp.clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const now = Math.floor(Date.now() / 1000);
    const expired = await idp.signIdToken(
      { sub: 'erin', email },
      { issuedAt: now - 7200, expiresAt: now - 3600 },
    );
    const otherAudience = await idp.signIdToken({ sub: 'erin', email }, { audience: 'another-client' });
    const tokens = { forged, expired, otherAudience, garbage: 'not.a.token' };
    for (const [kind, token] of Object.entries(tokens)) {
      const response = await exchange(query, { token });
      expect(response.statusCode, kind).toBe(401);
      expect(response.json()).toMatchObject({ code: 'SSO_INVALID_TOKEN' });
    }
  });

  it('never lets a provider take over an account outside its organisation', async () => {
    const elsewhere = await newOrganization(studio.app, 'Elsewhere Org');
    const response = await exchange(`?organization=${admin.organization.id}`, {
      token: await idp.signIdToken({ sub: 'mallory', email: elsewhere.user.email, email_verified: true }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'SSO_INVALID_TOKEN' });
    expect(response.body).not.toContain('access');
  });

  it('fails without code or token (400 SSO_FAILED), and for a token without a configured organisation', async () => {
    const token = await idp.signIdToken({ sub: 'x', email: `x@${domain}` });
    const other = await newOrganization(studio.app, 'No SSO Org');
    for (const response of [
      await exchange(''),
      await exchange('', {}),
      await exchange('', { token }),
      await exchange(`?organization=${other.organization.id}`, { token }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'SSO_FAILED' });
    }
  });

  it('answers 404 SSO_NOT_CONFIGURED where no provider is switched on', async () => {
    const other = await newOrganization(studio.app, 'Plain Org');
    for (const query of [
      `?organization=${other.organization.id}`,
      '?organization=not-a-uuid',
      `?email=${encodeURIComponent(other.user.email)}`,
      '?email=nobody%40unknown-domain.test',
      '',
    ]) {
      const response = await authorize(query);
      expect(response.statusCode, query).toBe(404);
      expect(response.json()).toMatchObject({ code: 'SSO_NOT_CONFIGURED' });
    }
  });

  it('invites people of an SSO domain to sign in with SSO (no password, no link)', async () => {
    const signIn = signInServicesBeside(studio, { smtpUrl: catcher.url, publicUrl });
    const email = `frank-${Date.now()}@${domain}`;
    const since = catcher.messages.length;
    try {
      const invited = await signIn.flows.createInvitedUser(
        { email, first_name: 'Frank', last_name: 'Lin', organizationId: admin.organization.id, role: null },
        { mode: 'temporary_password' },
      );
      expect(invited.status).toBe('CONFIRMED');
    } finally {
      await signIn.close();
    }
    const mail = await catcher.nextTo(email, since);
    expect(mail.text).toContain('single sign-on');
    expect(mail.text).toContain(`${publicUrl}/auth/login`);
    expect(await storedSignIn(email)).toEqual({ only_sso: true, password_hash: null });
  });
});
