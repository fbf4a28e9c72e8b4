import { z } from 'zod';
import { messages } from './messages.ts';

/** The error body of every failed API call (ARCHITECTURE §4). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Django-REST-style page of a list. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    /** Present (true) when the list is too long to count cheaply: `count` is an estimate. */
    count_is_estimate: z.literal(true).optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  count_is_estimate?: true;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/**
 * Spec 000 §8 / 001 §8: the message a client shows for a failed call — the body's `message`,
 * else the first field's first message, else the fallback.
 */
export function errorMessageFromBody(body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.detail === 'string' && record.detail) return record.detail;
    const fields = record.errors && typeof record.errors === 'object' ? record.errors : record;
    for (const value of Object.values(fields as Record<string, unknown>)) {
      if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
    }
  }
  return messages.unknownError;
}
