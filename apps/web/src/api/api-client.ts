import { tokenPairSchema, type TokenPair } from '@studio/domain';
import { apiErrorFrom } from './api-error.ts';

export interface TokenStore {
  tokens(): TokenPair | null;
  saveTokens(tokens: TokenPair): void;
  clear(): void;
}

export interface ApiClientOptions {
  /** Prefix of every path, e.g. `/api`. */
  baseUrl: string;
  tokenStore: TokenStore;
  /** Called once when the session cannot be renewed; the tokens are already cleared. */
  onSessionExpired: () => void;
  /** The network call; the global fetch unless a test stands in for it. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

/** Anything that turns an unknown JSON value into T, such as a zod schema of @studio/domain. */
export interface ResponseSchema<T> {
  parse(value: unknown): T;
}

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** JSON, or a FormData or Blob sent as it is (the browser sets a form's content type). */
  body?: unknown;
  /** Sent without the access token and never renewed (sign-in, sign-up, sign-out). */
  anonymous?: boolean;
}

export interface ApiClient {
  request<T>(request: ApiRequest & { schema: ResponseSchema<T> }): Promise<T>;
  request(request: ApiRequest): Promise<void>;
  /** A file answer (a download), with the same token, renewal and errors as `request`. */
  download(request: ApiRequest): Promise<Blob>;
  /** Renews the access token once (shared with any renewal under way); false when the session ended. */
  renewSession(): Promise<boolean>;
}

const sentAsIs = (body: unknown): body is FormData | Blob =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob);

/**
 * Spec 001 §4 and §8: calls carry the bearer access token; on a 401 the tokens are refreshed once
 * (parallel 401s share one refresh) and the call retried; a second 401 ends the session.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokenStore, onSessionExpired } = options;
  const fetchFn = options.fetch ?? ((url, init) => fetch(url, init));
  let refreshing: Promise<boolean> | null = null;

  function send(method: string, path: string, body: unknown, accessToken: string | undefined) {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    const init: RequestInit = { method, headers };
    if (sentAsIs(body)) init.body = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetchFn(`${baseUrl}${path}`, init);
  }

  async function refresh(): Promise<boolean> {
    const current = tokenStore.tokens();
    if (!current) return false;
    const response = await send('POST', '/auth/token/refresh/', { refresh: current.refresh }, undefined);
    if (!response.ok) return false;
    tokenStore.saveTokens(tokenPairSchema.parse(await response.json()));
    return true;
  }

  function refreshOnce(): Promise<boolean> {
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function expire() {
    if (!tokenStore.tokens()) return;
    tokenStore.clear();
    onSessionExpired();
  }

  async function respond({ method, path, body, anonymous }: ApiRequest): Promise<Response> {
    if (anonymous) return send(method, path, body, undefined);
    const usedToken = tokenStore.tokens()?.access;
    const first = await send(method, path, body, usedToken);
    if (first.status !== 401) return first;
    // Another call may have renewed the tokens while this one was on its way.
    const renewed =
      (usedToken !== undefined && tokenStore.tokens()?.access !== usedToken) || (await refreshOnce());
    const second = renewed ? await send(method, path, body, tokenStore.tokens()?.access) : first;
    if (second.status === 401) expire();
    return second;
  }

  function request<T>(call: ApiRequest & { schema: ResponseSchema<T> }): Promise<T>;
  function request(call: ApiRequest): Promise<void>;
  async function request<T>(call: ApiRequest & { schema?: ResponseSchema<T> }): Promise<T | undefined> {
    const response = await respond(call);
    if (!response.ok) throw await apiErrorFrom(response);
    return call.schema?.parse(await response.json());
  }

  async function download(call: ApiRequest): Promise<Blob> {
    const response = await respond(call);
    if (!response.ok) throw await apiErrorFrom(response);
    return response.blob();
  }

  async function renewSession(): Promise<boolean> {
    const renewed = await refreshOnce();
    if (!renewed) expire();
    return renewed;
  }

  return { request, download, renewSession };
}
