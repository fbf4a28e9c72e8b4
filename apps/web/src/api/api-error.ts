import { errorMessageFromBody, messages } from '@studio/domain';

/** A failed API call: its HTTP status, the server's machine `code` (apiErrorCode) and its message. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** Spec 001 §8: the message comes from the JSON body; a body that is not JSON says only the status class. */
export async function apiErrorFrom(response: Response): Promise<ApiRequestError> {
  const body: unknown = await response.json().catch(() => null);
  const isJsonObject = typeof body === 'object' && body !== null;
  const fallback = response.status >= 500 ? messages.internalServerError : messages.unknownError;
  const message = isJsonObject ? errorMessageFromBody(body) : fallback;
  const code = isJsonObject && 'code' in body && typeof body.code === 'string' ? body.code : null;
  return new ApiRequestError(message, response.status, code, body);
}

/** What to tell the user about a failed call: the server's message, else the generic one. */
export function failureMessage(error: unknown): string {
  return error instanceof ApiRequestError ? error.message : messages.somethingWentWrong;
}

/** Whether a call failed as not found: the object does not exist, or is another organisation's (404 alike). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.status === 404;
