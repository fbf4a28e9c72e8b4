import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '@studio/domain';
import { installErrorHandler } from './error-handler.ts';
import { fieldError } from './errors.ts';

/**
 * THE input guard and error answers of both origins (the studio and the attendee site): NUL
 * characters and lone surrogates (`"\ud800"` in JSON, no character at all) refused in one place
 * before any route reads its input (PostgreSQL stores neither), and every failure answered
 * `{message, code, errors?}` with its status, never a stack.
 */
export function installInputGuard(app: FastifyInstance): void {
  installErrorHandler(app);
  app.addHook('preValidation', (request, _reply, done) => {
    const found = badTextField(request);
    done(found === undefined ? undefined : fieldError(found.field, found.message));
  });
}

/**
 * The first field (dotted path) whose name or value holds U+0000 or a lone surrogate, in the body,
 * query or path, with its message.
 */
function badTextField(request: FastifyRequest): { field: string; message: string } | undefined {
  for (const input of [request.params, request.query, request.body]) {
    const found = findBadText(input);
    if (found !== undefined) return { field: found.at || 'non_field_errors', message: found.message };
  }
  return undefined;
}

/** A lone surrogate: read by code point, a pair is one character and only a lone half is 'Cs'. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with `text`, if anything. */
const textProblem = (text: string): string | undefined =>
  text.includes('\0')
    ? serverMessages.nulCharacter
    : LONE_SURROGATE.test(text)
      ? serverMessages.invalidCharacter
      : undefined;

/**
 * Walked with a list of its own rather than by recursion: a body may nest as deep as its size
 * allows (`[[[…]]]`), deeper than the call stack.
 */
function findBadText(input: unknown): { at: string; message: string } | undefined {
  const pending: { value: unknown; at: string; badName?: string | undefined }[] = [{ value: input, at: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at, badName } = next;
    if (badName) return { at, message: badName };
    if (typeof value === 'string') {
      const message = textProblem(value);
      if (message) return { at, message };
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    // Pushed last field first: the first field in the input is the one reported.
    for (const [key, item] of Object.entries(value).reverse()) {
      const path = at ? `${at}.${key}` : key;
      pending.push({ value: item, at: path, badName: textProblem(key) });
    }
  }
  return undefined;
}
