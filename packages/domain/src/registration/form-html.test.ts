import { describe, expect, it } from 'vitest';
import { attendeePageMessages } from './attendee-pages.ts';
import { everyFieldForm as form } from '../testing/index.ts';
import {
  autocompleteOf,
  BASE_FORM_FIELDS,
  registrationFieldsHtml,
  registrationFormHtml,
} from './form-html.ts';

const html = registrationFormHtml({
  action: '/api/event/e-1/register/',
  form,
  query: { utm_source: 'news"letter', utm_medium: ['a', 'b'], company: 'not prefilled' },
});

/** The HTML of one field, by its key. */
const fieldOf = (key: string) =>
  new RegExp(`<(div|fieldset) class="field" data-field="${key}".*?</\\1>`).exec(html)?.[0] ?? '';

describe('the registration form rendered on the server (issue 17 §1)', () => {
  it('is a form posting to the register call, the base fields first, then a submit button', () => {
    expect(html).toMatch(
      /^<form data-registration-form method="post" action="\/api\/event\/e-1\/register\/" novalidate aria-label="Registration form"><div class="alert error" role="alert"><\/div>/,
    );
    expect(html.indexOf('name="first_name"')).toBeLessThan(html.indexOf('name="last_name"'));
    expect(html.indexOf('name="last_name"')).toBeLessThan(html.indexOf('name="email"'));
    expect(html.indexOf('name="email"')).toBeLessThan(html.indexOf('name="company"'));
    expect(fieldOf('first_name')).toBe(
      '<div class="field" data-field="first_name"><label for="rf-first_name">First name<span class="required" aria-hidden="true"> *</span></label>' +
        '<input type="text" id="rf-first_name" name="first_name" autocomplete="given-name" required>' +
        '<p class="field-error" id="rf-first_name-error" hidden></p></div>',
    );
    expect(fieldOf('email')).toContain(
      '<input type="email" id="rf-email" name="email" autocomplete="email" required>',
    );
    expect(html).toContain(`<button class="button" type="submit">${attendeePageMessages.register}</button>`);
  });

  it('gives the fields naming a personal detail their autofill hint, from one mapping', () => {
    expect(BASE_FORM_FIELDS.map((field) => [field.key, field.autocomplete])).toEqual([
      ['first_name', 'given-name'],
      ['last_name', 'family-name'],
      ['email', 'email'],
    ]);
    const fields = registrationFieldsHtml({
      components: [
        { type: 'textfield', key: 'company', label: 'Company' },
        { type: 'textfield', key: 'title', label: 'Job title' },
        { type: 'phoneNumber', key: 'phone_number', label: 'Phone number', profile_field: 'phone_number' },
        { type: 'textfield', key: 'job', label: 'Job' },
      ],
    });
    expect(fields).toContain(
      '<input type="text" id="rf-company" name="company" autocomplete="organization">',
    );
    expect(fields).toContain(
      '<input type="text" id="rf-title" name="title" autocomplete="organization-title">',
    );
    expect(fields).toContain(
      '<input type="tel" id="rf-phone_number" name="phone_number" autocomplete="tel">',
    );
    expect(fields).toContain('<input type="text" id="rf-job" name="job">');
    expect(autocompleteOf('toString')).toBeUndefined();
  });

  it('renders each text-like type as its input, labelled, described, marked required, escaped', () => {
    expect(fieldOf('company')).toBe(
      '<div class="field" data-field="company"><label for="rf-company">Company &lt;b&gt;<span class="required" aria-hidden="true"> *</span></label>' +
        '<p class="muted field-description" id="rf-company-description">Where you work</p>' +
        '<input type="text" id="rf-company" name="company" required autocomplete="organization" placeholder="Acme &quot;Inc&quot;" aria-describedby="rf-company-description">' +
        '<p class="field-error" id="rf-company-error" hidden></p></div>',
    );
    expect(fieldOf('work_email')).toContain('<input type="email" id="rf-work_email" name="work_email">');
    expect(fieldOf('work_email')).not.toContain('required');
    expect(fieldOf('age')).toContain('<input type="number" id="rf-age" name="age">');
    expect(fieldOf('phone')).toContain('<input type="tel" id="rf-phone" name="phone" required>');
    expect(fieldOf('arrival')).toContain('<input type="date" id="rf-arrival" name="arrival">');
    expect(fieldOf('bio')).toContain('<textarea id="rf-bio" name="bio" rows="3"></textarea>');
  });

  it('renders choices: a select with its options, boxes for a multi-select, a radio group, every country', () => {
    expect(fieldOf('size')).toContain(
      '<select id="rf-size" name="size"><option value="">Pick one</option><option value="builders">Builders &amp; makers</option><option value="leaders">Leaders</option></select>',
    );
    expect(fieldOf('topics')).toMatch(
      /^<fieldset class="field" data-field="topics"><legend>Topics<\/legend>/,
    );
    expect(fieldOf('topics')).toContain(
      '<label class="choice"><input type="checkbox" id="rf-topics" name="topics" value="builders"> Builders &amp; makers</label>' +
        '<label class="choice"><input type="checkbox" name="topics" value="leaders"> Leaders</label>',
    );
    expect(fieldOf('track')).toContain(
      '<legend>Track<span class="required" aria-hidden="true"> *</span></legend>' +
        '<label class="choice"><input type="radio" id="rf-track" name="track" value="builders" required> Builders &amp; makers</label>' +
        '<label class="choice"><input type="radio" name="track" value="leaders" required> Leaders</label>',
    );
    expect(fieldOf('country')).toContain('<option value="FR">France</option>');
    expect(fieldOf('country').match(/<option value="[A-Z]{2}">/g)).toHaveLength(249);
  });

  it('renders a checkbox and a consent as a labelled box, the consent required and described by its policy link', () => {
    expect(fieldOf('news')).toContain(
      '<label class="choice"><input type="checkbox" id="rf-news" name="news" value="true"> Send me news</label>',
    );
    expect(fieldOf('terms')).toContain(
      '<label class="choice"><input type="checkbox" id="rf-terms" name="terms" required value="true" aria-describedby="rf-terms-description"> ' +
        'I agree to the terms<span class="required" aria-hidden="true"> *</span></label>' +
        '<p class="muted field-description" id="rf-terms-description">' +
        '<a href="https://example.com/terms?lang=en&amp;v=2" target="_blank" rel="noopener noreferrer">Read them first.</a></p>',
    );
  });

  it("fills hidden fields from the page's address (one value each), and nothing else", () => {
    expect(html).toContain(
      '<input type="hidden" id="rf-utm_source" name="utm_source" value="news&quot;letter">',
    );
    expect(html).toContain('<input type="hidden" id="rf-utm_medium" name="utm_medium">');
    expect(html).not.toContain('not prefilled');
    expect(html).not.toContain('data-field="utm_source"');
  });

  it("holds the form's JSON for the script, escaped so no text can close it", () => {
    const escaped = registrationFormHtml({
      action: '/api/event/e-1/register/',
      form: { components: [{ type: 'textfield', key: 'job', label: '</script><script>alert(1)</script>' }] },
      query: {},
    });
    expect(escaped).not.toContain('</script><script>alert(1)');
    const json = /<script type="application\/json">(.*?)<\/script><\/form>$/.exec(escaped)?.[1];
    expect(JSON.parse(json!)).toEqual({
      components: [{ type: 'textfield', key: 'job', label: '</script><script>alert(1)</script>' }],
    });
  });

  it("asks a series' events first, each ticked", () => {
    const series = registrationFormHtml({
      action: '/api/event/series/s-1/register/',
      form: { components: [] },
      query: {},
      events: [
        {
          id: 'e-1',
          title: 'Day <one>',
          start_time: new Date('2031-05-01T13:00:00Z'),
          end_time: new Date('2031-05-01T21:00:00Z'),
          timezone: 'America/New_York',
        },
      ],
    });
    expect(series).toContain(`<legend>${attendeePageMessages.chooseEvents}</legend>`);
    expect(series).toMatch(
      /<label class="choice"><input type="checkbox" name="series-events" value="e-1" checked> Day &lt;one&gt; <span class="muted">May 1, 2031, 9:00/,
    );
    expect(series.indexOf('name="series-events"')).toBeLessThan(series.indexOf('name="first_name"'));
  });
});
