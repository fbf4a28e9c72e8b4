import { describe, expect, it } from 'vitest';
import { errorMessageFromBody } from './api.ts';

describe('server error parsing (spec 000 §8)', () => {
  it.each([
    ['the message', { message: 'Boom', errors: { name: ['Bad name'] } }, 'Boom'],
    [
      'the first field’s first message',
      { errors: { name: ['Bad name', 'Other'], email: ['Bad email'] } },
      'Bad name',
    ],
    ['a Django-style field map', { name: ['Bad name'] }, 'Bad name'],
    ['detail', { detail: 'Not allowed' }, 'Not allowed'],
    ['the fallback for an empty body', {}, 'Unknown Error Occurred !'],
    ['the fallback for text', 'oops', 'Unknown Error Occurred !'],
    ['the fallback for null', null, 'Unknown Error Occurred !'],
  ])('reads %s', (_name, body, expected) => {
    expect(errorMessageFromBody(body)).toBe(expected);
  });
});
