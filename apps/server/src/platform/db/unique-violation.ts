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
