import { describe, expect, it } from 'vitest';
import { isContentLabOpen } from './switch.ts';

describe("Content Lab follows its organisation's switch", () => {
  it.each([
    [false, { content_lab_enabled: false }, false],
    [false, { content_lab_enabled: true }, true],
    [false, undefined, false],
    [true, undefined, true],
    [true, { content_lab_enabled: false }, true],
  ])('personal space %s, organisation %j: open %s', (personal, organization, open) => {
    expect(isContentLabOpen(personal, organization)).toBe(open);
  });
});
