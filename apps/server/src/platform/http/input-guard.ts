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
    const found = findNul(input, '');
    if (found !== undefined) return found || 'non_field_errors';
  }
  return undefined;
}

function findNul(value: unknown, at: string): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? at : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path = at ? `${at}.${key}` : key;
    if (key.includes('\0')) return path;
    const found = findNul(item, path);
    if (found !== undefined) return found;
  }
  return undefined;
}
