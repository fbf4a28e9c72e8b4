import { createHash, randomBytes } from 'node:crypto';
import { serverMessages, type LoginResponse, type SignupRequest, type TokenPair } from '@studio/domain';
import type { Caller } from '../../platform/http/caller.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { toCurrentUser, type UsersService } from '../users/users.service.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const invalidRefresh = () => new HttpError(401, 'INVALID_REFRESH_TOKEN', serverMessages.invalidRefresh);

const newRefreshToken = () => randomBytes(32).toString('base64url');
// Only a digest is stored: a leaked table grants no session.
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

export function createAuthService(deps: {
  sessions: AuthRepository;
  users: UsersService;
  accessTokens: AccessTokens;
  refreshTokenTtlDays: number;
}) {
  const { sessions, users, accessTokens } = deps;

  async function startSession(userId: string): Promise<TokenPair> {
    const refresh = newRefreshToken();
    const expiresAt = new Date(Date.now() + deps.refreshTokenTtlDays * 86_400_000);
    const sessionId = await sessions.createSession(userId, expiresAt, digest(refresh));
    return { access: await accessTokens.sign({ userId, sessionId }), refresh };
  }

  return {
    async signup(request: SignupRequest) {
      const user = await users.insertIfEmailFree({
        email: request.email,
        passwordHash: await hashPassword(request.password),
        firstName: request.first_name,
        lastName: request.last_name,
      });
      if (!user) {
        throw new HttpError(400, 'EMAIL_UNAVAILABLE', serverMessages.emailUnavailable, {
          email: [serverMessages.emailUnavailable],
        });
      }
      return toCurrentUser(user);
    },

    async login(email: string, password: string): Promise<LoginResponse> {
      const user = await users.findCredentialsByEmail(email);
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS', serverMessages.invalidCredentials);
      return { ...(await startSession(user.id)), user: toCurrentUser(user) };
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const next = newRefreshToken();
      const outcome = await sessions.rotateRefreshToken(digest(refreshToken), digest(next));
      switch (outcome.kind) {
        case 'rotated':
          return { access: await accessTokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId }), refresh: next };
        case 'replayed':
          // A spent token coming back means it was copied: end the whole family.
          await sessions.revokeSession(outcome.sessionId);
          throw invalidRefresh();
        case 'invalid':
          throw invalidRefresh();
      }
    },

    async logout(refreshToken: string): Promise<void> {
      const sessionId = await sessions.findSessionOfRefreshToken(digest(refreshToken));
      if (sessionId) await sessions.revokeSession(sessionId);
    },

    async authenticate(accessToken: string): Promise<Caller | null> {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const user = await sessions.findActiveSessionUser(claims.sessionId, claims.userId);
      return user ? { ...user, sessionId: claims.sessionId } : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
