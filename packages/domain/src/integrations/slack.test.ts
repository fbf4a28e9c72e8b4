import { describe, expect, it } from 'vitest';
import { startsInWords } from './slack.ts';

describe("startsInWords: the registrant summary's time left", () => {
  it('says the minutes left, rounded', () => {
    expect(startsInWords(20 * 60_000)).toBe('starts in 20 minutes');
    expect(startsInWords(59 * 60_000 + 20_000)).toBe('starts in 59 minutes');
    expect(startsInWords(59 * 60_000 + 40_000)).toBe('starts in 60 minutes');
  });

  it('says one minute, and less than a minute', () => {
    expect(startsInWords(60_000)).toBe('starts in 1 minute');
    expect(startsInWords(20_000)).toBe('starts in less than a minute');
  });
});
