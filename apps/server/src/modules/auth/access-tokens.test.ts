import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokens } from './access-tokens.ts';

const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('verifies its own tokens and refuses another key’s, a changed one, or one past its lifetime (even once cached)', async () => {
    vi.useFakeTimers({ now: new Date('2031-01-01T10:00:00Z'), toFake: ['Date'] });
    const tokens = createAccessTokens('a'.repeat(64), 900);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    // A second check of the same token answers from the cache, the same way.
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await createAccessTokens('b'.repeat(64), 900).verify(token)).toBeNull();
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'user-2', sid: 'session-1' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
    vi.setSystemTime(new Date('2031-01-01T10:15:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });
});
