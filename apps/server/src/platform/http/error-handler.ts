import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, serverMessages } from '@studio/domain';
import { HttpError } from './errors.ts';
import { TooManyRequestsError } from './rate-limit.ts';

/** Every failure leaves as `{message, code, errors?}` with the right status; never a stack. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) return reply.status(error.status).send(error.toBody());

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'non_field_errors';
        (errors[field] ??= []).push(issue.message ?? serverMessages.validation);
      }
      const first = Object.values(errors)[0]?.[0] ?? serverMessages.validation;
      return reply.status(400).send({ message: first, code: 'VALIDATION_ERROR', errors });
    }

    // A row written for something deleted meanwhile (an event, a track, a booth removed while a
    // room, block or resource was added to it): a conflict with that deletion, said as one — never
    // a 404, which is the guard's to answer when it loads the object (a database error is not one).
    if (isMissingParent(error))
      return reply.status(409).send({ message: serverMessages.deletedMeanwhile, code: 'CONFLICT' });

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'TOO_MANY_REQUESTS' : (error.code ?? 'BAD_REQUEST');
      const message = status === 429 ? serverMessages.tooManyRequests : error.message;
      return reply.status(status).send({ message, code });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: messages.internalServerError, code: 'INTERNAL_ERROR' });
  });
}

/** PostgreSQL's foreign-key violation (23503) of an insert or update: the row it points at is gone. */
const isMissingParent = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23503' &&
  /^insert or update on table/.test(String((error as { message?: unknown }).message));
