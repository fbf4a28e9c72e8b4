import { randomBytes } from 'node:crypto';
import { messages, serverMessages, type LoginResponse, type TokenPair } from '@studio/domain';
import type { Executor } from '../../platform/db/executor.ts';
import type { Caller } from '../../platform/http/caller.ts';
import { fieldError, forbidden, HttpError, notAuthenticated } from '../../platform/http/errors.ts';
import { secretDigest } from '../../platform/secrets.ts';
import type { UserRecord } from '../users/users.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { AuthRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

const invalidRefresh = () => new HttpError(401, 'INVALID_REFRESH_TOKEN', serverMessages.invalidRefresh);
const onlySso = () => new HttpError(403, 'ONLY_SSO', messages.onlySso);

const newRefreshToken = () => randomBytes(32).toString('base64url');

/** Sessions and credentials: sign-in, refresh, sign-out, password change. */
export function createAuthService(deps: {
  db: Executor;
  sessions: AuthRepository;
  users: UsersService;
  accessTokens: AccessTokens;
  refreshTokenTtlDays: number;
}) {
  const { db, sessions, users, accessTokens } = deps;

  async function startSession(userId: string): Promise<TokenPair> {
    const refresh = newRefreshToken();
    const expiresAt = new Date(Date.now() + deps.refreshTokenTtlDays * 86_400_000);
    const sessionId = await sessions.createSession(userId, expiresAt, secretDigest(refresh));
    return { access: await accessTokens.sign({ userId, sessionId }), refresh };
  }

  /** A new session for a user whose identity another flow proved (magic link, SSO, password change). */
  async function signInAs(user: Pick<UserRecord, 'id'>): Promise<LoginResponse> {
    return { ...(await startSession(user.id)), user: await users.currentUser(user.id) };
  }

  return {
    signInAs,

    async login(email: string, password: string): Promise<LoginResponse> {
      const user = await users.findCredentialsByEmail(email);
      // Verified even for an unknown email or an SSO-only account: every answer costs the same.
      const valid = await verifyPassword(user?.password_hash ?? null, password);
      // The spec's client asks GET sso_metadata before and gets the same fact; no more is revealed.
      if (user?.only_sso) throw onlySso();
      if (!user || !valid) throw new HttpError(401, 'INVALID_CREDENTIALS', serverMessages.invalidCredentials);
      return signInAs(user);
    },

    async refresh(refreshToken: string): Promise<TokenPair> {
      const next = newRefreshToken();
      const outcome = await sessions.rotateRefreshToken(secretDigest(refreshToken), secretDigest(next));
      switch (outcome.kind) {
        case 'rotated':
          return {
            access: await accessTokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId }),
            refresh: next,
          };
        case 'replayed':
          // A spent token coming back means it was copied: end the whole family.
          await sessions.revokeSession(outcome.sessionId);
          throw invalidRefresh();
        case 'invalid':
          throw invalidRefresh();
      }
    },

    /** Ends the refresh token's session, or with `global` every session of its user. */
    async logout(refreshToken: string, global = false): Promise<void> {
      if (global) {
        const live = await sessions.findLiveSessionOfRefreshToken(secretDigest(refreshToken));
        if (live) await sessions.revokeAllSessionsOfUser(live.userId);
        return;
      }
      const sessionId = await sessions.findSessionOfRefreshToken(secretDigest(refreshToken));
      if (sessionId) await sessions.revokeSession(sessionId);
    },

    /** Ends every sign-in session of the user (a removed member), inside the caller's transaction. */
    endSessions: (userId: string, tx: Executor) => sessions.revokeAllSessionsOfUser(userId, tx),

    /** Sets a new password for the user and ends every session (reset, or inside a caller's transaction). */
    async replacePassword(userId: string, password: string, tx: Executor = db): Promise<void> {
      await users.setPassword(userId, await hashPassword(password), 'CONFIRMED', tx);
      await sessions.revokeAllSessionsOfUser(userId, tx);
    },

    /**
     * The signed-in person sets a new password: the current one is needed unless the change is
     * forced (temporary password) or they have none yet (SSO, magic link). Every other session
     * ends; this one goes on with a fresh pair of tokens.
     */
    async changePassword(
      caller: Caller,
      password: string,
      currentPassword: string | undefined,
    ): Promise<LoginResponse> {
      if (!caller.sessionId || caller.apiTokenId) throw forbidden();
      const user = await users.findCredentialsById(caller.userId);
      if (!user) throw notAuthenticated();
      if (user.status !== 'FORCE_CHANGE_PASSWORD' && user.password_hash) {
        if (!currentPassword) {
          throw fieldError('current_password', serverMessages.currentPasswordRequired);
        }
        if (!(await verifyPassword(user.password_hash, currentPassword))) {
          throw fieldError(
            'current_password',
            serverMessages.currentPasswordInvalid,
            'INVALID_CURRENT_PASSWORD',
          );
        }
      }
      const passwordHash = await hashPassword(password);
      await db.transaction().execute(async (tx) => {
        await users.setPassword(user.id, passwordHash, 'CONFIRMED', tx);
        // Signing in with the emailed temporary password proved the address.
        if (user.status === 'FORCE_CHANGE_PASSWORD') await users.markEmailVerified(user.id, tx);
        await sessions.revokeAllSessionsOfUser(user.id, tx);
      });
      const updated = await users.findById(user.id);
      if (!updated) throw notAuthenticated();
      return signInAs(updated);
    },

    /** The claims of a valid access token, its session not yet checked (see `checksItsOwnSession`). */
    sessionClaims: (accessToken: string) => accessTokens.verify(accessToken),

    async authenticate(accessToken: string): Promise<Caller | null> {
      const claims = await accessTokens.verify(accessToken);
      if (!claims) return null;
      const user = await sessions.findActiveSessionUser(claims.sessionId, claims.userId);
      return user ? { ...user, sessionId: claims.sessionId } : null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
