import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import * as oidc from 'openid-client';

/** The organisation's identity provider as the admin entered it. */
export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** What we take from the provider about the person. */
export interface ProviderIdentity {
  email: string | undefined;
  emailVerified: boolean | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
}

/** The provider could not be reached or refused (SSO_FAILED). */
export class ProviderError extends Error {}
/** The token is forged, expired or not for us (SSO_INVALID_TOKEN). */
export class InvalidProviderToken extends Error {}

const requestTimeoutSeconds = 10;
const asymmetricAlgorithms = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);
/** https, or http to this machine only (a provider beside the studio, as in tests). */
export function isAcceptableIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return (
    url.protocol === 'https:' ||
    (url.protocol === 'http:' && (loopbackHosts.has(url.hostname) || url.hostname.startsWith('127.')))
  );
}

/** OpenID Connect discovery (issuer → metadata), with client_secret_basic where the provider offers it. */
export async function discoverProvider(settings: ProviderSettings): Promise<oidc.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:';
  try {
    const found = await oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: requestTimeoutSeconds,
      ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    const metadata = found.serverMetadata();
    // Discovery's default when the provider lists nothing is client_secret_basic (OpenID Connect Discovery §3).
    const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const clientAuth = methods.includes('client_secret_basic')
      ? oidc.ClientSecretBasic(settings.clientSecret)
      : oidc.ClientSecretPost(settings.clientSecret);
    const config = new oidc.Configuration(metadata, settings.clientId, settings.clientSecret, clientAuth);
    config.timeout = requestTimeoutSeconds;
    if (insecure) oidc.allowInsecureRequests(config);
    return config;
  } catch (error) {
    throw new ProviderError('OpenID Connect discovery failed', { cause: error });
  }
}

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The provider's authorization URL for the code flow with PKCE (S256), state and nonce. */
export async function buildAuthorizationRequest(
  config: oidc.Configuration,
  redirectUri: string,
  loginHint: string | undefined,
): Promise<AuthorizationRequest> {
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
  return { url, state, nonce, codeVerifier };
}

/**
 * Exchanges the authorization code (the callback's parameters as the studio forwarded them) and
 * reads the person from the validated ID token, asking the userinfo endpoint when it lacks the email.
 */
export async function exchangeCode(
  config: oidc.Configuration,
  callback: { redirectUri: string; code: string; state: string; iss: string | undefined },
  checks: { nonce: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const currentUrl = new URL(callback.redirectUri);
  currentUrl.searchParams.set('code', callback.code);
  currentUrl.searchParams.set('state', callback.state);
  // The state is bound to this organisation's provider, so the issuer is known even when the
  // studio did not forward `iss`; a forwarded one must match.
  const metadata = config.serverMetadata();
  if (callback.iss ?? metadata.authorization_response_iss_parameter_supported) {
    currentUrl.searchParams.set('iss', callback.iss ?? metadata.issuer);
  }
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: callback.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new ProviderError('no ID token');
    let identity = identityOf(claims);
    if (!identity.email && tokens.access_token) {
      identity = identityOf(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub));
    }
    return identity;
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError('authorization code exchange failed', { cause: error });
  }
}

/** Verifies an ID token the provider issued for our client: signature (its JWKS), issuer, audience, expiry. */
export async function verifyIdToken(
  config: oidc.Configuration,
  clientId: string,
  token: string,
): Promise<ProviderIdentity> {
  const metadata = config.serverMetadata();
  if (!metadata.jwks_uri) throw new ProviderError('the provider publishes no jwks_uri');
  const keys = createRemoteJWKSet(new URL(metadata.jwks_uri), {
    timeoutDuration: requestTimeoutSeconds * 1000,
  });
  try {
    const { payload } = await jwtVerify(token, keys, {
      issuer: metadata.issuer,
      audience: clientId,
      algorithms: asymmetricAlgorithms,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return identityOf(payload);
  } catch (error) {
    const unreachable =
      error instanceof joseErrors.JWKSTimeout ||
      error instanceof joseErrors.JWKSInvalid ||
      !(error instanceof joseErrors.JOSEError);
    if (unreachable) throw new ProviderError('the provider keys could not be read', { cause: error });
    throw new InvalidProviderToken(error.code, { cause: error });
  }
}

function identityOf(claims: JWTPayload | oidc.UserInfoResponse | oidc.IDToken): ProviderIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
  const verified = claims.email_verified;
  return {
    email: text(claims.email)?.toLowerCase(),
    emailVerified:
      typeof verified === 'boolean'
        ? verified
        : verified === 'true'
          ? true
          : verified === 'false'
            ? false
            : undefined,
    givenName: text(claims.given_name),
    familyName: text(claims.family_name),
  };
}
