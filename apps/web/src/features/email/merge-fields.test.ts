import { describe, expect, it } from 'vitest';
import { withSampleValues } from './merge-fields.ts';

describe("the email preview's sample values", () => {
  it('fills the merge fields and shows a condition as a reader with every sample would', () => {
    expect(
      withSampleValues(
        '<p>Hi {{ first_name }}.</p>{% if checkin_qrcode %}<p>Show this code:</p><img src="{{ checkin_qrcode }}">{% endif %}' +
          '{% if unknown_field %}never{% else %}<p>Otherwise</p>{% endif %}{{ not_a_field }}',
      ),
    ).toMatch(
      /^<p>Hi Ada\.<\/p><p>Show this code:<\/p><img src="data:image\/svg\+xml,[^"]+"><p>Otherwise<\/p>\{\{ not_a_field \}\}$/,
    );
  });
});
