import { describe, expect, it } from 'vitest';
import { isValidPassword, passwordProblems } from './password.ts';

describe('password rule (spec 001 §5)', () => {
  it.each([
    ['7 characters', 'Ab1@xyz', ['length']],
    ['8 characters', 'Ab1@xyzw', []],
    ['32 characters', 'Ab1@' + 'x'.repeat(28), []],
    ['33 characters', 'Ab1@' + 'x'.repeat(29), ['length']],
    ['no uppercase', 'ab1@xyzw', ['uppercase']],
    ['no lowercase', 'AB1@XYZW', ['lowercase']],
    ['no digit', 'Abc@xyzw', ['digit']],
    ['no symbol of @#$%^&+=', 'Ab1!xyzw', ['symbol']],
    ['whitespace', 'Ab1@ xyzw', ['whitespace']],
    ['a tab', 'Ab1@\txyzw', ['whitespace']],
    ['a NUL character', 'Ab1@\u0000xyzw', ['control']],
    ['empty', '', ['length', 'uppercase', 'lowercase', 'digit', 'symbol']],
  ])('%s', (_name, password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
    expect(isValidPassword(password)).toBe(problems.length === 0);
  });

  it.each([...'@#$%^&+='])('accepts the symbol %s', (symbol) => {
    expect(isValidPassword(`Abcdef1${symbol}`)).toBe(true);
  });
});
