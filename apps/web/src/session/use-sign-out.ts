import { messages, paths } from '@studio/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { localSession } from '../api/local-session.ts';
import { studioApi } from '../api/studio-api.ts';
import { showToast } from '../ui/toast.ts';
import { endSession } from './end-session.ts';

/** Signs out: revokes the refresh token, forgets the session and returns to Login. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const refresh = localSession.tokens()?.refresh;
    if (refresh) {
      // The session ends on this device even when the server cannot be reached.
      await studioApi
        .request({ method: 'POST', path: '/auth/logout/', body: { refresh }, anonymous: true })
        .catch(() => undefined);
    }
    await endSession(queryClient, () => navigate({ href: paths.login }));
    showToast(messages.loggedOut, 'success');
  };
}
