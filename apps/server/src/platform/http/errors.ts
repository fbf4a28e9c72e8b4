import type { ApiError } from '@studio/domain';
import { serverMessages } from '@studio/domain';

/** An error that maps to an HTTP answer `{message, code, errors}` with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }

  toBody(): ApiError {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

/** Another organisation's object and a missing one answer alike. */
export const notFound = () => new HttpError(404, 'NOT_FOUND', serverMessages.notFound);
export const notAuthenticated = () =>
  new HttpError(401, 'NOT_AUTHENTICATED', serverMessages.notAuthenticated);
export const forbidden = () => new HttpError(403, 'FORBIDDEN', serverMessages.forbidden);

export function fieldError(field: string, message: string, code = 'VALIDATION_ERROR'): HttpError {
  return new HttpError(400, code, message, { [field]: [message] });
}
