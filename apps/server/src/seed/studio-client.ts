import type { LoginResponse } from '@studio/domain';
import type { HttpServer } from '../platform/http/server.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';

/**
 * The studio's HTTP API called in-process (Fastify inject) as one signed-in person: the seed goes
 * through the same routes, checks and domain rules as the web studio.
 */
export function studioClient(app: HttpServer, access: string) {
  const headers = { authorization: `Bearer ${access}` };
  async function call<T>(
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
    as: { headers?: Record<string, string>; remoteAddress?: string } = { headers },
  ): Promise<T> {
    const response = await app.inject({ method, url, ...as, ...(payload ? { payload } : {}) });
    if (response.statusCode >= 300)
      throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.statusCode === 204 ? (undefined as T) : response.json<T>();
  }
  return {
    get: <T>(url: string) => call<T>('GET', url),
    post: <T>(url: string, payload: Record<string, unknown> = {}) => call<T>('POST', url, payload),
    patch: <T>(url: string, payload: Record<string, unknown>) => call<T>('PATCH', url, payload),
    /** A JSON PUT (a whole object replaced). */
    replace: <T>(url: string, payload: Record<string, unknown>) => call<T>('PUT', url, payload),
    /** A public call made by an anonymous visitor from their own address (registration). */
    publicPost: <T>(url: string, payload: Record<string, unknown>, remoteAddress: string) =>
      call<T>('POST', url, payload, { remoteAddress }),

    /** A file's bytes to a signed upload URL (absolute or not): the second step of a file upload. */
    async put(url: string, body: Buffer, contentType: string): Promise<void> {
      const response = await app.inject({
        method: 'PUT',
        url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : url,
        headers: { ...headers, 'content-type': contentType },
        payload: body,
      });
      if (response.statusCode >= 300)
        throw new Error(`PUT ${url} answered ${response.statusCode}: ${response.body}`);
    },

    /** A tus upload (creation, then the whole file in one PATCH); answers the upload's URL (root-relative). */
    async upload(body: Buffer, filename: string): Promise<string> {
      const tus = { ...headers, 'tus-resumable': '1.0.0' };
      const metadata = `filename ${Buffer.from(filename).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
      const created = await app.inject({
        method: 'POST',
        url: '/api/uploads/',
        headers: { ...tus, 'upload-length': String(body.length), 'upload-metadata': metadata },
      });
      const location = created.headers.location;
      if (created.statusCode !== 201 || typeof location !== 'string') {
        throw new Error(`upload creation answered ${created.statusCode}: ${created.body}`);
      }
      const sent = await app.inject({
        method: 'PATCH',
        url: new URL(location, 'http://studio.invalid').pathname,
        headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        payload: body,
      });
      if (sent.statusCode !== 204) throw new Error(`upload answered ${sent.statusCode}: ${sent.body}`);
      return location;
    },
  };
}

export type StudioClient = ReturnType<typeof studioClient>;

/** Signs in through the login route; null when the email and password do not match an account. */
export async function signIn(
  app: HttpServer,
  email: string,
  password: string,
): Promise<LoginResponse | null> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email, password },
  });
  if (response.statusCode === 401) return null;
  if (response.statusCode !== 200)
    throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  return response.json<LoginResponse>();
}

/** Creates an account through the sign-up route. */
export async function signUp(
  app: HttpServer,
  person: { email: string; password: string; first_name: string; last_name: string },
): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup/', payload: person });
  if (response.statusCode !== 201)
    throw new Error(`sign-up answered ${response.statusCode}: ${response.body}`);
}
