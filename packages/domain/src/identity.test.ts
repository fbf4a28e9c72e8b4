import { describe, expect, it } from 'vitest';
import {
  createUserRequestSchema,
  isValidWebUrl,
  updateProfileRequestSchema,
  userListQuerySchema,
} from './identity.ts';

describe('URL rule (spec 000 §5: http/https, host or IP, port 1–65535, path, query, fragment)', () => {
  it.each([
    'http://example.com',
    'https://example.com/',
    'https://www.linkedin.com/in/ada-lovelace',
    'https://x.com/ada?lang=en#top',
    'http://localhost',
    'http://localhost:1/',
    'https://example.com:65535/a/b',
    'http://192.168.0.1',
    'http://255.255.255.255:8080/x',
    'https://[::1]:8443/',
    'HTTPS://EXAMPLE.COM/Path',
    'https://sub-domain.example.co.uk/a%20b?q=1&r=2',
  ])('accepts %s', (url) => {
    expect(isValidWebUrl(url)).toBe(true);
  });

  it.each([
    ['no scheme', 'example.com'],
    ['another scheme', 'ftp://example.com'],
    ['a script', 'javascript:alert(1)'],
    ['no host', 'https://'],
    ['port 0', 'https://example.com:0'],
    ['port 65536', 'https://example.com:65536'],
    ['a six-digit port', 'https://example.com:123456'],
    ['an IPv4 part above 255', 'http://256.1.1.1'],
    ['three IPv4 parts', 'http://10.1.1'],
    ['a space', 'https://example.com/a b'],
    ['credentials', 'https://user:pass@example.com'],
    ['a host starting with a hyphen', 'https://-example.com'],
    ['an empty label', 'https://example..com'],
    ['a broken IPv6 address', 'https://[:::1::]/'],
    ['too long', `https://example.com/${'a'.repeat(2048)}`],
  ])('refuses %s', (_name, url) => {
    expect(isValidWebUrl(url)).toBe(false);
  });
});

describe('user requests', () => {
  it('turns blank optional fields into null and keeps teams once', () => {
    const parsed = createUserRequestSchema.parse({
      email: ' Ada@Example.COM ',
      first_name: 'Ada',
      last_name: 'Lovelace',
      organization: 'org-1',
      title: '  ',
      linkedin_url: '',
      workspaces: ['6f1c2a52-3f4e-4d1a-9a51-000000000001', '6f1c2a52-3f4e-4d1a-9a51-000000000001'],
    });
    expect(parsed).toMatchObject({ email: 'ada@example.com', title: null, linkedin_url: null });
    expect(parsed.workspaces).toHaveLength(1);
  });

  it('accepts the organisation roles of the catalogue, not event staff roles or unknown ones', () => {
    const base = { email: 'a@b.co', first_name: 'A', last_name: 'B', organization: 'o' };
    for (const role of ['ORG_ADMIN', 'WORKSPACE_ADMIN', 'EVENT_EDITOR', 'CONTENT_LAB_EDITOR', null]) {
      expect(createUserRequestSchema.safeParse({ ...base, role }).success).toBe(true);
    }
    for (const role of ['PRODUCER', 'COORDINATOR', 'SUPER_ADMIN', '']) {
      expect(createUserRequestSchema.safeParse({ ...base, role }).success).toBe(false);
    }
  });

  it('refuses a bad profile URL with the rule as message', () => {
    const result = updateProfileRequestSchema.safeParse({ twitter_url: 'twitter.com/ada' });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['twitter_url'],
      message: 'Enter a valid URL starting with http:// or https://.',
    });
  });

  it('reads the list query with its defaults', () => {
    expect(userListQuerySchema.parse({})).toEqual({
      workspaces: 'all',
      exclude_studioevents_users: false,
      ordering: 'first_name',
    });
    expect(userListQuerySchema.parse({ exclude_studioevents_users: 'True', limit: '20' })).toMatchObject({
      exclude_studioevents_users: true,
      limit: 20,
    });
  });
});
