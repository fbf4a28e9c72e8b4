import { describe, expect, it } from 'vitest';
import { previewValuesOf, withMergeValues } from './merge-fields.ts';

const event = {
  title: 'Northwind <Summit>',
  start_time: new Date('2027-01-27T09:00:00Z'),
  end_time: new Date('2027-01-27T17:00:00Z'),
  timezone: 'Europe/Lisbon',
  location: null,
};

describe("the email preview's values", () => {
  it('fills the merge fields and shows a condition as a reader with every sample would', () => {
    expect(
      withMergeValues(
        '<p>Hi {{ first_name }}.</p>{% if checkin_qrcode %}<p>Show this code:</p><img src="{{ checkin_qrcode }}">{% endif %}' +
          '{% if unknown_field %}never{% else %}<p>Otherwise</p>{% endif %}{{ not_a_field }}',
        previewValuesOf(null, 'Acme').values,
      ),
    ).toMatch(
      /^<p>Hi Ada\.<\/p><p>Show this code:<\/p><img src="data:image\/svg\+xml,[^"]+"><p>Otherwise<\/p>\{\{ not_a_field \}\}$/,
    );
  });

  it("says an event's own facts, escaped and in its zone, and leaves out what it has not", () => {
    const { values, note } = previewValuesOf(event, 'Northwind');
    expect(
      withMergeValues(
        '<p>{{ event_title }}, {{ event_start }}</p>{% if event_location %}<p>At {{ event_location }}</p>{% else %}<p>Online</p>{% endif %}' +
          '<p>{{ organization_name }}</p>',
        values,
      ),
    ).toBe('<p>Northwind &lt;Summit&gt;, Jan 27, 2027, 9:00 AM GMT</p><p>Online</p><p>Northwind</p>');
    expect(note).toContain("Event details are this event's");
  });
});
