import { sql, type RawBuilder } from 'kysely';

/** What other modules' queries may read of sign-in sessions, written by the module that owns them. */
export const authReadModel = {
  /** The sign-in session is the person's (`userId`: a column reference), neither revoked nor expired. */
  isLiveSession(sessionId: string, userId: string): RawBuilder<boolean> {
    return sql<boolean>`exists (select 1 from auth_sessions where auth_sessions.id = ${sessionId}
      and auth_sessions.user_id = ${sql.ref(userId)} and auth_sessions.revoked_at is null
      and auth_sessions.expires_at > now())`;
  },

  /** The person (`userId`: a column reference) has signed in at least once. */
  hasSignedIn(userId: string): RawBuilder<boolean> {
    return sql<boolean>`exists (select 1 from auth_sessions where auth_sessions.user_id = ${sql.ref(userId)})`;
  },
};
