import { serverMessages, type LoginResponse } from '@studio/domain';
import { isUuid } from '../../platform/db/uuid.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { secretDigest } from '../../platform/secrets.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  buildAuthorizationRequest,
  discoverProvider,
  exchangeCode,
  InvalidProviderToken,
  verifyIdToken,
  type ProviderIdentity,
  type ProviderSettings,
} from './openid-provider.ts';
import type { SsoSettingsService } from './sso-settings.service.ts';
import type { SsoRepository } from './sso.repository.ts';

/** How long the person has to come back from the provider. */
const loginAttemptTtlSeconds = 10 * 60;

const notConfigured = () => new HttpError(404, 'SSO_NOT_CONFIGURED', serverMessages.ssoNotConfigured);
const failed = () => new HttpError(400, 'SSO_FAILED', serverMessages.ssoFailed);
const invalidToken = (message: string = serverMessages.ssoInvalidToken) =>
  new HttpError(401, 'SSO_INVALID_TOKEN', message);

export interface SsoTokenRequest {
  code?: string | undefined;
  state?: string | undefined;
  iss?: string | undefined;
  organization?: string | undefined;
  token?: string | undefined;
}

/** Sign-in with the organisation's OpenID Connect provider. */
export function createSsoService(deps: {
  sso: SsoRepository;
  settings: SsoSettingsService;
  users: UsersService;
  auth: AuthService;
}) {
  const { sso, settings, users, auth } = deps;

  async function providerFor(organizationId: string): Promise<ProviderSettings> {
    const provider = await settings.enabledProvider(organizationId);
    if (!provider) throw failed();
    return provider;
  }

  async function discover(provider: ProviderSettings) {
    return discoverProvider(provider).catch(() => {
      throw failed();
    });
  }

  /**
   * Finds the person by email within the organisation, or creates them there (no role, email
   * verified). An account outside the organisation is never taken over by its provider.
   */
  async function signInWith(organizationId: string, identity: ProviderIdentity): Promise<LoginResponse> {
    if (!identity.email) throw failed();
    if (identity.emailVerified === false) throw invalidToken();
    const existing = await users.findCredentialsByEmail(identity.email);
    if (existing) {
      if (existing.organization_id !== organizationId) throw invalidToken(serverMessages.ssoAccountElsewhere);
      await users.markEmailVerified(existing.id);
      return auth.signInAs(existing);
    }
    const created = await users.insertIfEmailFree({
      email: identity.email,
      passwordHash: null,
      firstName: identity.givenName ?? '',
      lastName: identity.familyName ?? '',
      organizationId,
      role: null,
      emailVerified: true,
      onlySso: await settings.onlySsoFor(organizationId, identity.email),
    });
    // Created meanwhile by a simultaneous sign-in: go through the checks again.
    if (!created) return signInWith(organizationId, identity);
    return auth.signInAs(created);
  }

  return {
    /** The provider's authorization URL for the organisation named, or the one of this email. */
    async authorize(query: {
      email?: string | undefined;
      organization?: string | undefined;
    }): Promise<string> {
      let organizationId: string | undefined;
      if (query.organization !== undefined) {
        organizationId = isUuid(query.organization) ? query.organization : undefined;
      } else if (query.email) {
        const user = await users.findCredentialsByEmail(query.email);
        organizationId = user?.organization_id ?? undefined;
        if (!organizationId || !(await settings.enabledProvider(organizationId))) {
          organizationId = await settings.organizationForDomainOf(query.email);
        }
      }
      const provider = organizationId ? await settings.enabledProvider(organizationId) : undefined;
      if (!organizationId || !provider) throw notConfigured();

      const request = await buildAuthorizationRequest(
        await discover(provider),
        settings.redirectUri,
        query.email,
      );
      await sso.insertLoginAttempt(
        {
          state_hash: secretDigest(request.state),
          organization_id: organizationId,
          nonce: request.nonce,
          code_verifier: request.codeVerifier,
        },
        loginAttemptTtlSeconds,
      );
      return request.url.href;
    },

    /** The callback's code and state (single use), or an ID token of the organisation's provider. */
    async exchange(request: SsoTokenRequest): Promise<LoginResponse> {
      if (request.code) {
        if (!request.state) throw failed();
        const attempt = await sso.takeLoginAttempt(secretDigest(request.state));
        if (!attempt?.live) throw failed();
        const provider = await providerFor(attempt.organization_id);
        const identity = await exchangeCode(
          await discover(provider),
          { redirectUri: settings.redirectUri, code: request.code, state: request.state, iss: request.iss },
          { nonce: attempt.nonce, codeVerifier: attempt.code_verifier },
        ).catch(() => {
          throw failed();
        });
        return signInWith(attempt.organization_id, identity);
      }
      if (request.token) {
        if (!request.organization || !isUuid(request.organization)) throw failed();
        const provider = await providerFor(request.organization);
        const identity = await verifyIdToken(
          await discover(provider),
          provider.clientId,
          request.token,
        ).catch((error: unknown) => {
          throw error instanceof InvalidProviderToken ? invalidToken() : failed();
        });
        return signInWith(request.organization, identity);
      }
      throw failed();
    },
  };
}

export type SsoService = ReturnType<typeof createSsoService>;
