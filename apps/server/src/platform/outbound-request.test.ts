import { describe, expect, it } from 'vitest';
import { checkedAddress, isPrivateAddress, OutboundRefused } from './outbound-request.ts';

const policy = { allowedHosts: [] };

describe('outbound requests refuse what is not public', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.20.30.40', true],
    ['172.31.255.1', true],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fe80::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['8.8.8.8', false],
    ['172.32.0.1', false],
    ['2606:4700:4700::1111', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://8.8.8.8/',
    'http://localhost/',
    'ftp://example.com/',
    'http://user:secret@example.com/',
    'http://no-such-host.invalid/',
  ])('refuses %s', async (url) => {
    await expect(checkedAddress(new URL(url), policy)).rejects.toBeInstanceOf(OutboundRefused);
  });

  it('lets an operator allow-listed host through, connecting to the address it checked', async () => {
    expect(await checkedAddress(new URL('http://127.0.0.1:9/'), { allowedHosts: ['127.0.0.1'] })).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
    expect(
      (await checkedAddress(new URL('http://localhost:9/'), { allowedHosts: ['localhost'] })).address,
    ).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
