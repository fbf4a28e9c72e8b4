import { loginResponseSchema, ssoMetadataSchema } from '@studio/domain';
import { apiErrorFrom } from '../../api/api-error.ts';
import { studioApi } from '../../api/studio-api.ts';
import { useStudioMutation } from '../../api/studio-mutation.ts';

/** Spec 001 §7: whether the account must sign in with its organisation's SSO. */
export const getSsoMetadata = (email: string) =>
  studioApi.request({
    method: 'GET',
    path: `/core/user/sso_metadata/?${new URLSearchParams({ email })}`,
    schema: ssoMetadataSchema,
    anonymous: true,
  });

export type SsoStart = { email: string } | { organization: string };

/** The address that sends the browser on to the identity provider (a 302 from the API). */
export function ssoAuthorizeUrl(start: SsoStart): string {
  return `/api/auth/sso/authorize/?${new URLSearchParams(start)}`;
}

/**
 * Asks the authorize endpoint without following its redirect: a redirect means the provider is
 * ready; otherwise the server's refusal (for example SSO not set up) is thrown as an API error.
 */
export async function checkSsoStart(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual', headers: { Accept: 'application/json' } });
  const redirects = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  if (!redirects) throw await apiErrorFrom(response);
}

/** What the provider sent back to /auth/sso: an authorization code, or an ID token of an organisation. */
export type SsoReturn =
  { code: string; state: string | null; iss: string | null } | { token: string; organization: string | null };

export function exchangeSsoToken(answer: SsoReturn) {
  const query = new URLSearchParams();
  let body: { token: string } | undefined;
  if ('code' in answer) {
    query.set('code', answer.code);
    if (answer.state) query.set('state', answer.state);
    if (answer.iss) query.set('iss', answer.iss);
  } else {
    if (answer.organization) query.set('organization', answer.organization);
    body = { token: answer.token };
  }
  return studioApi.request({
    method: 'POST',
    path: `/auth/sso/token/?${query}`,
    ...(body ? { body } : {}),
    schema: loginResponseSchema,
    anonymous: true,
  });
}

/** Leaves the studio for another address (the identity provider); tests stand in for it. */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Goes to the provider if the studio can start there, else throws the server's refusal. */
export async function leaveForProvider(start: SsoStart, checked = true): Promise<void> {
  const url = ssoAuthorizeUrl(start);
  if (checked) await checkSsoStart(url);
  browserLocation.assign(url);
}

/**
 * Leaving for the identity provider (by email or organisation); a refusal stays in the mutation's
 * error, which the page shows. An SSO-only account certainly has a provider and is not checked.
 */
export const useLeaveForProvider = () =>
  useStudioMutation({
    mutationFn: async (start: SsoStart) => {
      const checked = 'email' in start ? !(await getSsoMetadata(start.email)).only_sso : true;
      await leaveForProvider(start, checked);
    },
    onFailure: () => undefined,
  });
