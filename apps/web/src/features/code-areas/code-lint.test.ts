import { describe, expect, it } from 'vitest';
import { lintCode } from './code-lint.ts';
import { framedText } from './editor-text.ts';

const messages = (area: Parameters<typeof lintCode>[0], code: string) =>
  lintCode(area, framedText(area, code)).map((finding) => finding.message);

describe('code area lint (HTMLHint, JSHint and the domain’s rules)', () => {
  it('accepts clean HTML with a tracking script using an allowed global', () => {
    expect(messages('head', '<script>dataLayer.push({a: 1}); gtag("js");</script>')).toEqual([]);
  });

  it('finds unpaired tags, duplicate ids and attributes, empty src', () => {
    expect(messages('body', '<div id="a"><p id="a">x</p>').length).toBeGreaterThanOrEqual(2);
    expect(messages('body', '<img src="">')).toHaveLength(1);
    expect(messages('body', '<img src="/a.gif" alt="x" alt="y">')).toHaveLength(1);
  });

  it('refuses undefined variables and syntax beyond ES2011 in a hook', () => {
    expect(messages('form_submission', 'console.log(submissionData, isReRegistration);')).toEqual([]);
    expect(messages('form_submission', 'sendTo(unknownThing);').length).toBeGreaterThan(0);
    expect(messages('add_to_calendar', 'let x = calendarType;').length).toBeGreaterThan(0);
  });

  it('flags restricted tags and keywords where they are', () => {
    const text = framedText('body', '<style>p{}</style>');
    const [first] = lintCode('body', text);
    expect(first?.message).toBe('Use of this tag is not allowed');
    expect(text.slice(first?.from, first?.to)).toBe('<style>');
    expect(messages('tracking_snippet', '<script>var c = document.cookie;</script>')).toContain(
      'Use of this keyword is not allowed',
    );
  });
});
