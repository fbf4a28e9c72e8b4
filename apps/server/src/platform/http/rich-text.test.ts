import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('rich text (spec 002 §5.2)', () => {
  it('keeps headings, emphasis, lists, rules, links and alignment; drops scripts, handlers and unsafe links', () => {
    expect(
      sanitizeRichText(
        '<h2 style="text-align:center">Hi</h2><p><strong>b</strong> <s>s</s></p><ul><li>x</li></ul><hr>',
      ),
    ).toBe(
      '<h2 style="text-align:center">Hi</h2><p><strong>b</strong> <s>s</s></p><ul><li>x</li></ul><hr />',
    );
    expect(
      sanitizeRichText(
        '<p onclick="x()" style="color:red">a<script>alert(1)</script></p><img src=x onerror=y>',
      ),
    ).toBe('<p>a</p>');
    expect(
      sanitizeRichText('<a href="javascript:alert(1)">no</a><a href="https://example.com">yes</a>'),
    ).toBe(
      '<a rel="noopener noreferrer nofollow">no</a><a href="https://example.com" rel="noopener noreferrer nofollow">yes</a>',
    );
  });
});
