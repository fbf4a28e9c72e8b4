/** Whether a database error is PostgreSQL's unique violation (23505): the row's key is taken. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** What the write answers, or `collided` when it broke a unique key (any other error passes through). */
export async function orOnUniqueViolation<T, A extends string>(
  write: Promise<T>,
  collided: A,
): Promise<T | A> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) return collided;
    throw error;
  }
}

/**
 * Whether a database error is PostgreSQL's foreign-key violation (23503) of a delete: rows written
 * meanwhile still point at the row (a use that arrived after the check that it had none).
 */
export const isStillReferenced = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: unknown }).code === '23503' &&
  /^update or delete on table/.test(String((error as { message?: unknown }).message));
