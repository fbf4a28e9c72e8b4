import { randomBytes } from 'node:crypto';
import {
  accessMessages,
  API_TOKEN_PREFIX,
  isPlanFeatureEnabled,
  resolveFeatureFlags,
  type ApiToken,
  type CreatedApiToken,
  type OrganizationPlan,
} from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { sameFields } from '../../platform/http/answers.ts';
import type { Counted, PageRequest } from '../../platform/http/pagination.ts';
import {
  requirePermission,
  requireSignedInPerson,
  type OrganizationCaller,
} from '../../platform/http/access-rules.ts';
import type { ApiTokenRecord, ApiTokensRepository } from './api-tokens.repository.ts';
import { isUuid } from '../../platform/db/uuid.ts';
import { TooManyRequestsError, type RateLimiter } from '../../platform/http/rate-limit.ts';
import { secretDigest } from '../../platform/secrets.ts';

/** `st_` + 32 random bytes in base64url: 46 characters. */
const newSecret = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
const SECRET_LENGTH = API_TOKEN_PREFIX.length + 43;
/** What the list shows of a secret: the scheme and the first 8 characters. */
const displayPrefix = (secret: string) => secret.slice(0, API_TOKEN_PREFIX.length + 8);

export const isApiTokenSecret = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

const featureNotEnabled = () => new HttpError(403, 'FEATURE_NOT_ENABLED', accessMessages.featureNotEnabled);

export function createApiTokensService(deps: {
  apiTokens: ApiTokensRepository;
  planOf: (organizationId: string) => Promise<OrganizationPlan>;
  /** Each token's requests per window of the limiter (API_TOKEN_RATE_LIMIT_PER_MINUTE). */
  rateLimit: { limiter: RateLimiter; perWindow: number };
}) {
  const { apiTokens, planOf, rateLimit } = deps;

  /** Org admins (api_token:manage), signed in themselves: a token cannot mint or list tokens. */
  function requireTokenManager(caller: Caller): OrganizationCaller {
    const manager = requirePermission(caller, 'api_token:manage');
    requireSignedInPerson(manager);
    return manager;
  }

  return {
    async list(caller: Caller, page: PageRequest): Promise<Counted<ApiToken>> {
      const manager = requireTokenManager(caller);
      const { count, rows } = await apiTokens.list(manager.organizationId, page);
      return { count, results: rows.map(toApiToken) };
    },

    /** The secret leaves the server once, in this answer; only its digest is kept. */
    async create(caller: Caller, name: string): Promise<CreatedApiToken> {
      const manager = requireTokenManager(caller);
      if (!isPlanFeatureEnabled(await planOf(manager.organizationId), 'tokenCreation')) {
        throw featureNotEnabled();
      }
      const secret = newSecret();
      const record = await apiTokens.insert({
        organizationId: manager.organizationId,
        createdBy: manager.userId,
        name,
        digest: secretDigest(secret),
        prefix: displayPrefix(secret),
      });
      return {
        id: record.id,
        name: record.name,
        prefix: record.prefix,
        created_at: record.created_at.toISOString(),
        token: secret,
      };
    },

    /** Revoked at once: the next request with the token is unauthenticated. */
    async revoke(caller: Caller, id: string): Promise<void> {
      const manager = requireTokenManager(caller);
      if (!isUuid(id) || !(await apiTokens.revoke(manager.organizationId, id))) throw notFound();
    },

    /**
     * The caller an API token stands for: its creator, within the token's organisation. A live
     * token is refused 403 while its organisation's 'new automation API' flag is off, and 429 over
     * its rate limit (the answer says when to retry).
     */
    async authenticate(secret: string): Promise<Caller | null> {
      if (!isApiTokenSecret(secret) || secret.length !== SECRET_LENGTH) return null;
      const holder = await apiTokens.findHolder(secretDigest(secret));
      if (!holder) return null;
      if (!resolveFeatureFlags(holder.featureFlags).isNewAutomationApiEnabled) throw featureNotEnabled();
      const verdict = await rateLimit.limiter.consume([
        { key: `api-token:${holder.tokenId}`, limit: rateLimit.perWindow },
      ]);
      if (!verdict.allowed) throw new TooManyRequestsError(verdict.retryAfterSeconds);
      await apiTokens.touch(holder.tokenId);
      return {
        userId: holder.userId,
        sessionId: null,
        organizationId: holder.organizationId,
        role: holder.role,
        apiTokenId: holder.tokenId,
      };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

function toApiToken(record: ApiTokenRecord): ApiToken {
  return {
    ...sameFields(record, ['id', 'name', 'prefix']),
    created_at: record.created_at.toISOString(),
    last_used_at: record.last_used_at?.toISOString() ?? null,
  };
}
