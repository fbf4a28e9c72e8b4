import { messages, paths } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { localSession } from '../api/local-session.ts';
import { studioApi } from '../api/studio-api.ts';
import { showToast } from '../ui/toast.ts';
import { endSession } from './end-session.ts';
import { studioUsage } from './studio-usage.ts';

export interface SignOutOptions {
  /** Sign out of all devices: every session of the user ends, not only this one. */
  global?: boolean;
}

/**
 * Revokes the refresh token (with `global`, all of the user's sessions). The session ends on
 * this device whatever the server answers: a token it already revoked, or no answer at all,
 * still signs out locally.
 */
export async function revokeSession(options: SignOutOptions = {}): Promise<void> {
  const refresh = localSession.tokens()?.refresh;
  if (!refresh) return;
  const body = options.global ? { refresh, global: true } : { refresh };
  await studioApi
    .request({ method: 'POST', path: '/auth/logout/', body, anonymous: true })
    .catch(() => undefined);
}

/** Signs out: revokes the session, forgets it, says so and returns to Login. */
export function useSignOut(): (options?: SignOutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (options = {}) => {
    studioUsage.signingOut();
    await revokeSession(options);
    await endSession(queryClient, () => navigate({ href: paths.login }));
    showToast(messages.loggedOut, 'success');
  };
}
