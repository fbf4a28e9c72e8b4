import { messages, type TokenPair } from '@studio/domain';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type TokenStore } from './api-client.ts';
import { ApiRequestError } from './api-error.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function memoryTokens(initial: TokenPair | null): TokenStore {
  let tokens = initial;
  return {
    tokens: () => tokens,
    saveTokens: (next) => {
      tokens = next;
    },
    clear: () => {
      tokens = null;
    },
  };
}

const echoSchema = { parse: (value: unknown) => value as { ok: boolean } };

/** A server whose valid access token is `fresh`; refresh 'r1' rotates once into it. */
function fakeServer({ refreshWorks = true, acceptRenewedToken = true } = {}) {
  const refreshCalls: string[] = [];
  const fetchFn = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    if (url === '/api/auth/token/refresh/') {
      const { refresh } = JSON.parse(init.body as string) as { refresh: string };
      refreshCalls.push(refresh);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshWorks && refresh === 'r1'
        ? json(200, { access: 'fresh', refresh: 'r2' })
        : json(401, { message: 'The refresh token is invalid.', code: 'INVALID_REFRESH' });
    }
    const authorized = acceptRenewedToken && headers.get('Authorization') === 'Bearer fresh';
    return authorized
      ? json(200, { ok: true })
      : json(401, { message: 'Expired.', code: 'NOT_AUTHENTICATED' });
  });
  return { fetchFn, refreshCalls };
}

function clientFor(server: ReturnType<typeof fakeServer>, tokens: TokenStore) {
  const onSessionExpired = vi.fn();
  const client = createApiClient({
    baseUrl: '/api',
    tokenStore: tokens,
    onSessionExpired,
    fetch: server.fetchFn,
  });
  return { client, onSessionExpired };
}

describe('createApiClient', () => {
  it('sends the bearer access token', async () => {
    const server = fakeServer();
    const { client } = clientFor(server, memoryTokens({ access: 'fresh', refresh: 'r1' }));
    await expect(
      client.request({ method: 'GET', path: '/core/user/me/', schema: echoSchema }),
    ).resolves.toEqual({
      ok: true,
    });
    expect(server.refreshCalls).toEqual([]);
  });

  it('shares one refresh among five parallel 401s and retries each call', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const { client, onSessionExpired } = clientFor(server, tokens);

    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.request({ method: 'GET', path: '/core/events/', schema: echoSchema }),
      ),
    );

    expect(results).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(server.refreshCalls).toEqual(['r1']);
    expect(tokens.tokens()).toEqual({ access: 'fresh', refresh: 'r2' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('retries without refreshing when another call already renewed the token', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const { client } = clientFor(server, tokens);
    const fetchFn = server.fetchFn.getMockImplementation();
    server.fetchFn.mockImplementationOnce(async (url, init) => {
      const answer = await fetchFn?.(url, init);
      tokens.saveTokens({ access: 'fresh', refresh: 'r2' });
      return answer ?? json(500, {});
    });

    await client.request({ method: 'GET', path: '/core/events/', schema: echoSchema });

    expect(server.refreshCalls).toEqual([]);
  });

  it('signs out once when the retried call is refused again', async () => {
    const server = fakeServer({ acceptRenewedToken: false });
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const { client, onSessionExpired } = clientFor(server, tokens);

    const calls = Array.from({ length: 3 }, () =>
      client.request({ method: 'GET', path: '/core/events/' }).catch((error: unknown) => error),
    );
    const errors = await Promise.all(calls);

    for (const error of errors) expect(error).toMatchObject({ status: 401, code: 'NOT_AUTHENTICATED' });
    expect(server.refreshCalls).toEqual(['r1']);
    expect(tokens.tokens()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('signs out when the refresh itself is refused', async () => {
    const server = fakeServer({ refreshWorks: false });
    const tokens = memoryTokens({ access: 'stale', refresh: 'used' });
    const { client, onSessionExpired } = clientFor(server, tokens);

    await expect(client.request({ method: 'GET', path: '/core/events/' })).rejects.toMatchObject({
      status: 401,
    });
    expect(tokens.tokens()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for anonymous calls such as a failed sign-in', async () => {
    const server = fakeServer();
    const tokens = memoryTokens(null);
    const { client, onSessionExpired } = clientFor(server, tokens);

    await expect(
      client.request({
        method: 'POST',
        path: '/auth/login/',
        body: { email: 'a@b.c', password: 'x' },
        anonymous: true,
      }),
    ).rejects.toMatchObject({ status: 401, message: 'Expired.' });
    expect(server.refreshCalls).toEqual([]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    const [, init] = server.fetchFn.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });
});

describe('API errors', () => {
  const failWith = async (response: Response) => {
    const client = createApiClient({
      baseUrl: '/api',
      tokenStore: memoryTokens(null),
      onSessionExpired: () => undefined,
      fetch: () => Promise.resolve(response),
    });
    return client.request({ method: 'GET', path: '/x/', anonymous: true }).then(
      () => expect.unreachable(),
      (error: unknown) => error,
    );
  };

  it.each([
    [
      'the message',
      json(409, { message: 'Already there.', code: 'CONFLICT' }),
      409,
      'Already there.',
      'CONFLICT',
    ],
    [
      "the first field's first message",
      json(400, { errors: { name: ['This field is required.', 'Too short.'] } }),
      400,
      'This field is required.',
      null,
    ],
    ['the fallback', json(400, {}), 400, messages.unknownError, null],
    [
      'a server JSON body',
      json(503, { message: 'Down for upkeep.', code: 'UNAVAILABLE' }),
      503,
      'Down for upkeep.',
      'UNAVAILABLE',
    ],
    [
      'a server failure without JSON',
      new Response('<html>', { status: 502 }),
      502,
      messages.internalServerError,
      null,
    ],
    [
      'a client failure without JSON',
      new Response('nope', { status: 404 }),
      404,
      messages.unknownError,
      null,
    ],
  ])('reads %s', async (_, response, status, message, code) => {
    const error = await failWith(response);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status, message, code });
  });

  it('sends a FormData body as it is, without a JSON content type, renewing the token on a 401', async () => {
    const server = fakeServer();
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    const { client } = clientFor(server, tokens);
    const form = new FormData();
    form.set('name', 'Keynote');
    await expect(
      client.request({ method: 'POST', path: '/core/video_assets/', body: form, schema: echoSchema }),
    ).resolves.toEqual({ ok: true });
    const [, init] = server.fetchFn.mock.calls.at(-1)!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer fresh');
  });

  it('downloads a file answer as a Blob, and throws the API error of a failed one', async () => {
    const fetchFn = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/ready/')
          ? new Response('zip-bytes', { status: 200, headers: { 'Content-Type': 'application/zip' } })
          : json(409, { message: 'Not ready.', code: 'VIDEO_NOT_READY' }),
      ),
    );
    const client = createApiClient({
      baseUrl: '/api',
      tokenStore: memoryTokens({ access: 'fresh', refresh: 'r1' }),
      onSessionExpired: vi.fn(),
      fetch: fetchFn,
    });
    const blob = await client.download({ method: 'GET', path: '/files/ready/' });
    expect(await blob.text()).toBe('zip-bytes');
    await expect(client.download({ method: 'GET', path: '/files/pending/' })).rejects.toMatchObject({
      status: 409,
      code: 'VIDEO_NOT_READY',
    });
  });

  it('renews the session on request (for uploads), and ends it when the refresh token is refused', async () => {
    const working = fakeServer();
    const tokens = memoryTokens({ access: 'stale', refresh: 'r1' });
    expect(await clientFor(working, tokens).client.renewSession()).toBe(true);
    expect(tokens.tokens()).toEqual({ access: 'fresh', refresh: 'r2' });
    const refused = fakeServer({ refreshWorks: false });
    const ended = clientFor(refused, memoryTokens({ access: 'stale', refresh: 'r1' }));
    expect(await ended.client.renewSession()).toBe(false);
    expect(ended.onSessionExpired).toHaveBeenCalledTimes(1);
  });
});
