import { describe, expect, it } from 'vitest';
import { BLANK_EMAIL_TEMPLATE, DEFAULT_EMAIL_TEMPLATES, duplicateTemplateName } from '@studio/domain';
import { checkedEmailHtml, checkSubject, withBothParts } from './email-rendering.ts';

describe('the rendering path', () => {
  it('accepts the blank and every default template as the server stores them', () => {
    for (const template of [BLANK_EMAIL_TEMPLATE, ...DEFAULT_EMAIL_TEMPLATES]) {
      expect(checkSubject(template.subject)).toBe(template.subject);
      expect(checkedEmailHtml(template.email_html)).toContain('{{ first_name }}');
    }
  });

  it('refuses the raw filter and partials, which would bypass escaping or read files', () => {
    expect(() => checkedEmailHtml('<p>{{ first_name | raw }}</p>')).toThrow(/not allowed/);
    expect(() => checkedEmailHtml('{% render "x" %}')).toThrow(/not allowed/);
    expect(() => checkedEmailHtml('<p>{{ first_name | no_such_filter }}</p>')).toThrow();
  });

  it('gives a text-only message an HTML part and an HTML-only one a text part', () => {
    const fromText = withBothParts({ to: 'a@example.com', subject: 'S', text: 'Go <now>: https://x.test/a' });
    expect(fromText.html).toContain('&lt;now&gt;');
    expect(fromText.html).toContain('<a href="https://x.test/a">');
    const fromHtml = withBothParts({
      to: 'a@example.com',
      subject: 'S',
      text: '',
      html: '<p>Hi &amp; bye</p>',
    });
    expect(fromHtml.text).toBe('Hi & bye');
  });

  it("names duplicates 'Copy of ' + name, cut to 255", () => {
    expect(duplicateTemplateName('Welcome')).toBe('Copy of Welcome');
    expect(duplicateTemplateName('z'.repeat(255))).toHaveLength(255);
  });
});
