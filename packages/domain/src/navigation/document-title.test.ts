import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.ts';

describe('documentTitle', () => {
  it.each<[string, string | null, boolean, string]>([
    ['Events', 'Acme', false, 'Events - Acme | Studio'],
    ['Login', null, false, 'Login - Event Studio | Studio'],
    ['Login', '', false, 'Login - Event Studio | Studio'],
    ['Video Library', 'Acme', true, 'Video Library - Acme | Studio [DEV]'],
  ])('%s with %s', (page, organizationName, devBuild, expected) => {
    expect(documentTitle(page, organizationName, devBuild)).toBe(expected);
  });
});
