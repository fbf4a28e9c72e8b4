import type { Executor } from '../../platform/db/executor.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { createSecretBox } from '../../platform/secret-box.ts';
import { createSsoRepository } from './sso.repository.ts';
import { createSsoSettingsService } from './sso-settings.service.ts';
import { createSsoService } from './sso.service.ts';

/** Single sign-on: the organisation's settings and the sign-in through its provider. */
export function createSso(deps: {
  db: Executor;
  secretKey: string;
  publicUrl: string;
  users: UsersService;
  auth: AuthService;
}) {
  const { db, users, auth } = deps;
  const repository = createSsoRepository(db);
  const settings = createSsoSettingsService({
    db,
    sso: repository,
    users,
    secretBox: createSecretBox(deps.secretKey, 'sso client secret v1'),
    publicUrl: deps.publicUrl,
  });
  const sso = createSsoService({ sso: repository, settings, users, auth });
  return { settings, sso };
}
