import { describe, expect, it } from 'vitest';
import { addRegistrationDomainRequestSchema, domainMessages, isDomainName } from './registration-domains.ts';

describe('registration domain names', () => {
  it.each([
    ['events.example.com', true],
    ['a.b', true],
    ['xn--bcher-kva.example', true],
    ['my-events.example.co.uk', true],
    ['localhost', false],
    ['192.168.1.10', false],
    ['-events.example.com', false],
    ['events-.example.com', false],
    ['events..example.com', false],
    ['*.example.com', false],
    ['events_example.com', false],
    [`${'a'.repeat(64)}.example.com`, false],
    [`${'a.'.repeat(127)}com`, false],
  ])('%s is a domain name: %s', (domain, expected) => {
    expect(isDomainName(domain)).toBe(expected);
  });

  it('stores the domain trimmed, lowercase and without a final dot', () => {
    expect(addRegistrationDomainRequestSchema.parse({ domain: ' Events.Example.COM. ' })).toEqual({
      domain: 'events.example.com',
    });
  });

  it('answers Required for an empty domain and the format message for a URL', () => {
    const messagesOf = (domain: string) =>
      addRegistrationDomainRequestSchema.safeParse({ domain }).error?.issues.map((issue) => issue.message);
    expect(messagesOf('  ')).toEqual([domainMessages.required]);
    expect(messagesOf('https://events.example.com/')).toEqual([domainMessages.invalidDomain]);
  });
});
