import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serverMessages } from '@studio/domain';
import { installErrorHandler } from './error-handler.ts';
import { fieldError } from './errors.ts';

/**
 * THE input guard and error answers of both origins (the studio and the attendee site): NUL
 * characters refused in one place before any route reads its input (PostgreSQL stores none), and
 * every failure answered `{message, code, errors?}` with its status, never a stack.
 */
export function installInputGuard(app: FastifyInstance): void {
  installErrorHandler(app);
  app.addHook('preValidation', (request, _reply, done) => {
    const field = nulField(request);
    done(field === undefined ? undefined : fieldError(field, serverMessages.nulCharacter));
  });
}

/** The first field (dotted path) whose name or value holds U+0000, in the body, query or path. */
function nulField(request: FastifyRequest): string | undefined {
  for (const input of [request.params, request.query, request.body]) {
    const found = findNul(input);
    if (found !== undefined) return found || 'non_field_errors';
  }
  return undefined;
}

/**
 * Walked with a list of its own rather than by recursion: a body may nest as deep as its size
 * allows (`[[[…]]]`), deeper than the call stack.
 */
function findNul(input: unknown): string | undefined {
  const pending: { value: unknown; at: string; nulName?: boolean }[] = [{ value: input, at: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at, nulName } = next;
    if (nulName) return at;
    if (typeof value === 'string') {
      if (value.includes('\0')) return at;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    // Pushed last field first: the first field in the input is the one reported.
    for (const [key, item] of Object.entries(value).reverse()) {
      const path = at ? `${at}.${key}` : key;
      pending.push({ value: item, at: path, nulName: key.includes('\0') });
    }
  }
  return undefined;
}
