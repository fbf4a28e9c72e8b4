import { describe, expect, it } from 'vitest';
import {
  BLANK_EMAIL_TEMPLATE,
  DEFAULT_EMAIL_TEMPLATES,
  defaultEmailTemplateOf,
  duplicateTemplateName,
  type MergeValues,
} from '@studio/domain';
import {
  CHECK_IN_QR_CID,
  CHECK_IN_TEXT_FALLBACK,
  checkedEmailHtml,
  checkSubject,
  compileEmail,
  withBothParts,
} from './email-rendering.ts';

/** A registrant's values for the default templates. */
const values = (over: Partial<MergeValues> = {}) =>
  ({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    event_title: 'Harbour Meetup',
    event_time: 'Feb 3, 2031, 10:00 AM',
    event_location: 'Pier 4, Harbour Hall',
    organization_name: 'Harbour Org',
    magic_link: 'https://attend.test/e/1/enter?token=magic',
    cancel_link: 'https://attend.test/e/1/cancel?token=cancel',
    unsubscribe_link: 'https://attend.test/unsubscribe?token=u',
    ...over,
  }) as MergeValues;

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

  it('gives the check-in code a line in the text part, which cannot carry its image', async () => {
    const registration = compileEmail(defaultEmailTemplateOf('Registration')!);
    const withCode = await registration.render('ada@example.com', values(), 'ci.code');
    expect(withCode.html).toContain(`cid:${CHECK_IN_QR_CID}`);
    expect(withCode.text).toMatch(
      new RegExp(`Show this code at the check-in desk:\\s+${CHECK_IN_TEXT_FALLBACK.replace('.', '\\.')}$`),
    );
    // A virtual event's registrant has no code: neither part mentions one.
    const without = await registration.render('ada@example.com', values({ event_location: null }));
    expect(without.text).not.toContain('check-in');
    expect(without.html).not.toContain('check-in');
  });

  it("renders a seat's confirmation with its location and its links in words (the text part keeps the address)", async () => {
    const registration = compileEmail(defaultEmailTemplateOf('Registration')!);
    const mail = await registration.render('ada@example.com', values());
    expect(mail.html).toContain('<p>Location: Pier 4, Harbour Hall</p>');
    expect(mail.html).toContain('<a href="https://attend.test/e/1/enter?token=magic">Join the event</a>');
    expect(mail.html).toContain(
      '<a href="https://attend.test/e/1/cancel?token=cancel">Cancel your registration</a>',
    );
    expect(mail.text).toContain('Location: Pier 4, Harbour Hall');
    expect(mail.text).toContain(
      'Your personal link: Join the event [https://attend.test/e/1/enter?token=magic]',
    );
    expect(mail.text).toContain(
      'Cannot make it? Cancel your registration [https://attend.test/e/1/cancel?token=cancel]',
    );
    const virtual = await registration.render('ada@example.com', values({ event_location: null }));
    expect(virtual.text).not.toContain('Location');
    // A block left out leaves no run of blank lines in the text part: paragraphs stay one blank line apart.
    expect(virtual.text).not.toMatch(/\n\s*\n\s*\n/);
  });

  it("names duplicates 'Copy of ' + name, cut to 255", () => {
    expect(duplicateTemplateName('Welcome')).toBe('Copy of Welcome');
    expect(duplicateTemplateName('z'.repeat(255))).toHaveLength(255);
  });
});
