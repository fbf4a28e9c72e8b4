import { describe, expect, it } from 'vitest';
import { answerLabel, checkRegistrationAnswers, formAnswerMessages, optionValueOf } from './form-answers.ts';
import { choiceOptions, type FormComponent, type FormioData } from './form-components.ts';

const form: FormioData = {
  components: [
    { type: 'textfield', key: 'city', label: 'City', validate: { required: true } },
    { type: 'textfield', key: 'code', label: 'Code', validate: { minLength: 3 } },
    { type: 'number', key: 'age', label: 'Age', validate: { max: 120 } },
    { type: 'datetime', key: 'arrival', label: 'Arrival' },
    { type: 'select', key: 'size', label: 'Size', data: { values: [{ label: 'S', value: 's' }] } },
  ],
};

describe('checkRegistrationAnswers', () => {
  it("gives each refused field's first message, in the form's order", () => {
    const checked = checkRegistrationAnswers(form, {
      first_name: '  ',
      email: 'ada@',
      city: ' ',
      code: 'ab',
      age: '121',
      arrival: '2031-02-30',
      size: 'xl',
    });
    expect(checked).toEqual({
      ok: false,
      errors: {
        first_name: formAnswerMessages.required,
        last_name: formAnswerMessages.required,
        email: formAnswerMessages.email,
        city: formAnswerMessages.required,
        code: formAnswerMessages.tooShort(3),
        age: formAnswerMessages.atMost(120),
        arrival: formAnswerMessages.date,
        size: formAnswerMessages.option,
      },
    });
    expect(Object.keys(checked.ok ? {} : checked.errors)[0]).toBe('first_name');
  });

  it('asks for a blank email as for any required field, and for a valid one when it is written', () => {
    const errorsOf = (email: string) => {
      const checked = checkRegistrationAnswers(form, { first_name: 'Ada', last_name: 'L', email, city: 'X' });
      return checked.ok ? {} : checked.errors;
    };
    expect(errorsOf(' ')).toEqual({ email: formAnswerMessages.required });
    expect(errorsOf('ada@')).toEqual({ email: formAnswerMessages.email });
  });

  it('normalises the answers and drops blanks and keys the form does not ask', () => {
    expect(
      checkRegistrationAnswers(form, {
        first_name: ' Ada ',
        last_name: 'Lovelace',
        email: ' ADA@Example.com',
        city: ' Paris ',
        code: '  ',
        age: '42',
        arrival: '2031-02-28',
        size: '',
        is_admin: true,
      }),
    ).toEqual({
      ok: true,
      answers: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        city: 'Paris',
        age: 42,
        arrival: '2031-02-28',
      },
    });
  });
});

describe('a choice as people read it (the registrants export and its import)', () => {
  const ticket: FormComponent = {
    type: 'select',
    key: 'ticket',
    label: 'Ticket type',
    multiple: true,
    data: choiceOptions(['standard', 'Standard'], ['vip', 'VIP']),
  };

  it("writes a stored value as its option's label, an unknown value as it is", () => {
    expect(answerLabel(ticket, 'vip')).toBe('VIP');
    expect(answerLabel(ticket, ['standard', 'vip'])).toEqual(['Standard', 'VIP']);
    expect(answerLabel(ticket, 'gold')).toBe('gold');
    expect(answerLabel(undefined, 'vip')).toBe('vip');
  });

  it('reads a label or a value back as the stored value, case ignored', () => {
    expect(optionValueOf(ticket, 'VIP')).toBe('vip');
    expect(optionValueOf(ticket, ' standard ')).toBe('standard');
    expect(optionValueOf(ticket, 'Gold')).toBe('Gold');
  });

  it('writes a country by its name and reads it back by its name or its code', () => {
    const country: FormComponent = { type: 'country', key: 'country', label: 'Country' };
    expect(answerLabel(country, 'PT')).toBe('Portugal');
    expect(optionValueOf(country, 'portugal')).toBe('PT');
    expect(optionValueOf(country, 'pt')).toBe('PT');
    expect(optionValueOf(country, 'Atlantis')).toBe('Atlantis');
  });
});
