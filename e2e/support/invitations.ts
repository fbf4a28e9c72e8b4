import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../../apps/server/src/platform/db/database.ts';
import { loadSecretKey } from '../../apps/server/src/platform/secrets.ts';
import { createAccessTokens } from '../../apps/server/src/modules/auth/access-tokens.ts';
import { createAuthRepository } from '../../apps/server/src/modules/auth/auth.repository.ts';
import { createAuthService } from '../../apps/server/src/modules/auth/auth.service.ts';
import { composeSignIn } from '../../apps/server/src/modules/auth/sign-in-area.ts';
import type { InvitedUser } from '../../apps/server/src/modules/auth/sign-in-flows.service.ts';
import { createUsersRepository } from '../../apps/server/src/modules/users/users.repository.ts';
import { createUsersService } from '../../apps/server/src/modules/users/users.service.ts';

/**
 * Creates members of an organisation with a temporary password, as an admin's "create user" will:
 * through the server's own `createInvitedUser` on the studio's database while the studio is
 * stopped (the API has no create-user route yet; PGlite is a single-process database).
 * Answers each invitee's temporary password, read from the invitation mail.
 */
export async function inviteWithTemporaryPassword(
  dataDir: string,
  invitees: InvitedUser[],
): Promise<Map<string, string>> {
  const database = await openDatabase({ dataDir });
  const printed: string[] = [];
  const log = {
    info: (message: string) => printed.push(message),
    error: () => undefined,
  } as unknown as FastifyBaseLogger;
  try {
    const secretKey = await loadSecretKey(dataDir, undefined);
    const users = createUsersService(createUsersRepository(database.db));
    const auth = createAuthService({
      db: database.db,
      sessions: createAuthRepository(database.db),
      users,
      accessTokens: createAccessTokens(secretKey, 900),
      refreshTokenTtlDays: 30,
    });
    const signIn = composeSignIn({
      db: database.db,
      config: {},
      publicUrl: 'http://studio.invalid',
      secretKey,
      users,
      auth,
      log: () => log,
    });
    const passwords = new Map<string, string>();
    for (const invitee of invitees) {
      const before = printed.length;
      await signIn.flows.createInvitedUser(invitee, { mode: 'temporary_password' });
      const mail = printed.slice(before).join('\n');
      const password = /temporary password:\n\n(\S+)/.exec(mail)?.[1];
      if (!password) throw new Error(`no temporary password in: ${mail}`);
      passwords.set(invitee.email, password);
    }
    await signIn.close();
    return passwords;
  } finally {
    await database.close();
  }
}
