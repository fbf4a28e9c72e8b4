import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

/** British spellings the product's own words avoid (the spec quotes its UI in American English). */
const BRITISH =
  /\b(organis\w*|colour\w*|programmes?\b|behaviour\w*|favourite\w*|cancell(ed|ing)|catalogue\w*|licence|customis\w*|recognis\w*|authoris\w*|summaris\w*|centre\b|centred|optimis\w*)/i;
/** The spec's own quoted wording, kept verbatim. */
const SPEC_WORDING = [
  'Alert centre',
  'being optimised in the background',
  'centred with at least 20% margin',
];

/** Every string of a messages or labels object, deep. */
const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];

describe("the product's words", () => {
  it('are spelt as the spec quotes its screens, in American English', () => {
    const british = Object.entries(domain)
      .filter(([name]) => /Messages$|^messages$|Labels$|_LABELS$/.test(name))
      .flatMap(([name, value]) => stringsOf(value).map((text) => `${name}: ${text}`))
      .filter((line) => BRITISH.test(line.replace(/^\w+: /, '')))
      .filter((line) => !SPEC_WORDING.some((quoted) => line.includes(quoted)));
    expect(british).toEqual([]);
  });
});
