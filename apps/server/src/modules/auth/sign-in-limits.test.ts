import { describe, expect, it } from 'vitest';
import { newUserDetails, strongPassword } from '../../../test/harness.ts';
import { fileStudio } from '../../../test/file-studio.ts';

// Low limits through the studio's configuration: 3 per email, 5 per client address. The window is
// an hour so that no test straddles the start of a new window.
const windowSeconds = 3600;
const studio = fileStudio({ authRateLimit: { perEmail: 3, perIp: 5, windowSeconds } });

let addressCounter = 0;
/** A client address of its own per test, so tests do not share the per-address counters. */
const newAddress = () => `198.51.100.${(addressCounter += 1)}`;

const call = (method: 'GET' | 'POST', url: string, remoteAddress: string, payload?: object) =>
  studio.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

const expectTooMany = (response: Awaited<ReturnType<typeof call>>) => {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many requests. Please try again later.',
  });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  // A sliding window charges refused hits too, and a key starts afresh after two idle windows.
  expect(retryAfter).toBeLessThanOrEqual(2 * windowSeconds);
};

/** Every counted endpoint, with a body for a given email. */
const endpoints: {
  name: string;
  method: 'GET' | 'POST';
  url: (email: string) => string;
  body?: (email: string) => object;
}[] = [
  {
    name: 'login',
    method: 'POST',
    url: () => '/api/auth/login/',
    body: (email) => ({ email, password: 'Wr0ng@Pass' }),
  },
  {
    name: 'signup',
    method: 'POST',
    url: () => '/api/auth/signup/',
    body: (email) => ({ ...newUserDetails(), email }),
  },
  {
    name: 'confirm_signup',
    method: 'POST',
    url: () => '/api/auth/confirm_signup/',
    body: (email) => ({ email, code: '123456' }),
  },
  {
    name: 'forgot_password',
    method: 'POST',
    url: () => '/api/auth/forgot_password/',
    body: (email) => ({ email }),
  },
  {
    name: 'forgot_password/confirm',
    method: 'POST',
    url: () => '/api/auth/forgot_password/confirm/',
    body: (email) => ({ email, code: '123456', password: strongPassword }),
  },
  { name: 'magic_link', method: 'POST', url: () => '/api/auth/magic_link/', body: (email) => ({ email }) },
  {
    name: 'magic_link/verify',
    method: 'POST',
    url: () => '/api/auth/magic_link/verify/',
    body: (email) => ({ email, secret_code: 'x' }),
  },
  { name: 'sso token', method: 'POST', url: () => '/api/auth/sso/token/', body: () => ({}) },
  {
    name: 'sso_metadata',
    method: 'GET',
    url: (email) => `/api/core/user/sso_metadata/?email=${encodeURIComponent(email)}`,
  },
];

describe('sign-in rate limits', () => {
  it.each(endpoints)(
    '$name: 429 with Retry-After once one client address is over its limit',
    async (endpoint) => {
      const address = newAddress();
      for (let hit = 1; hit <= 5; hit += 1) {
        const email = `limit-${endpoint.name.replace(/\W/g, '')}-${hit}-${Date.now()}@example.com`;
        const response = await call(endpoint.method, endpoint.url(email), address, endpoint.body?.(email));
        expect(response.statusCode, `hit ${hit}`).not.toBe(429);
      }
      const email = `limit-last-${Date.now()}@example.com`;
      expectTooMany(await call(endpoint.method, endpoint.url(email), address, endpoint.body?.(email)));
      // Another client address is not held back.
      const elsewhere = await call(
        endpoint.method,
        endpoint.url(email),
        newAddress(),
        endpoint.body?.(email),
      );
      expect(elsewhere.statusCode).not.toBe(429);
    },
  );

  it('counts by target email across client addresses', async () => {
    const email = `targeted-${Date.now()}@example.com`;
    for (let hit = 1; hit <= 3; hit += 1) {
      const response = await call('POST', '/api/auth/forgot_password/', newAddress(), { email });
      expect(response.statusCode).toBe(200);
    }
    expectTooMany(await call('POST', '/api/auth/forgot_password/', newAddress(), { email }));
    // The same counter regardless of how the address is written.
    expectTooMany(
      await call('POST', '/api/auth/forgot_password/', newAddress(), { email: email.toUpperCase() }),
    );
    // Login has counters of its own.
    expect(
      (await call('POST', '/api/auth/login/', newAddress(), { email, password: 'Wr0ng@Pass' })).statusCode,
    ).toBe(401);
  });

  it('holds back an unknown email exactly like a known one', async () => {
    const known = newUserDetails();
    expect((await call('POST', '/api/auth/signup/', newAddress(), known)).statusCode).toBe(201);
    const unknown = `unknown-${Date.now()}@example.com`;
    const answers: number[][] = [[], []];
    for (let hit = 1; hit <= 4; hit += 1) {
      answers[0]?.push(
        (await call('POST', '/api/auth/magic_link/', newAddress(), { email: known.email })).statusCode,
      );
      answers[1]?.push(
        (await call('POST', '/api/auth/magic_link/', newAddress(), { email: unknown })).statusCode,
      );
    }
    expect(answers).toEqual([
      [200, 200, 200, 429],
      [200, 200, 200, 429],
    ]);
  });
});
