import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by login (the `sub`); the dev login page accepts any password. */
  accounts: Map<string, TestAccount>;
  /** An ID token for our client signed with the provider's own key (what a provider would hand out). */
  signIdToken(
    claims: Record<string, unknown>,
    options?: { expiresAt?: number | string; issuedAt?: number; audience?: string },
  ): Promise<string>;
  /**
   * Acts as the browser: opens the authorization URL, posts the provider's login and consent forms
   * (following redirects, keeping cookies) and answers the URL the provider sends back to the studio.
   */
  signInThroughBrowser(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

/** A real OpenID Connect provider (oidc-provider) on 127.0.0.1, port 0, for one registered client. */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const accounts = new Map<string, TestAccount>();
  const clientId = 'event-studio';
  const clientSecret = 'provider-client-secret-for-tests';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: (_context: unknown, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
    },
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,

    async signIdToken(claims, options = {}) {
      const key = await importJWK(signingKey, 'RS256');
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid ?? 'test-key' })
        .setIssuer(issuer)
        .setAudience(options.audience ?? clientId)
        .setIssuedAt(options.issuedAt)
        .setExpirationTime(options.expiresAt ?? '5m')
        .sign(key);
    },

    async signInThroughBrowser(authorizationUrl, login) {
      const cookies = new Map<string, string>();
      let url = new URL(authorizationUrl);
      let form: URLSearchParams | undefined;
      for (let step = 0; step < 20; step += 1) {
        const response = await fetch(url, {
          method: form ? 'POST' : 'GET',
          redirect: 'manual',
          headers: {
            cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(form ? { body: form.toString() } : {}),
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const [name, ...value] = (pair ?? '').split('=');
          if (name) cookies.set(name.trim(), value.join('='));
        }
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          const next = new URL(location, url);
          if (next.origin !== issuer) return next;
          url = next;
          form = undefined;
          continue;
        }
        const page = await response.text();
        const action = /<form[^>]*action="([^"]+)"[^>]*method="post"/i.exec(page)?.[1];
        if (!action)
          throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 500)}`);
        form = new URLSearchParams();
        for (const [input] of page.matchAll(/<input[^>]*>/g)) {
          const attributes: Record<string, string> = {};
          for (const match of input.matchAll(/([\w-]+)="([^"]*)"/g))
            attributes[match[1] ?? ''] = match[2] ?? '';
          if (!attributes.name) continue;
          if (attributes.name === 'login') form.set('login', login);
          else if (attributes.name === 'password') form.set('password', 'any password');
          else form.set(attributes.name, attributes.value ?? '');
        }
        url = new URL(action.replaceAll('&amp;', '&'), url);
      }
      throw new Error('the provider did not send the browser back');
    },

    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
