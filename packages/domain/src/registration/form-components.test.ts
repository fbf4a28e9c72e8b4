import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryName, countryOptions } from './countries.ts';
import {
  answersSchemaFor,
  choiceOptions,
  fieldHelpOf,
  followLabelKey,
  type FormComponent,
  type FormioData,
  formioDataSchema,
} from './form-components.ts';
import { PROFILE_FIELDS } from './profile-fields.ts';

const base = { first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@example.com' };
const options = choiceOptions(['red', 'Red'], ['blue', 'Blue']);
const formOf = (...components: FormComponent[]): FormioData => formioDataSchema.parse({ components });
const answer = (component: FormComponent, value: unknown) =>
  answersSchemaFor(formOf(component)).safeParse({ ...base, [component.key]: value });

describe('choiceOptions', () => {
  it("writes each value with its label, in the order given, as a choice field's data", () => {
    expect(choiceOptions(['2', 'Two'], ['1', 'One'])).toEqual({
      values: [
        { label: 'Two', value: '2' },
        { label: 'One', value: '1' },
      ],
    });
  });
});

describe('answersSchemaFor', () => {
  it('asks the base fields of every form and normalises the email', () => {
    const schema = answersSchemaFor({ components: [] });
    expect(schema.parse(base)).toEqual({ ...base, email: 'ada@example.com' });
    expect(schema.safeParse({ ...base, first_name: ' ' }).success).toBe(false);
    expect(schema.safeParse({ ...base, email: 'not-an-email' }).success).toBe(false);
  });

  it('drops keys the form does not ask', () => {
    expect(answersSchemaFor({ components: [] }).parse({ ...base, is_admin: true })).not.toHaveProperty(
      'is_admin',
    );
  });

  it.each<[FormComponent, unknown, unknown]>([
    [{ type: 'textfield', key: 'city', label: 'City' }, ' Paris ', 'a'.repeat(1_001)],
    [{ type: 'textarea', key: 'bio', label: 'Bio' }, 'Long text', 'a'.repeat(5_001)],
    [{ type: 'email', key: 'work_email', label: 'Work email' }, 'ada@work.example', 'ada@'],
    [{ type: 'phoneNumber', key: 'phone', label: 'Phone' }, '+44 20 7946 0958', 'call me'],
    [{ type: 'number', key: 'age', label: 'Age', validate: { min: 13, max: 120 } }, '42', 12],
    [{ type: 'select', key: 'colour', label: 'Colour', data: options }, 'red', 'green'],
    [
      { type: 'select', key: 'colours', label: 'Colours', multiple: true, data: options },
      ['red', 'blue'],
      ['red', 'green'],
    ],
    [{ type: 'radio', key: 'pick', label: 'Pick', data: options }, 'blue', 'Blue'],
    [{ type: 'checkbox', key: 'news', label: 'News' }, true, 'yes'],
    [{ type: 'consent', key: 'terms', label: 'Terms' }, false, 'yes'],
    [{ type: 'datetime', key: 'arrival', label: 'Arrival' }, '2025-06-01', '01/06/2025'],
    [{ type: 'country', key: 'country', label: 'Country' }, 'FR', 'XX'],
    [{ type: 'hidden', key: 'utm_source', label: 'utm_source' }, 'newsletter', 'a'.repeat(1_001)],
  ])('accepts a valid answer and refuses an invalid one: %o', (component, good, bad) => {
    expect(answer(component, good).success).toBe(true);
    expect(answer(component, bad).success).toBe(false);
    expect(answer(component, undefined).success).toBe(true);
  });

  it('coerces a number and trims text', () => {
    const form = formOf(
      { type: 'number', key: 'seats', label: 'Seats' },
      { type: 'textfield', key: 'city', label: 'City' },
    );
    expect(answersSchemaFor(form).parse({ ...base, seats: '3', city: ' Oslo ' })).toMatchObject({
      seats: 3,
      city: 'Oslo',
    });
  });

  it('accepts only the codes of the countries list, not lowercase or unassigned ones', () => {
    const country: FormComponent = { type: 'country', key: 'country', label: 'Country' };
    expect(answer(country, 'GB').success).toBe(true);
    expect(answer(country, 'gb').success).toBe(false);
    expect(answer(country, 'UK').success).toBe(false);
  });

  it('requires an answer of a required field, counting blanks as missing', () => {
    const required = { required: true };
    for (const component of [
      { type: 'textfield', key: 'city', label: 'City', validate: required },
      { type: 'select', key: 'many', label: 'Many', multiple: true, data: options, validate: required },
      { type: 'country', key: 'country', label: 'Country', validate: required },
    ] satisfies FormComponent[]) {
      expect(answer(component, undefined).success).toBe(false);
      expect(answer(component, '').success).toBe(false);
      expect(answer(component, []).success).toBe(false);
    }
  });

  it('requires a required checkbox or consent to be ticked', () => {
    const consent: FormComponent = {
      type: 'consent',
      key: 'terms',
      label: 'Terms',
      validate: { required: true },
    };
    expect(answer(consent, true).success).toBe(true);
    expect(answer(consent, false).success).toBe(false);
    expect(answer(consent, undefined).success).toBe(false);
  });

  it('never requires a hidden field (the page fills it from its URL)', () => {
    const hidden: FormComponent = {
      type: 'hidden',
      key: 'utm_term',
      label: 'utm_term',
      validate: { required: true },
    };
    expect(answer(hidden, undefined).success).toBe(true);
  });

  it('applies text length limits of the field', () => {
    const code: FormComponent = {
      type: 'textfield',
      key: 'code',
      label: 'Code',
      validate: { minLength: 3, maxLength: 5 },
    };
    expect(answer(code, 'abcd').success).toBe(true);
    expect(answer(code, 'ab').success).toBe(false);
    expect(answer(code, 'abcdef').success).toBe(false);
  });
});

describe('formioDataSchema', () => {
  it('refuses the reserved base keys and malformed keys', () => {
    for (const key of ['first_name', 'last_name', 'email', 'City', '1st', 'with space'])
      expect(
        formioDataSchema.safeParse({ components: [{ type: 'textfield', key, label: 'X' }] }).success,
      ).toBe(false);
  });

  it('refuses duplicate keys', () => {
    const field = { type: 'textfield', key: 'city', label: 'City' };
    expect(formioDataSchema.safeParse({ components: [field, field] }).success).toBe(false);
  });

  it('refuses choice fields without options and duplicate option values', () => {
    expect(
      formioDataSchema.safeParse({ components: [{ type: 'radio', key: 'pick', label: 'Pick' }] }).success,
    ).toBe(false);
    const twice = {
      values: [
        { label: 'A', value: 'a' },
        { label: 'A again', value: 'a' },
      ],
    };
    expect(
      formioDataSchema.safeParse({
        components: [{ type: 'select', key: 'pick', label: 'Pick', data: twice }],
      }).success,
    ).toBe(false);
  });

  it('refuses unknown field types', () => {
    expect(
      formioDataSchema.safeParse({ components: [{ type: 'file', key: 'cv', label: 'CV' }] }).success,
    ).toBe(false);
  });

  it("takes a field's link only as a web address", () => {
    const consent = (link: string) =>
      formioDataSchema.safeParse({
        components: [{ type: 'consent', key: 'privacy', label: 'I agree', link }],
      });
    expect(consent('https://example.com/privacy').success).toBe(true);
    for (const link of ['javascript:alert(1)', 'ftp://example.com/policy', 'privacy.html']) {
      const parsed = consent(link);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({
        path: ['components', 0, 'link'],
        message: 'Enter a web address starting with https:// or http://.',
      });
    }
  });
});

describe('fieldHelpOf', () => {
  it('shows the help text, opening the link when there is one, else the address itself', () => {
    expect(fieldHelpOf({})).toBeUndefined();
    expect(fieldHelpOf({ description: '  ' })).toBeUndefined();
    expect(fieldHelpOf({ description: 'Where you work' })).toEqual({ text: 'Where you work' });
    expect(fieldHelpOf({ description: 'Read our policy', link: 'https://example.com/p' })).toEqual({
      text: 'Read our policy',
      link: 'https://example.com/p',
    });
    expect(fieldHelpOf({ link: 'https://example.com/p' })).toEqual({
      text: 'https://example.com/p',
      link: 'https://example.com/p',
    });
  });

  it('never shows a link other than http(s), even one stored without the schema', () => {
    expect(fieldHelpOf({ description: 'Read it', link: 'javascript:alert(1)' })).toEqual({ text: 'Read it' });
    expect(fieldHelpOf({ link: 'javascript:alert(1)' })).toBeUndefined();
  });
});

describe('PROFILE_FIELDS', () => {
  it('offers the custom profile fields of 002 §3.17, each a valid component keyed by its name', () => {
    const names = PROFILE_FIELDS.map((field) => field.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'age',
        'city',
        'industry',
        'phone_number',
        'state',
        'street_address',
        'address_line_2',
        'zip_code',
        'linkedin_url',
        'twitter_url',
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'utm_term',
        'utm_content',
        'pronouns',
        'code_of_conduct',
        'privacy_policy',
        'terms_and_conditions',
        'health_and_safety_policy',
        'data_share_consent',
        'visa_required',
        'dietary_restrictions',
        'accessibility',
        'registrant_type',
      ]),
    );
    expect(names).toHaveLength(25);
    const form = formioDataSchema.parse({ components: PROFILE_FIELDS.map((field) => field.component) });
    for (const component of form.components) expect(component.profile_field).toBe(component.key);
  });

  it('makes the utm_* fields hidden and data_share_consent a consent', () => {
    for (const field of PROFILE_FIELDS.filter((f) => f.name.startsWith('utm_')))
      expect(field.component.type).toBe('hidden');
    expect(PROFILE_FIELDS.find((f) => f.name === 'data_share_consent')?.component.type).toBe('consent');
  });
});

describe('countries', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes once each', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['FR', 'GB', 'US', 'JP', 'BR', 'ZA']));
  });

  it('names countries in a locale and sorts the options by name', () => {
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    const labels = countryOptions().map((option) => option.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('followLabelKey (the builder: a new field’s key follows its label, as form.io)', () => {
  const select: FormComponent = { type: 'select', key: 'select', label: 'Select' };
  const relabelled = { ...select, label: 'Job role' };

  it('names a new field’s answer after its label, unique in the form and never a base key', () => {
    expect(followLabelKey(select, relabelled, true, []).key).toBe('job_role');
    expect(followLabelKey(select, relabelled, true, ['job_role']).key).toBe('job_role_2');
    expect(followLabelKey(select, { ...select, label: 'E-mail' }, true, []).key).toBe('e_mail');
    expect(followLabelKey(select, { ...select, label: 'Email' }, true, []).key).toBe('email_2');
    expect(followLabelKey(select, { ...select, label: '' }, true, []).key).toBe('field');
  });

  it('keeps a saved field’s key, a typed key and a profile field’s key', () => {
    expect(followLabelKey(select, relabelled, false, []).key).toBe('select');
    expect(followLabelKey(select, { ...select, key: 'role' }, true, []).key).toBe('role');
    const city: FormComponent = { type: 'textfield', key: 'city', label: 'City', profile_field: 'city' };
    expect(followLabelKey(city, { ...city, label: 'Home town' }, true, []).key).toBe('city');
  });
});
