import { apiErrorFrom } from '../../api/api-error.ts';
import { localSession } from '../../api/local-session.ts';
import { studioApi } from '../../api/studio-api.ts';

/**
 * Renews an expired access token: any call through the studio's client refreshes once on a 401
 * (and ends the session when that fails).
 */
export const renewSession = () =>
  studioApi.request({ method: 'GET', path: '/core/user/me/' }).catch(() => undefined);

/**
 * A call the JSON client cannot make — a form body, a file to download — with the bearer token,
 * renewed once on a 401. Throws the API's error for any other failure.
 */
export async function authorizedFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const send = () => {
    const headers = new Headers(init.headers);
    const token = localSession.tokens()?.access;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(`/api${path}`, { ...init, headers });
  };
  let response = await send();
  if (response.status === 401) {
    await renewSession();
    response = await send();
  }
  if (!response.ok) throw await apiErrorFrom(response);
  return response;
}
