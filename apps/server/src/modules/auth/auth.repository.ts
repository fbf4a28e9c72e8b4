import { sql } from 'kysely';
import { usersReadModel } from '../users/users.read-model.ts';
import type { Executor } from '../../platform/db/executor.ts';
import { preparedQuery } from '../../platform/db/prepared.ts';

interface ActiveSessionUser {
  userId: string;
  organizationId: string | null;
  role: string | null;
  inContentSpace: boolean;
}

export type RefreshOutcome =
  | { kind: 'rotated'; sessionId: string; userId: string }
  | { kind: 'replayed'; sessionId: string }
  | { kind: 'invalid' };

export function createAuthRepository(db: Executor) {
  // Every signed-in request runs this: compiled once.
  const activeSessionUser = preparedQuery<[sessionId: string, userId: string], ActiveSessionUser>(
    db,
    2,
    (sessionId, userId) =>
      db
        .selectFrom('auth_sessions')
        .select([
          'auth_sessions.user_id as userId',
          usersReadModel.actingOrganizationOf('auth_sessions.user_id').as('organizationId'),
          usersReadModel.actingRoleOf('auth_sessions.user_id').as('role'),
          usersReadModel.actsInContentSpace('auth_sessions.user_id').as('inContentSpace'),
        ])
        .where('auth_sessions.id', '=', sessionId)
        .where('auth_sessions.user_id', '=', userId)
        .where('auth_sessions.revoked_at', 'is', null)
        .where('auth_sessions.expires_at', '>', sql<Date>`now()`),
  );
  return {
    async createSession(userId: string, expiresAt: Date, refreshTokenHash: string): Promise<string> {
      return db.transaction().execute(async (tx) => {
        const session = await tx
          .insertInto('auth_sessions')
          .values({ user_id: userId, expires_at: expiresAt, revoked_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .insertInto('refresh_tokens')
          .values({ session_id: session.id, token_hash: refreshTokenHash, used_at: null })
          .execute();
        return session.id;
      });
    },

    /**
     * Spends a refresh token once and issues its successor in the same transaction. A token
     * that was already spent is a replay: the caller revokes the whole session (family).
     */
    async rotateRefreshToken(tokenHash: string, nextTokenHash: string): Promise<RefreshOutcome> {
      return db.transaction().execute(async (tx) => {
        const spent = await tx
          .updateTable('refresh_tokens')
          .set({ used_at: sql<Date>`now()` })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .returning('session_id')
          .executeTakeFirst();
        if (!spent) {
          const known = await tx
            .selectFrom('refresh_tokens')
            .select('session_id')
            .where('token_hash', '=', tokenHash)
            .executeTakeFirst();
          return known ? { kind: 'replayed', sessionId: known.session_id } : { kind: 'invalid' };
        }
        const session = await tx
          .selectFrom('auth_sessions')
          .select(['id', 'user_id'])
          .where('id', '=', spent.session_id)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (!session) return { kind: 'invalid' };
        await tx
          .insertInto('refresh_tokens')
          .values({ session_id: session.id, token_hash: nextTokenHash, used_at: null })
          .execute();
        return { kind: 'rotated', sessionId: session.id, userId: session.user_id };
      });
    },

    async findSessionOfRefreshToken(tokenHash: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('refresh_tokens')
        .select('session_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.session_id;
    },

    /** The live (unrevoked, unexpired) session a refresh token belongs to, spent or not. */
    async findLiveSessionOfRefreshToken(
      tokenHash: string,
    ): Promise<{ sessionId: string; userId: string } | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
        .select(['auth_sessions.id as sessionId', 'auth_sessions.user_id as userId'])
        .where('refresh_tokens.token_hash', '=', tokenHash)
        .where('auth_sessions.revoked_at', 'is', null)
        .where('auth_sessions.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    /** Ends every session of the user (global sign-out, password change or reset). */
    async revokeAllSessionsOfUser(userId: string, tx: Executor = db): Promise<void> {
      await tx
        .updateTable('auth_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db
        .updateTable('auth_sessions')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The live session's user, as the request's caller; undefined once revoked or expired. */
    findActiveSessionUser: activeSessionUser,
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
